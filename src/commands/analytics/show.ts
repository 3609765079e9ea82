// hire analytics: GET /analytics; a readable summary, or the data with --json.
import type { Context } from '../../context.js';
import { parseDateBound } from '../../domain/analytics.js';
import { RecordSchema } from '../../api/envelope.js';
import { unexpectedShape } from '../../api/errors.js';
import { UsageError } from '../../errors.js';
import { inert, inertJson } from '../../output/cells.js';

export interface AnalyticsFlags {
  job?: string;
  from?: string;
  to?: string;
}

export async function run(ctx: Context, flags: AnalyticsFlags): Promise<void> {
  for (const bound of ['from', 'to'] as const) {
    const text = flags[bound];
    if (text !== undefined && !parseDateBound(text, bound)) {
      throw new UsageError(`--${bound} must be a date such as 2026-11-01, or an ISO 8601 time (got "${text}").`);
    }
  }
  const client = await ctx.api();
  const { data, meta } = await client.request('GET', '/analytics', { query: { job_id: flags.job, from: flags.from, to: flags.to } });
  const parsed = RecordSchema.safeParse(data);
  if (!parsed.success) throw unexpectedShape('GET /analytics', 'an object', meta.request_id);
  const format = ctx.outputFormat;
  if (format === 'json') {
    ctx.io.stdout.write(`${inertJson(data, 2)}\n`);
    return;
  }
  if (format === 'ndjson') {
    ctx.io.stdout.write(`${inertJson(data)}\n`);
    return;
  }
  if (format === 'csv') throw new UsageError('analytics has no CSV form; use --json.');
  ctx.io.stdout.write(await summary(ctx, parsed.data));
}

/** The summary people read; nothing in it is needed by scripts (they take --json). */
async function summary(ctx: Context, data: Record<string, unknown>): Promise<string> {
  const paint = await ctx.painter('stdout');
  // Every value and key here is the server's: shown inert (CONTRACT §7).
  const text = (value: unknown) => inert(String(value));
  const section = (value: unknown) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {});
  const counts = (value: unknown) =>
    Object.entries(section(value))
      .filter(([, count]) => typeof count === 'number' && count > 0)
      .map(([status, count]) => `${paint.status(text(status))} ${String(count)}`)
      .join(', ');
  const jobs = section(data.jobs);
  const candidates = section(data.candidates);
  const assessments = section(data.assessments);
  const funnel = Array.isArray(data.funnel) ? (data.funnel as Record<string, unknown>[]) : [];
  const filters = section(data.filters);
  const scope = [
    filters.job_id ? `job ${text(filters.job_id)}` : 'all jobs',
    filters.from ? `from ${text(String(filters.from).slice(0, 10))}` : '',
    filters.to ? `to ${text(String(filters.to).slice(0, 10))}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const average = candidates.average_score === null || candidates.average_score === undefined ? 'no scores yet' : `average score ${text(candidates.average_score)}`;
  const lines = [
    `${paint.bold('Analytics')} (${scope})`,
    `  Jobs         ${text(jobs.total ?? 0)}${counts(jobs.by_status) ? ` (${counts(jobs.by_status)})` : ''}`,
    `  Candidates   ${text(candidates.total ?? 0)}, ${average}${counts(candidates.by_status) ? ` (${counts(candidates.by_status)})` : ''}`,
    `  Assessments  ${text(assessments.total ?? 0)} generated, ${text(assessments.completed ?? 0)} completed by candidates`,
  ];
  if (funnel.length > 0) lines.push(`  Funnel       ${funnel.map((step) => `${text(step.status)} ${text(step.count)}`).join(' → ')}`);
  return `${lines.join('\n')}\n`;
}
