// GET /analytics (spec: "analytics data", shape not shown; docs/api-choices.md §2 fixes it).

export interface Analytics {
  jobs: { total: number; by_status: Record<string, number> };
  /** `assessed`: candidates with a score (who took their job's assessment); `average_score` over them. */
  candidates: {
    total: number;
    by_status: Record<string, number>;
    /** For each job with candidates (in the range), its candidates by status. */
    by_job: Record<string, Record<string, number>>;
    assessed: number;
    average_score: number | null;
  };
  /** `generated`: assessments made (one per job, or on request); not a count of candidates. */
  assessments: { generated: number };
  funnel: { status: string; count: number }[];
  filters: { job_id: string | null; from: string | null; to: string | null };
}

const DATE = '\\d{4}-\\d{2}-\\d{2}';
const TIME = 'T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})';
/** A date (`2026-11-01`) or an ISO 8601 time, as parseDateBound reads them (and the OpenAPI document says). */
export const DATE_BOUND_PATTERN = `^${DATE}(${TIME})?$`;

/** `from`/`to` in the OpenAPI document: a real date or time, written as DATE_BOUND_PATTERN says. */
export const DATE_BOUND_SCHEMA = {
  type: 'string',
  pattern: DATE_BOUND_PATTERN,
  anyOf: [{ format: 'date' }, { format: 'date-time' }],
};

/**
 * A date bound for `from`/`to`: `2026-11-01` or a full ISO 8601 time. A bare date as `to` means
 * the end of that day. Returns undefined when the text is not a date.
 */
export function parseDateBound(text: string, bound: 'from' | 'to'): Date | undefined {
  const dateOnly = new RegExp(`^${DATE}$`).test(text);
  if (!dateOnly && !new RegExp(`^${DATE}${TIME}$`).test(text)) return undefined;
  // A day the calendar has not (2026-02-30, or 2026-11-31T00:00:00Z) is refused, alone or with a
  // time, not rolled into the next month as Date would.
  const day = new Date(`${text.slice(0, 10)}T00:00:00.000Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text.slice(0, 10)) return undefined;
  const date = dateOnly ? day : new Date(text);
  if (Number.isNaN(date.getTime())) return undefined;
  return dateOnly && bound === 'to' ? new Date(date.getTime() + 86_400_000 - 1) : date;
}
