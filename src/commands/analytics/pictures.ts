// hire analytics at a terminal: the funnel as bars (each stage's count and its share of the stage
// before) and the assessed candidates' scores as a histogram of ten bands (docs/output.md "Charts").
// The drawing is output/charts.ts's; this file says what is drawn and in what words.
import type { ApiClient } from '../../api/client.js';
import { HireError } from '../../errors.js';
import { barChart, share, type BarRow } from '../../output/charts.js';
import { cellText } from '../../output/cells.js';
import type { Painter } from '../../output/paint.js';

/** The width drawn to when the terminal does not say its own. */
const DEFAULT_WIDTH = 80;

/** The scores by band, or why there are none to draw. */
export type Bands = { counts: number[] } | { why: string } | undefined;

/**
 * The histogram's data: undefined when nobody is assessed; the candidate list has no date filter,
 * so with --from or --to the bands would count other candidates than the figures above them.
 */
export async function readBands(
  client: ApiClient,
  filters: { job?: string | undefined; from?: string | undefined; to?: string | undefined },
  assessed: unknown,
): Promise<Bands> {
  if (typeof assessed !== 'number' || assessed <= 0) return undefined;
  if (filters.from !== undefined || filters.to !== undefined)
    return { why: 'not drawn with --from or --to (no date filter on candidates)' };
  const { scoreBands } = await import('../../services/score-bands.js');
  try {
    const counts = await scoreBands(client, filters.job);
    return counts ? { counts } : { why: "this server's candidate list gives no counts" };
  } catch (error) {
    // The figures above were read: a histogram that cannot be is said, not an error of the command.
    if (error instanceof HireError) return { why: `could not be read: ${cellText(error.message)}` };
    throw error;
  }
}

/** The funnel's rows at `width` columns, or undefined when it is not made of counts or does not fit. */
export function funnelChart(
  funnel: readonly Record<string, unknown>[],
  width: number | undefined,
  paint: Painter,
): string[] | undefined {
  if (funnel.some((step) => typeof step.count !== 'number')) return undefined;
  const rows: BarRow[] = funnel.map((step, index) => ({
    label: cellText(step.status),
    value: step.count as number,
    note: index === 0 ? '' : share(step.count as number, funnel[index - 1]!.count as number),
  }));
  const chart = barChart(rows, width ?? DEFAULT_WIDTH, { bar: paint.cyan, note: paint.dim });
  return chart && [`${paint.bold('Funnel')} (each stage's share of the one before)`, ...chart];
}

/** The histogram's lines: a heading and ten rows (why there are none is said beside the figures). */
export async function scoreChart(bands: Bands, width: number | undefined, paint: Painter): Promise<string[]> {
  if (bands === undefined || 'why' in bands) return [];
  const { BAND_NAMES } = await import('../../services/score-bands.js');
  const assessed = bands.counts.reduce((sum, count) => sum + count, 0);
  const rows = bands.counts.map((count, band) => ({ label: BAND_NAMES[band]!, value: count }));
  const chart = barChart(rows, width ?? DEFAULT_WIDTH, { bar: paint.cyan, note: paint.dim });
  const heading = `${paint.bold('Scores')} (${assessed.toLocaleString('en-US')} assessed)`;
  return chart ? [heading, ...chart] : [`${heading}: ${bands.counts.join(', ')}`];
}
