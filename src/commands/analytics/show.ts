// hire analytics: GET /analytics; a readable summary, or the data with --json.
import { getAnalytics } from '../../api/analytics.js';
import { parseDateBound } from '../../domain/analytics.js';
import { cellText, displayWidth, inert, plainText, withoutColour } from '../../output/cells.js';
import type { Output } from '../../output/output.js';
import { defineCommand, flag } from '../define.js';
import { drawnTable, printDocument } from '../../output/document.js';
import type { Bands } from './pictures.js';

/** A date or time bound, sent as typed once it is known to be one. */
const bound = (name: 'from' | 'to', help: string) =>
  flag.parsed((text) => (parseDateBound(text, name) ? text : undefined), {
    value: 'date',
    example: '2026-11-01',
    help,
    message: `--${name} must be a date such as 2026-11-01, or an ISO 8601 time (got "{value}").`,
  });

export default defineCommand({
  path: ['analytics'],
  summary: 'hiring analytics: jobs, candidates, scores and the funnel (GET /analytics)',
  effect: 'read',
  operations: ['getAnalytics'],
  flags: {
    job: flag.string({ value: 'id', help: 'one job only' }),
    from: bound('from', 'from this date (2026-11-01) or ISO 8601 time'),
    to: bound('to', 'up to this date (inclusive) or time'),
  },
  examples: ['hire analytics', 'hire analytics --job job_abc123 --from 2026-11-01 --json'],
  async run(ctx, flags) {
    const client = await ctx.session.api();
    const data = await getAnalytics(client, { job_id: flags.job, from: flags.from, to: flags.to });
    await printDocument(ctx.output, data, {
      people: async () => {
        // Pictures at a terminal only: piped, the summary stays the lines a script may read.
        const pictures = drawnTable(ctx.output) ? await import('./pictures.js') : undefined;
        const bands = pictures && (await pictures.readBands(client, flags, section(data.candidates).assessed));
        ctx.output.raw(await summary(ctx.output, data, pictures && { bands }));
      },
      csv: async () => {
        const { csvRow } = await import('../../output/render.js');
        ctx.output.raw(
          metrics(data)
            .map((row) => `${csvRow(row)}\r\n`)
            .join(''),
        );
      },
    });
  },
});

/** Metrics are named by paths this deep at most (the spec's are 3): a server's 10,000 levels are not walked. */
const MAX_METRIC_DEPTH = 8;

/**
 * The CSV form: one `metric,value` row per number, named by its path (`jobs.by_status.active`,
 * `funnel.review`), so that a spreadsheet can chart it. Cells are the server's numbers and names,
 * each made inert; a name starting with = + - @ gets the formula guard like every CSV cell.
 */
export function metrics(data: Record<string, unknown>): string[][] {
  const rows: string[][] = [['metric', 'value']];
  const guard = (name: string) => (/^[=+\-@\t\r]/.test(name) ? `'${name}` : name);
  const walk = (value: unknown, path: string, depth: number): void => {
    if (typeof value === 'number') rows.push([guard(inert(path)), String(value)]);
    else if (value === null && path.endsWith('average_score')) rows.push([guard(inert(path)), '']);
    else if (Array.isArray(value) && path === 'funnel') {
      for (const step of value as unknown[]) {
        if (step === null || typeof step !== 'object') continue;
        const { status, count } = step as Record<string, unknown>;
        if (typeof count === 'number') rows.push([guard(inert(`funnel.${plainText(status)}`)), String(count)]);
      }
    } else if (value !== null && typeof value === 'object' && !Array.isArray(value) && depth < MAX_METRIC_DEPTH) {
      for (const [key, inner] of Object.entries(value))
        if (key !== 'filters') walk(inner, path ? `${path}.${key}` : key, depth + 1);
    }
  };
  walk(data, '', 0);
  return rows;
}

/** The summary people read; nothing in it is needed by scripts (they take --json). */
async function summary(out: Output, data: Record<string, unknown>, drawn?: { bands: Bands }): Promise<string> {
  const paint = await out.painter('stdout');
  // Every value and key here is the server's: shown inert (docs/output.md "Text from outside").
  const text = (value: unknown) => cellText(value);
  const counts = (value: unknown) =>
    Object.entries(section(value))
      .filter(([, count]) => typeof count === 'number' && count > 0)
      .map(([status, count]) => `${paint.status(text(status))}${KEEP}${String(count)}`)
      .join(', ');
  const jobs = section(data.jobs);
  const candidates = section(data.candidates);
  const assessments = section(data.assessments);
  // Steps that are objects only: a server's `null` or `1` in the funnel is no step.
  const funnel = Array.isArray(data.funnel)
    ? (data.funnel as unknown[]).filter(
        (step): step is Record<string, unknown> => step !== null && typeof step === 'object' && !Array.isArray(step),
      )
    : [];
  const filters = section(data.filters);
  const scope = [
    filters.job_id ? `job ${text(filters.job_id)}` : 'all jobs',
    filters.from ? `from ${inert(plainText(filters.from).slice(0, 10))}` : '',
    filters.to ? `to ${inert(plainText(filters.to).slice(0, 10))}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const average =
    candidates.average_score === null || candidates.average_score === undefined
      ? 'no scores yet'
      : `average score ${text(candidates.average_score)}`;
  const rows: [string, string][] = [
    ['Jobs', `${text(jobs.total ?? 0)}${counts(jobs.by_status) ? ` (${counts(jobs.by_status)})` : ''}`],
    [
      'Candidates',
      `${text(candidates.total ?? 0)}, ${text(candidates.assessed ?? 0)} assessed, ${average}${counts(candidates.by_status) ? ` (${counts(candidates.by_status)})` : ''}`,
    ],
    ['Assessments', `${text(assessments.generated ?? 0)} generated`],
  ];
  // At a terminal the funnel is drawn as bars, when its steps are counts and the width holds them.
  const pictures = drawn && (await import('./pictures.js'));
  const bars = pictures && funnel.length > 0 ? pictures.funnelChart(funnel, out.columns, paint) : undefined;
  if (funnel.length > 0 && !bars)
    rows.push(['Funnel', funnel.map((step) => `${text(step.status)}${KEEP}${text(step.count)}`).join(' → ')]);
  if (drawn?.bands && 'why' in drawn.bands) rows.push(['Scores', paint.dim(drawn.bands.why)]);
  const lines = [`${paint.bold('Analytics')} (${scope})`];
  // Each value wraps beside its label at a terminal (the terminal would cut "review 1" / "2").
  for (const [label, value] of rows)
    lines.push(...hanging(`  ${label.padEnd(13)}`, value, out.isStdoutTTY ? out.columns : undefined));
  if (bars) lines.push('', ...bars);
  if (pictures && drawn) {
    const scores = await pictures.scoreChart(drawn.bands, out.columns, paint);
    if (scores.length > 0) lines.push('', ...scores);
  }
  return `${lines.join('\n')}\n`;
}

/** A part of the answer that is an object, else an empty one (the server's shape is not trusted). */
const section = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** Joins a name and its count, which a line never breaks between (inert text holds no NUL). */
const KEEP = '\u0000';

/** `value` after `prefix`, broken at spaces into lines of `width` columns, the others indented under the first. */
function hanging(prefix: string, value: string, width: number | undefined): string[] {
  const room = width && width > prefix.length + 10 ? width - prefix.length : Number.POSITIVE_INFINITY;
  // Colour codes take no room on the screen; KEEP is shown as the space it stands for.
  const seen = (word: string) => displayWidth(withoutColour(word).replaceAll(KEEP, ' '));
  const lines: string[] = [];
  let current = '';
  for (const word of value.split(' ')) {
    if (current !== '' && seen(current) + 1 + seen(word) > room) {
      lines.push(current);
      current = word;
    } else current = current === '' ? word : `${current} ${word}`;
  }
  lines.push(current);
  return lines.map((line, index) => (index === 0 ? prefix : ' '.repeat(prefix.length)) + line.replaceAll(KEEP, ' '));
}
