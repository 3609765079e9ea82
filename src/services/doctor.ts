// `hire doctor`: what a profile's server is, found with reads only (docs/profiles.md "Checking a
// server: hire doctor"). One GET of the job list says whether the address answers, over what, and
// whether the key works; its headers say the key's expiry, the rate limit, the server's clock and
// any deprecation; then every operation hire uses is judged (doctor-operations.ts). Nothing is
// written to the platform, nothing is printed: the command renders what this returns.
import type { ApiClient, RawResponse } from '../api/client.js';
import { isLoopbackHost } from '../api/base-url.js';
import { OPERATIONS, type OperationId } from '../domain/operations.js';
import { readRateLimit } from '../api/rate-limit.js';
import { parseResponse } from '../api/response.js';
import { ApiError, HireError } from '../errors.js';
import { judgeOperations, type OperationVerdict } from './doctor-operations.js';

/** A check: `ok` true when it holds, false when it does not, null when the server does not tell. */
export interface DoctorCheck {
  name: string;
  ok: boolean | null;
  detail: string;
}

export interface DoctorOperation extends OperationVerdict {
  id: OperationId;
  method: string;
  /** As the OpenAPI document writes it: `/jobs/{id}`. */
  path: string;
  published: boolean;
  /** The commands that use it, as typed after `hire`. */
  commands: string[];
}

export interface DoctorReport {
  profile: string;
  base_url: string;
  environment: string;
  checks: DoctorCheck[];
  operations: DoctorOperation[];
}

export interface DoctorTarget {
  profile: string;
  environment: string;
  /** The address as a person sees it (profiles' `reachedAt`). */
  baseUrl: string;
}

export interface DoctorOptions {
  target: DoctorTarget;
  /** Makes the profile's client; throws what a command would (no key, an http address elsewhere). */
  connect: () => Promise<ApiClient>;
  /** The commands that use each operation (from their declarations). */
  usedBy: (id: OperationId) => string[];
  /** The local clock (ms); Date.now by default. */
  now?: () => number;
}

/** What doctor found, and the failure the command ends with when the server or the key does not work. */
export interface DoctorResult {
  report: DoctorReport;
  failure?: HireError;
}

/** A key said to expire sooner than this is a warning (the same as `auth status`). */
const EXPIRY_WARNING_DAYS = 14;
/** A clock further than this from ours is worth a look (a Date has whole seconds; answers take time). */
const CLOCK_TOLERANCE_MS = 60_000;

export async function runDoctor(options: DoctorOptions): Promise<DoctorResult> {
  const { target } = options;
  const now = options.now ?? Date.now;
  const checks: DoctorCheck[] = [];
  const report: DoctorReport = {
    profile: target.profile,
    base_url: target.baseUrl,
    environment: target.environment,
    checks,
    operations: [],
  };
  const check = (name: string, ok: boolean | null, detail: string) => void checks.push({ name, ok, detail });
  let client: ApiClient;
  try {
    client = await options.connect();
  } catch (error) {
    if (!(error instanceof HireError)) throw error;
    check(
      error.code === 'insecure_base_url' || error.code === 'invalid_base_url' ? 'address' : 'key',
      false,
      error.message,
    );
    report.operations = unjudged(options.usedBy);
    return { report, failure: error };
  }
  const address = new URL(client.baseUrl);
  const sentAt = now();
  let first: RawResponse;
  try {
    first = await client.send('GET', OPERATIONS.listJobs.path, { query: { per_page: 1 } });
  } catch (error) {
    if (!(error instanceof HireError)) throw error;
    const certificate = error.code === 'tls_certificate';
    check('address', certificate, certificate ? `${address.origin} answers` : error.message);
    if (certificate) check('https', false, error.message);
    report.operations = unjudged(options.usedBy);
    return { report, failure: error };
  }
  const arrivedAt = now();
  const refusal = refusalOf(first);
  const keyRefused = refusal !== undefined && (refusal.status === 401 || refusal.status === 403);
  check('address', refusal === undefined || keyRefused, answered(first, refusal));
  check('https', ...https(address));
  if (refusal) {
    if (keyRefused) check('key', false, `${refusal.message} (${refusal.code}, HTTP ${refusal.status})`);
    else check('key', null, 'not known: the server did not answer with the list');
    report.operations = unjudged(options.usedBy);
    return { report, failure: refusal };
  }
  check('key', true, 'accepted: GET /jobs answered with the list');
  // What the profile learned is the client's book (kept where connect.ts keeps it, by the address
  // the profile names): forgotten here, and written again from what the reads find.
  const learned = new Set(await client.offered.forget());
  check('key_level', ...(await keyLevel(client, first)));
  check('key_expiry', ...keyExpiry(first.headers['x-key-expires-at'], now()));
  check('clock', ...clockSkew(first.headers.date, sentAt, arrivedAt));
  check('version', ...version(client.baseUrl, first.headers));
  const judged = await judgeOperations(client, first, learned);
  // A platform need not serve a description: its absence is not a fault, only silence.
  check('openapi', judged.document.listed !== undefined ? true : null, judged.document.detail);
  report.operations = judged.verdicts.map(({ id, verdict }) => ({ ...describe(id, options.usedBy), ...verdict }));
  for (const operation of report.operations)
    if (operation.offered === false && operation.source === 'read' && !operation.published)
      await client.offered.learnNotOffered(operation.id);
  check('rate_limit', ...rateLimit(judged.last, now()));
  check('operations', ...tally(report.operations));
  return { report };
}

function describe(id: OperationId, usedBy: (id: OperationId) => string[]) {
  const { method, path, published } = OPERATIONS[id];
  return { id, method, path, published, commands: usedBy(id) };
}

/** The operations when the server could not be asked: nothing known of any. */
function unjudged(usedBy: (id: OperationId) => string[]): DoctorOperation[] {
  return (Object.keys(OPERATIONS) as OperationId[]).map((id) => ({
    ...describe(id, usedBy),
    offered: null,
    source: 'none' as const,
    how: 'not checked',
  }));
}

function answered(response: RawResponse, refusal: ApiError | undefined): string {
  if (response.status === 404) return "GET /jobs answered HTTP 404: is this the API's base URL (…/api/v1)?";
  const why = refusal && refusal.status !== 401 && refusal.status !== 403 ? `: ${refusal.message}` : '';
  return `GET /jobs answered HTTP ${response.status}${why}`;
}

function https(address: URL): [boolean, string] {
  if (address.protocol === 'https:') return [true, 'HTTPS, the certificate trusted'];
  // resolveBaseUrl refuses plain http anywhere else; on this machine it is the emulator's.
  return [isLoopbackHost(address.hostname), 'plain http, on this machine (the API spec requires HTTPS elsewhere)'];
}

/** The first answer as an error, when it is one (401, 403, 404, 5xx, not the API's JSON). */
function refusalOf(response: RawResponse): ApiError | undefined {
  if (response.status < 400) return undefined;
  try {
    parseResponse(response.status, response.headers, response.text);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  return undefined;
}

/**
 * The key's level, as far as the server tells with reads: a read worked, so at least read. The
 * emulator (it names its environment in X-Hire-Environment) lists its keys to an admin key only
 * and names the level of any other in its refusal; another server says nothing more without a write.
 */
async function keyLevel(client: ApiClient, first: RawResponse): Promise<[boolean | null, string]> {
  const unknown: [null, string] = [null, 'read at least (a read worked); write or admin: only a write would tell'];
  if (!first.headers['x-hire-environment']) return unknown;
  let answer: RawResponse;
  try {
    answer = await client.send('GET', '/_emulator/keys', { fromRoot: true });
  } catch {
    return unknown;
  }
  if (answer.status === 200) return [true, 'admin (the emulator lists its keys to this key)'];
  const said = /this key is (read|write)\b/.exec(answer.text)?.[1];
  return said ? [true, `${said} (the emulator said so)`] : unknown;
}

function keyExpiry(header: string | undefined, nowMs: number): [boolean | null, string] {
  if (!header) return [null, 'the server does not say (no X-Key-Expires-At)'];
  const at = Date.parse(header);
  if (Number.isNaN(at)) return [false, `X-Key-Expires-At is no date: ${header}`];
  const days = (at - nowMs) / 86_400_000;
  const when = new Date(at).toISOString().slice(0, 10);
  if (days < 0) return [false, `expired on ${when}`];
  if (days <= EXPIRY_WARNING_DAYS) return [false, `expires on ${when}, in ${Math.floor(days)} days`];
  return [true, `expires on ${when}`];
}

/**
 * The server's Date against our clock: the Date was written between the request's sending and the
 * answer's arrival, so the skew is measured from the middle, give or take half the wait and the
 * second that a Date leaves out.
 */
export function clockSkew(header: string | undefined, sentAt: number, arrivedAt: number): [boolean | null, string] {
  if (!header) return [null, 'the server sent no Date header'];
  const server = Date.parse(header);
  if (Number.isNaN(server)) return [false, `the Date header is no date: ${header}`];
  const skew = server + 500 - (sentAt + arrivedAt) / 2;
  const margin = (arrivedAt - sentAt) / 2 + 500;
  if (Math.abs(skew) <= Math.max(margin, CLOCK_TOLERANCE_MS))
    return [true, `agrees with ours (within ${Math.max(1, Math.ceil(Math.max(Math.abs(skew), margin) / 1000))} s)`];
  return [false, `the server's clock is ${span(Math.abs(skew))} ${skew > 0 ? 'ahead of' : 'behind'} ours`];
}

function span(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

/** The API version in the base URL, and what the server's headers say of it (docs/api-choices.md §1). */
function version(baseUrl: string, headers: Readonly<Record<string, string>>): [boolean, string] {
  const number = /\/api\/v(\d+)$/.exec(new URL(baseUrl).pathname)?.[1];
  const said: string[] = [];
  if (number === '0') said.push('the base URL uses /api/v0, deprecated (use /api/v1)');
  if (headers.deprecation) said.push(`the server marks this version deprecated (Deprecation: ${headers.deprecation})`);
  if (headers.sunset) said.push(`it will be removed after ${headers.sunset}`);
  if (said.length > 0) return [false, said.join('; ')];
  return [true, `v${number ?? '?'}; no Deprecation header`];
}

/** The last answer's X-RateLimit-*: present, believable (api/rate-limit.ts), and how much is left. */
function rateLimit(last: RawResponse, nowMs: number): [boolean | null, string] {
  const headers = last.headers;
  if (!headers['x-ratelimit-remaining'] && !headers['x-ratelimit-limit'])
    return [null, 'the server sent no X-RateLimit headers'];
  const date = Date.parse(headers.date ?? '');
  const reading = readRateLimit(headers, Number.isNaN(date) ? undefined : date);
  if (reading.kind !== 'believed') {
    const why = reading.kind === 'unbelievable' ? reading.why : 'none';
    return [
      false,
      `not believable: ${why} (limit ${headers['x-ratelimit-limit'] ?? '–'}, remaining ${headers['x-ratelimit-remaining'] ?? '–'}, reset ${headers['x-ratelimit-reset'] ?? '–'})`,
    ];
  }
  const { limit, remaining, reset } = reading.budget;
  const resetsIn = Math.max(0, reset * 1000 - (Number.isNaN(date) ? nowMs : date));
  return [
    remaining > 0,
    `${remaining.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} requests left; the window resets in ${span(resetsIn)}`,
  ];
}

function tally(operations: readonly DoctorOperation[]): [boolean | null, string] {
  const count = (offered: boolean | null) => operations.filter((operation) => operation.offered === offered).length;
  const [yes, no, unknown] = [count(true), count(false), count(null)];
  const unknownReads = operations.filter(
    (operation) => operation.offered === null && operation.method === 'GET',
  ).length;
  const parts = [`${yes} offered`];
  if (no > 0) parts.push(`${no} not offered`);
  if (unknown - unknownReads > 0) parts.push(`${unknown - unknownReads} unknown (only a write would tell)`);
  if (unknownReads > 0) parts.push(`${unknownReads} unknown reads (each says why below)`);
  return [no > 0 ? false : unknown > 0 ? null : true, `${parts.join(', ')} of ${operations.length}`];
}
