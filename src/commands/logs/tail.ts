// hire logs tail: the requests the local emulator receives, live (like `stripe logs tail`):
// method, path, status, latency, request id and the key's name (never the key). The emulator keeps
// the log in its database, so requests made by any command on the same data dir are seen; the tail
// service (src/services/tail.ts) follows it on one held connection, which spends none of the key's
// budget: an idle tail makes no requests.
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { inert, inertJson } from '../../output/cells.js';
import { forPrograms, refuseCsv } from '../../output/document.js';
import { streamLine, streamWidth, words } from '../../output/fields.js';
import { defineCommand, flag } from '../define.js';
import { localClient } from '../emulator/local.js';
import { stopOnInterrupt } from '../shared/stop.js';
import { commandText } from '../suggest.js';
import { tailRequestLog, type LoggedRequest } from '../../services/tail.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** `4xx`, `404`, `2xx,5xx` → a test of a status. */
export function parseStatuses(text: string): ((status: number) => boolean) | undefined {
  const parts = text.split(',').map((part) => part.trim().toLowerCase());
  if (parts.some((part) => !/^[1-5](?:xx|\d\d)$/.test(part))) return undefined;
  return (status) =>
    parts.some((part) =>
      part.endsWith('xx') ? Math.floor(status / 100) === Number(part[0]) : status === Number(part),
    );
}

/** `get,post` → the methods, upper case. */
function parseMethods(text: string): string[] | undefined {
  const methods = text.split(',').map((part) => part.trim().toUpperCase());
  return methods.every((method) => METHODS.includes(method)) ? methods : undefined;
}

export default defineCommand({
  path: ['logs', 'tail'],
  summary: "stream the local emulator's request log (every command's requests, as they come)",
  effect: 'read',
  local: 'runs until stopped',
  flags: {
    status: flag.parsed(parseStatuses, {
      value: 'codes',
      example: '4xx,5xx',
      help: 'only these statuses: 4xx, 404, or a comma list (2xx,5xx)',
      message: '--status takes statuses such as 4xx, 404 or 2xx,5xx (got "{value}").',
    }),
    path: flag.string({
      help: 'only paths that start with this, with or without /api/v1 (/jobs, /candidates/cand_abc)',
    }),
    method: flag.parsed(parseMethods, {
      value: 'methods',
      example: 'POST,PATCH',
      help: `only these methods, comma-separated: ${METHODS.join(', ')}`,
      message: `--method takes ${METHODS.join(', ')}, comma-separated (got "{value}").`,
    }),
  },
  examples: [
    'hire logs tail',
    'hire logs tail --status 4xx,5xx',
    'hire logs tail --path /jobs --method POST,PATCH --json',
  ],
  async run(ctx, flags) {
    ctx.streaming();
    refuseCsv(
      ctx.output,
      'logs tail prints lines, or one JSON object per line with --json or -o ndjson; it has no CSV form.',
    );
    if (ctx.settings.fields) throw new UsageError('logs tail shows every field of a request; --fields does not apply.');
    if (flags.path === '') throw new UsageError('--path is empty: give the start of a path, such as /jobs.');
    const client = await localClient(
      ctx,
      'hire logs tail works',
      'The platform publishes no request log API; its dashboard is the place for the requests it received.',
    );
    const profileName = (await ctx.session.profile()).name;
    const print = await requestPrinter(ctx);
    const stop = stopOnInterrupt(ctx.io);
    try {
      await tailRequestLog({
        client,
        signal: stop.signal,
        maxRetries: ctx.settings.maxRetries,
        outdatedHint: `Stop it and run \`${commandText(['emulator', 'start'])}\` again.`,
        filter: { status: flags.status, methods: flags.method, path: flags.path },
        onFollowing: () =>
          ctx.output.say(
            streamLine(
              words(
                `Tailing the local emulator's request log (profile ${profileName})${describe(flags)}. Ctrl-C stops.`,
              ),
              streamWidth(ctx.io, 'stderr'),
            ),
          ),
        onRequest: print,
      });
    } finally {
      stop.remove();
    }
    // docs/exit-codes.md: Ctrl-C is 130, as for `webhooks listen`; SIGTERM is a normal end.
    ctx.exitCode = stop.exitCode();
  },
});

/** One line a request on stdout, or its JSON object (without the log's position) with --json or -o ndjson. */
async function requestPrinter(ctx: Context): Promise<(entry: LoggedRequest) => void> {
  const json = forPrograms(ctx.output);
  const paint = await ctx.painter('stdout');
  const width = streamWidth(ctx.io, 'stdout');
  return (entry) => {
    if (json) {
      const { seq: _seq, ...shown } = entry;
      ctx.output.line(inertJson(shown));
      return;
    }
    const time = typeof entry.at === 'string' ? entry.at.slice(11, 19) : '';
    const status = Number(entry.status);
    const statusText = String(status || '---');
    const coloured =
      status >= 500 || status === 0
        ? paint.red(statusText)
        : status >= 400
          ? paint.yellow(statusText)
          : paint.green(statusText);
    const ms = typeof entry.ms === 'number' ? `${entry.ms.toFixed(1)} ms` : '';
    const method = inert(String(entry.method ?? '')).padEnd(6);
    // docs/output.md "Stream lines": wrapped between fields, under the method; a path or an id stays whole.
    ctx.output.line(
      streamLine(
        [
          time,
          method,
          { text: coloured, gap: ' ' },
          ms.padStart(9),
          inert(String(entry.path ?? '')),
          inert(String(entry.request_id ?? '')),
          paint.dim(inert(String(entry.key_name ?? '-'))),
        ],
        width,
        { indent: time === '' ? 2 : 10 },
      ),
    );
  };
}

function describe(flags: { status?: unknown; path?: string | undefined; method?: string[] | undefined }): string {
  const parts: string[] = [];
  if (flags.status) parts.push('the statuses asked for');
  if (flags.method) parts.push(flags.method.join(', '));
  if (flags.path !== undefined) parts.push(`paths starting ${inert(flags.path)}`);
  return parts.length > 0 ? ` (only ${parts.join('; ')})` : '';
}
