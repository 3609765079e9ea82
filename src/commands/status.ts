// hire status: the first screen of the morning (like `gh status`): the current profile's open jobs
// with their new and in-review candidates, the failed webhook deliveries, and the rate-limit window.
// Three requests, made together, whatever the number of jobs or webhooks: GET /jobs?status=active,
// GET /analytics (its per-job counts) and GET /deliveries?state=failed. A section that cannot be
// read says why; the others are still shown. At a terminal only, the applications per day of the
// last two weeks as a sparkline, from one request more (and one a day in a busy fortnight).
import type { ApiClient, RateLimit } from '../api/client.js';
import type { ApiRecord } from '../api/envelope.js';
import type { Context } from '../context.js';
import { targetEnvironment } from '../config/profiles.js';
import { ApiError, ExitCode, HireError } from '../errors.js';
import { inert, plainText } from '../output/cells.js';
import type { Column } from '../output/render.js';
import type { Painter } from '../output/paint.js';
import { reachedAt } from './shared/address.js';
import { suggester, type SuggestOptions } from './suggest.js';
import { defineCommand } from './define.js';
import { drawnTable, printDocument, refuseCsv } from '../output/document.js';

/** Open jobs shown: one page, the newest first (the count says how many there are in all). */
const JOBS_SHOWN = 100;
/** Failed deliveries shown: the latest few (the count says how many failed in all). */
const FAILURES_SHOWN = 5;
/** A rate-limit window said to reset later than this is not shown as a wait. */
const RESET_BELIEVED_MS = 31 * 24 * 3600 * 1000;

interface OpenJob {
  id: string;
  title: string;
  new: number | null;
  review: number | null;
  candidates: number | null;
}

export interface StatusReport {
  /** The platform environment (production or sandbox), and whether it is the local emulator's. */
  profile: { name: string; environment: string; emulator: boolean; base_url: string };
  /** Active jobs, the newest first; `new`/`review` are null when the server gives no per-job counts. */
  open_jobs: { total: number; jobs: OpenJob[] } | null;
  failed_deliveries: { total: number; latest: ApiRecord[] } | null;
  /** The window as the server's headers said it, believed only as far as sane: `limit` null when it is no count. */
  rate_limit: { limit: number | null; remaining: number; reset: number | null } | null;
  /** Why a section is null: its error, or that the server has no such list. */
  errors?: { open_jobs?: string; failed_deliveries?: string };
}

const JOB_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'title' },
  { key: 'new', value: (job) => count(job.new) },
  { key: 'review', header: 'IN REVIEW', value: (job) => count(job.review) },
  { key: 'candidates', header: 'ALL', value: (job) => count(job.candidates) },
];

const DELIVERY_COLUMNS: readonly Column[] = [
  { key: 'event_id', header: 'EVENT', keepWhole: true },
  { key: 'event_type', header: 'KIND', want: 23, wholeWords: true },
  { key: 'url', url: true },
  {
    key: 'last_answer',
    header: 'LAST ANSWER',
    // `hire events get` (the hint below the table) shows every answer in full.
    drop: 1,
    value: (record) => {
      // The server's shape is not trusted: attempts may be no list, an attempt no object.
      const last: unknown = Array.isArray(record.attempts) ? record.attempts.at(-1) : undefined;
      if (last === null || typeof last !== 'object') return undefined;
      const { response_status: status, error } = last as Record<string, unknown>;
      return status ?? error ?? undefined;
    },
  },
  // A delivery failed for good has used every attempt: the first column to hide at a narrow terminal.
  { key: 'attempts', header: 'TRIES', drop: 2, format: (value) => (Array.isArray(value) ? String(value.length) : '') },
];

/** A count, or "–" where the server gave none. */
function count(value: unknown): string {
  return typeof value === 'number' ? String(value) : '–';
}

/** A count the server gave, when it is one (a whole number, not negative); else undefined. */
function counted(value: unknown): number | undefined {
  return Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined;
}

export default defineCommand({
  path: ['status'],
  summary:
    'the current profile at a glance: open jobs with new and in-review candidates, failed deliveries, the rate limit',
  effect: 'read',
  operations: ['listJobs', 'getAnalytics', 'listDeliveries'],
  examples: ['hire status', 'hire status --profile prod', 'hire status --json | jq .failed_deliveries.total'],
  async run(ctx) {
    // A summary of three parts has no single CSV table; refused before anything is sent.
    refuseCsv(ctx.output, 'status prints a summary, or one JSON document with --json; it has no CSV form.');
    const profile = await ctx.session.profile();
    const client = await ctx.session.api();
    const {
      report: shown,
      cause,
      failed,
    } = await readStatus(client, {
      name: profile.name,
      environment: targetEnvironment(profile),
      emulator: false,
      base_url: await reachedAt(profile, ctx.env),
    });
    // Known once the server answered: the emulator's answers name their environment; a server that
    // HIRE_BASE_URL names is not called the emulator for the profile's sake (docs/profiles.md).
    shown.profile.emulator = await ctx.session.answeredByEmulator();
    // A refused key or no server: nothing can be read, and the error says what to do (exit 3, 6…).
    if (cause instanceof HireError && (!(cause instanceof ApiError) || cause.status === 401 || cause.status === 403))
      throw cause;
    // A section that failed (a 5xx) fails the command; a list the server lacks (404) does not.
    if (failed)
      ctx.fail(
        ExitCode.failure,
        'status_incomplete',
        `Part of the status could not be read: ${Object.values(shown.errors ?? {}).join('; ')}`,
      );
    await printDocument(ctx.output, shown, { people: () => printStatus(ctx, client, shown) });
  },
});

/** The three reads, made at once; each section keeps its own failure. */
export async function readStatus(
  client: ApiClient,
  profile: StatusReport['profile'],
): Promise<{ report: StatusReport; cause: unknown; failed: boolean }> {
  const [{ listPage }, { getAnalytics }, { DELIVERIES_PATH }] = await Promise.all([
    import('../api/list.js'),
    import('../api/analytics.js'),
    import('../api/webhooks.js'),
  ]);
  const [jobs, analytics, deliveries] = await Promise.allSettled([
    listPage(client, '/jobs', { status: 'active', per_page: JOBS_SHOWN, sort: '-created_at' }),
    getAnalytics(client, {}),
    listPage(client, DELIVERIES_PATH, { state: 'failed', per_page: FAILURES_SHOWN, sort: '-updated_at' }),
  ]);
  const report: StatusReport = {
    profile,
    open_jobs: null,
    failed_deliveries: null,
    rate_limit: saneRateLimit(client.rateLimit),
  };
  const errors: NonNullable<StatusReport['errors']> = {};
  let cause: unknown;
  let failed = false;
  if (jobs.status === 'fulfilled') {
    // Per-job counts come from the analytics; a server whose analytics has none gives null.
    const byJob = analytics.status === 'fulfilled' ? perJob(analytics.value) : undefined;
    const items = jobs.value.items.map((job): OpenJob => {
      // Own keys only: a job id "__proto__" or "constructor" must not read Object.prototype.
      // Text as it came: an id or a title that is an object (`{"toString":1}`) is shown as its JSON.
      const id = plainText(job.id);
      const counts: unknown = byJob && Object.hasOwn(byJob, id) ? byJob[id] : undefined;
      const of = (key: string) =>
        counts !== null && typeof counts === 'object' ? counted((counts as Record<string, unknown>)[key]) : undefined;
      return {
        id,
        title: plainText(job.title),
        new: byJob ? (of('new') ?? 0) : null,
        review: byJob ? (of('review') ?? 0) : null,
        candidates: counted(job.candidate_count) ?? null,
      };
    });
    // A total below the page's own count, or not a whole number, is not believed.
    const total = counted(jobs.value.meta?.total_count);
    report.open_jobs = { total: total !== undefined && total >= items.length ? total : items.length, jobs: items };
  } else {
    errors.open_jobs = reason(jobs.reason);
    cause = jobs.reason;
    failed = true;
  }
  if (deliveries.status === 'fulfilled') {
    const { items, meta } = deliveries.value;
    const total = counted(meta?.total_count);
    report.failed_deliveries = {
      total: total !== undefined && total >= items.length ? total : items.length,
      latest: items,
    };
  } else {
    errors.failed_deliveries = reason(deliveries.reason);
    // A server without the (assumed) delivery log is not a failure of the status: the section says so.
    if (!notListed(deliveries.reason)) {
      cause ??= deliveries.reason;
      failed = true;
    }
  }
  if (Object.keys(errors).length > 0) report.errors = errors;
  return { report, cause, failed };
}

/** What `--json` and the screen show of the headers: counts that are whole numbers ≥ 0, a reset that is a time. */
function saneRateLimit(limit: RateLimit | undefined): StatusReport['rate_limit'] {
  if (!limit) return null;
  const count = (value: number) => (Number.isSafeInteger(value) && value >= 0 ? value : null);
  return {
    limit: count(limit.limit) || null,
    remaining: count(limit.remaining) ?? 0,
    reset: limit.reset !== undefined && Number.isSafeInteger(limit.reset) ? limit.reset : null,
  };
}

/** `candidates.by_job` of the analytics, when the server gives it. */
function perJob(analytics: ApiRecord): Record<string, unknown> | undefined {
  const candidates: unknown = analytics.candidates;
  const byJob =
    candidates !== null && typeof candidates === 'object' ? (candidates as { by_job?: unknown }).by_job : undefined;
  return byJob !== null && typeof byJob === 'object' && !Array.isArray(byJob)
    ? (byJob as Record<string, unknown>)
    : undefined;
}

/** A list the server lacks: a 404, or an operation it is known not to offer (docs/api-choices.md §13). */
const notListed = (error: unknown): boolean =>
  (error instanceof ApiError && error.status === 404) ||
  (error instanceof HireError && error.code === 'operation_not_offered');

function reason(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'this server does not list them (HTTP 404)';
  if (notListed(error)) return 'this server does not offer GET /deliveries, which the API spec does not publish';
  if (error instanceof ApiError) return `${error.message} (${error.code}, HTTP ${error.status})`;
  if (error instanceof HireError) return error.message;
  throw error;
}

/**
 * The open job whose candidates most wait for a person: the most in review (assessed, waiting for a
 * decision), else the most new (waiting to be screened); ties to the newest job, listed first.
 */
export function workWaiting<J extends { id: string; title?: unknown; new: number | null; review: number | null }>(
  jobs: readonly J[],
): { job: J; status: 'review' | 'new'; why: string } | undefined {
  for (const status of ['review', 'new'] as const) {
    const most = jobs.reduce<J | undefined>(
      (best, job) => ((job[status] ?? 0) > (best?.[status] ?? 0) ? job : best),
      undefined,
    );
    if (!most) continue;
    const count = most[status] ?? 0;
    const others = jobs.filter((job) => job !== most && (job[status] ?? 0) > 0).length;
    const what =
      status === 'review' ? `${count} in review, waiting for a decision` : `${count} new, waiting to be screened`;
    const title = typeof most.title === 'string' ? ` ("${most.title}")` : '';
    return {
      job: most,
      status,
      why: `${what}${title}${others > 0 ? `, the most of ${others + 1} open jobs with any` : ''}`,
    };
  }
  return undefined;
}

/** The days the sparkline of applications covers, today the last. */
const SPARK_DAYS = 14;

/**
 * At a terminal: applications per day over the last SPARK_DAYS days as a sparkline, its scale, and
 * where it starts and ends (docs/output.md "Charts"; the source is services/applications-per-day.ts).
 */
async function applications(
  client: ApiClient,
  paint: Painter,
  say: (label: string, rest: string, painted?: string) => void,
): Promise<void> {
  const [{ applicationsPerDay }, { sparkline }] = await Promise.all([
    import('../services/applications-per-day.js'),
    import('../output/charts.js'),
  ]);
  let counts: number[];
  let days: Date[];
  try {
    ({ counts, days } = await applicationsPerDay(client, new Date(), SPARK_DAYS));
  } catch (error) {
    const why = inert(reason(error));
    say('Applications', `: unknown: ${why}`, `: ${paint.yellow('unknown')}: ${why}`);
    return;
  }
  const total = counts.reduce((sum, count) => sum + count, 0);
  const most = Math.max(...counts);
  const scale = `: ${total.toLocaleString('en-US')} in the last ${SPARK_DAYS} days, at most ${most.toLocaleString('en-US')} a day`;
  say('Applications', scale);
  const first = days[0]!.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  say('', `  ${sparkline(counts)}`, `  ${paint.cyan(sparkline(counts))}`);
  say(
    '',
    `  ${first.padEnd(SPARK_DAYS - 'today'.length)}today`,
    paint.dim(`  ${first.padEnd(SPARK_DAYS - 'today'.length)}today`),
  );
}

async function printStatus(ctx: Context, client: ApiClient, report: StatusReport): Promise<void> {
  const { printList } = await import('../output/render.js');
  const paint = await ctx.painter('stdout');
  const line = (text = '') => ctx.output.line(text);
  const suggest = await suggester(ctx);
  const run = (path: readonly string[], options?: SuggestOptions) => `\`${suggest(path, options)}\``;
  // A hint is wrapped to the terminal's width, indented and dimmed; a `command` is never split.
  const { wrapProse } = await import('../output/fit.js');
  const hint = (text: string) => {
    // Ids in the hints are the server's: escaped like every cell (docs/output.md "Text from outside").
    for (const piece of wrapProse(
      inert(text),
      ctx.output.columns ? Math.max(20, ctx.output.columns - 2) : Number.POSITIVE_INFINITY,
    ))
      line(paint.dim(`  ${piece}`));
  };
  const { displayWidth } = await import('../output/cells.js');
  const width = ctx.output.columns && ctx.output.columns > 0 ? ctx.output.columns : undefined;
  // A headline as painted when it fits the terminal; else wrapped between words, its label still bold,
  // a URL never broken (docs/output.md "Values a person copies").
  const say = (label: string, rest: string, painted = rest) => {
    const plain = `${label}${rest}`;
    if (width === undefined || displayWidth(plain) <= width) return line(`${paint.bold(label)}${painted}`);
    const [first = '', ...others] = wrapProse(plain, width);
    line(first.startsWith(label) ? `${paint.bold(label)}${first.slice(label.length)}` : first);
    for (const other of others) line(other);
  };
  const { profile } = report;
  const environment = `${inert(profile.environment)}${profile.emulator ? ' (emulator)' : ''}`;
  say('Profile', ` ${inert(profile.name)}: ${environment} at ${inert(profile.base_url)}`);
  line();

  const open = report.open_jobs;
  if (open) {
    const { total, jobs: items } = open;
    const counted = items.every((job) => job.new !== null);
    const more = total > items.length ? `, the newest ${items.length} shown` : '';
    line(`${paint.bold('Open jobs')}: ${total}${more}`);
    if (items.length > 0) await printList(ctx.output, items as unknown as Record<string, unknown>[], JOB_COLUMNS);
    else
      hint(
        `None: ${run(['jobs', 'create'], { flags: { publish: true } })} posts one, ${run(['jobs', 'list'], { flags: { status: 'paused' } })} shows paused ones.`,
      );
    if (!counted && items.length > 0)
      hint(
        `This server's analytics gives no per-job counts; ${run(['candidates', 'list'], { flags: { job: 'ID', status: 'new' } })} lists them.`,
      );
    const next = workWaiting(items);
    if (next)
      hint(
        `Next: ${run(['candidates', 'list'], { flags: { job: String(next.job.id), status: next.status } })}: ${next.why}.`,
      );
  } else {
    const error = inert(report.errors?.open_jobs ?? '');
    say('Open jobs', `: unavailable: ${error}`, `: ${paint.red('unavailable')}: ${error}`);
  }
  line();
  if (drawnTable(ctx.output)) {
    await applications(client, paint, say);
    line();
  }

  const failed = report.failed_deliveries;
  if (failed) {
    const { total, latest } = failed;
    const shown = total > latest.length ? `, the latest ${latest.length} shown` : '';
    line(
      `${paint.bold('Failed webhook deliveries')}: ${total === 0 ? paint.green('none') : paint.red(String(total))}${shown}`,
    );
    if (latest.length > 0) {
      await printList(ctx.output, latest, DELIVERY_COLUMNS);
      const event = plainText(latest[0]!.event_id);
      hint(
        `Next: ${run(['events', 'get'], { args: [event] })} shows every attempt; ${run(['events', 'resend'], { args: [event] })} sends it again.`,
      );
    }
  } else {
    const error = inert(report.errors?.failed_deliveries ?? '');
    say('Failed webhook deliveries', `: unknown: ${error}`, `: ${paint.yellow('unknown')}: ${error}`);
  }
  line();

  const limit = report.rate_limit;
  if (limit) {
    const { formatWait } = await import('../api/pacer.js');
    // The reset is in the server's time (an emulator's clock may run faster): read with its clock.
    // Headers are the server's word: a limit that is no count is not shown, a reset beyond a month is not believed.
    const untilReset = limit.reset === null ? Number.NaN : client.localMsUntil(limit.reset);
    const resetsIn = untilReset <= RESET_BELIEVED_MS ? `; the window resets in ${formatWait(untilReset)}` : '';
    const { remaining, limit: of } = limit;
    const low = of !== null ? remaining <= of / 10 : remaining === 0;
    const left = `${remaining.toLocaleString('en-US')}${of !== null ? ` of ${of.toLocaleString('en-US')}` : ''} requests left`;
    say('Rate limit', `: ${left}${resetsIn}.`, `: ${low ? paint.yellow(left) : left}${resetsIn}.`);
  } else {
    const none = 'the server sent no X-RateLimit headers';
    say('Rate limit', `: ${none}`, `: ${paint.dim(none)}`);
  }
}
