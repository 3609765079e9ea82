// hire api PATH: a raw request for what no command covers (docs/commands.md), in the manner of
// `gh api`: -f string fields, -F typed fields (numbers, booleans, null, @file), -H headers,
// --input for a raw body, --paginate to follow pages (--slurp merges them), -i for the status and
// headers. Piped, the body is printed as received; at a terminal, indented and coloured.
import { redirectMessage, type RawResponse } from '../../api/client.js';
import type { Context } from '../../context.js';
import { ExitCode, exitCodeForStatus, HireError, UsageError } from '../../errors.js';
import { define, own } from '../../domain/merge.js';
import { printBody } from '../../output/body.js';
import { inert } from '../../output/cells.js';
import { arg, defineCommand, flag, type Options } from '../define.js';
import { apiPath, checkUnderApi } from './path.js';
import { BULK_FLAGS, paceBulk } from '../shared/bulk.js';
import { readTextInput } from '../shared/input.js';
import { confirmProductionWrite } from '../shared/confirm.js';

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

const FLAGS = {
  method: flag.parsed((text) => (METHODS.includes(text.toUpperCase()) ? text.toUpperCase() : undefined), {
    short: '-X',
    help: 'GET|POST|PUT|PATCH|DELETE (default GET, or POST with fields or --input)',
    choices: METHODS,
    message: `-X must be one of ${METHODS.join(', ')} (got "{value}").`,
  }),
  rawField: flag.list({
    short: '-f',
    value: 'key=value',
    help: 'a string field (repeatable; query for GET, JSON body otherwise)',
  }),
  field: flag.list({
    short: '-F',
    value: 'key=value',
    // `@file` reads a file.
    file: 'read',
    help: 'a typed field: numbers, true, false, null, @file (repeatable)',
  }),
  header: flag.list({ short: '-H', help: "an extra header, 'Name: value' (repeatable)" }),
  input: flag.string({ value: 'file', file: 'read', help: 'the request body from a file (- for stdin)' }),
  paginate: flag.boolean({ help: 'follow every page of a list' }),
  slurp: flag.boolean({
    help: "with --paginate, print one JSON array of every page's data",
    requires: {
      flags: ['paginate'],
      message: '--slurp works only with --paginate: it merges the pages --paginate fetches into one array.',
    },
  }),
  include: flag.boolean({
    short: '-i',
    help: 'print the response status line and headers before the body',
    // One merged array has no single status or headers to show before it.
    conflicts: {
      flags: ['slurp'],
      message: '--include and --slurp cannot be used together: the merged array is not one response.',
    },
  }),
  ...BULK_FLAGS,
};
type ApiFlags = Options<typeof FLAGS, Record<never, never>>;

export default defineCommand({
  path: ['api'],
  summary: 'send a raw request to the API and print the response (as received when piped)',
  // Any method: at most, a DELETE.
  effect: 'delete',
  args: { path: arg.required('path under the base URL, such as /jobs or jobs/job_abc123') },
  flags: FLAGS,
  examples: [
    'hire api -X GET /jobs -f status=active',
    'hire api -X PATCH /jobs/job_abc123 -f title="Staff Engineer"',
    'hire api /candidates --paginate --slurp -F per_page=100',
  ],
  async run(ctx, flags) {
    const rawPath = flags.path;
    const fields = await collectFields(ctx, flags);
    if (flags.input !== undefined && fields !== undefined && flags.method !== 'GET') {
      throw new UsageError('Pass the body either as --input or as -f/-F fields, not both.');
    }
    // Like gh: fields or --input mean POST, unless --paginate (which follows a GET list).
    const method =
      flags.method ?? (!flags.paginate && (fields !== undefined || flags.input !== undefined) ? 'POST' : 'GET');
    if (flags.paginate && method !== 'GET') throw new UsageError('--paginate works with GET only.');
    const headers = parseHeaders(flags.header ?? []);
    const path = apiPath(rawPath);
    const inQuery = method === 'GET' || method === 'DELETE';
    const query = inQuery && fields ? flattenQuery(fields) : undefined;
    const rawBody =
      flags.input !== undefined
        ? await readTextInput(ctx, '--input', flags.input)
        : !inQuery && fields
          ? JSON.stringify(fields)
          : undefined;

    const api = await ctx.session.api();
    // Decided on the URL the client will send, before anything is sent or asked (path.ts).
    checkUnderApi(api.url(path, query), api.baseUrl, rawPath);
    if (method !== 'GET' && !(await confirmProductionWrite(ctx, `Send ${method} ${path}`))) return;
    let pagesLeft: number | undefined;
    const client = flags.paginate
      ? paceBulk(ctx, api, { reserve: flags.reserve, maxWait: flags.maxWait }, () => pagesLeft)
      : api;
    const show: Shown = { include: flags.include === true, slurped: flags.slurp ? [] : undefined };
    let response = await client.send(method, path, {
      ...(query ? { query } : {}),
      ...(rawBody !== undefined ? { rawBody } : {}),
      headers,
    });
    if (!(await report(ctx, response, show))) return;
    if (!flags.paginate) return;
    const last = totalPages(response);
    // An empty page ends the walk whatever total_pages said (a server claiming a billion pages).
    for (let page = 2; page <= last && !emptyPage(response); page++) {
      pagesLeft = last - page + 1;
      response = await client.send('GET', path, { query: { ...query, page }, headers });
      if (!(await report(ctx, response, show))) return;
    }
    // Printed only once every page came: an array cut short by a failure would pass for the whole list.
    if (show.slurped) await printBody(ctx.output, 'stdout', `[${show.slurped.join(',')}]`);
  },
});

interface Shown {
  /** -i: the status line and headers before each body. */
  include: boolean;
  /** --slurp: the items of the pages so far, as received, printed at the end instead of each page. */
  slurped: string[] | undefined;
}

/** Prints a response; a failure's body goes to stderr and sets the exit code. Returns true on 2xx. */
async function report(ctx: Context, response: RawResponse, show: Shown): Promise<boolean> {
  const ok = response.status >= 200 && response.status < 300;
  if (show.include) {
    const { responseHead } = await import('../../output/api-body.js');
    // Raw: the status line and headers belong to the response printed after them (-i, as curl).
    ctx.output.raw(responseHead(response.status, response.headers, await ctx.painter('stdout')));
  }
  if (ok && show.slurped) {
    const { pageItems } = await import('../../output/api-body.js');
    const items = pageItems(response.text);
    if (!items)
      throw new HireError(
        '--slurp needs JSON pages with `data`; this answer has none. Leave out --slurp to see it as received.',
        {
          exitCode: ExitCode.failure,
          code: 'invalid_response',
        },
      );
    // A loop: spreading a page of 200,000 items as arguments overflows the call stack.
    for (const item of items) show.slurped.push(item);
    return true;
  }
  await printBody(ctx.output, ok ? 'stdout' : 'stderr', response.text);
  if (!ok) {
    let code: string | undefined;
    try {
      code = (JSON.parse(response.text) as { error?: { code?: string } }).error?.code;
    } catch {
      code = undefined;
    }
    // A body without the API's error envelope (an HTML page) is unreadable: exit 1, as elsewhere.
    ctx.exitCode = exitCodeForStatus(response.status, code ?? 'invalid_response');
    ctx.output.notice(`HTTP ${response.status}${code ? ` ${inert(String(code))}` : ''}`);
    // Said even with --quiet: an unfollowed redirect is a failure the user has to act on.
    if (response.status >= 300 && response.status < 400)
      ctx.output.say(`Error: ${inert(redirectMessage(response.status, response.headers.location))}`);
  }
  return ok;
}

function emptyPage(response: RawResponse): boolean {
  try {
    const data = (JSON.parse(response.text) as { data?: unknown }).data;
    return Array.isArray(data) && data.length === 0;
  } catch {
    return false;
  }
}

function totalPages(response: RawResponse): number {
  try {
    const pages = (JSON.parse(response.text) as { meta?: { total_pages?: unknown } }).meta?.total_pages;
    return typeof pages === 'number' ? pages : 1;
  } catch {
    return 1;
  }
}

function parseHeaders(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):\s*(.*)$/.exec(line);
    if (!match) throw new UsageError(`-H takes 'Name: value' (got "${line}").`);
    headers[match[1]!.toLowerCase()] = match[2]!;
  }
  return headers;
}

async function collectFields(ctx: Context, flags: ApiFlags): Promise<Record<string, unknown> | undefined> {
  const raw = flags.rawField ?? [];
  const typed = flags.field ?? [];
  if (raw.length === 0 && typed.length === 0) return undefined;
  const body: Record<string, unknown> = {};
  for (const pair of raw) {
    const [key, value] = splitPair('-f', pair);
    setField(body, key, value);
  }
  for (const pair of typed) {
    const [key, value] = splitPair('-F', pair);
    setField(body, key, await typedValue(ctx, value));
  }
  return body;
}

function splitPair(flag: string, pair: string): [string, string] {
  const index = pair.indexOf('=');
  if (index <= 0) throw new UsageError(`${flag} takes key=value (got "${pair}").`);
  return [pair.slice(0, index), pair.slice(index + 1)];
}

/** -F: true, false, null and numbers become JSON values; @FILE reads a file (@- stdin). */
async function typedValue(ctx: Context, value: string): Promise<unknown> {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (value.startsWith('@')) return readTextInput(ctx, '-F', value.slice(1));
  const number = Number(value);
  if (value.trim() !== '' && Number.isFinite(number) && /^-?\d/.test(value)) return number;
  return value;
}

/** `location[city]=Berlin` nests; `skills[]=go` appends to a list. */
function setField(body: Record<string, unknown>, key: string, value: unknown): void {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new UsageError(`Field name "${key}" is not of the form name, name[sub] or name[].`);
  const segments = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
  let node: Record<string, unknown> | unknown[] = body;
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    const nextIsList = segments[index + 1] === '';
    if (Array.isArray(node)) {
      if (last) node.push(value);
      else {
        const child = nextIsList ? [] : {};
        node.push(child);
        node = child;
      }
      continue;
    }
    if (last) {
      if (segment === '') throw new UsageError(`Field name "${key}" is not of the form name, name[sub] or name[].`);
      define(node, segment, value);
    } else {
      const existing = own(node, segment);
      const child = existing !== null && typeof existing === 'object' ? existing : nextIsList ? [] : {};
      define(node, segment, child);
      node = child as Record<string, unknown> | unknown[];
    }
  }
}

function flattenQuery(fields: Record<string, unknown>): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(fields)) {
    query[key] = Array.isArray(value)
      ? value.map(String)
      : value !== null && typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  }
  return query;
}
