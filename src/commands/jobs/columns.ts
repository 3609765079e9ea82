// How jobs look in tables, and in CSV.
import type { Column, Columns } from '../../output/render.js';
import { cellText } from '../../output/cells.js';
import { beforeGuard, listCell } from '../../importing/csv-cells.js';
import { JOB_INPUT_PATHS } from '../../domain/vocabulary.js';

export function formatLocation(value: unknown): string {
  if (value === null || typeof value !== 'object') return cellText(value);
  const { type, city, state, country } = value as Record<string, unknown>;
  const place = [city, state, country].filter((part) => typeof part === 'string' && part !== '').join(', ');
  return cellText(place ? `${String(type ?? '')} (${place})` : type);
}

export function formatSalary(value: unknown): string {
  if (value === null || typeof value !== 'object') return cellText(value);
  const { min, max, currency, period } = value as Record<string, unknown>;
  const range =
    min !== undefined && max !== undefined
      ? `${String(min)}–${String(max)}`
      : min !== undefined
        ? `from ${String(min)}`
        : max !== undefined
          ? `up to ${String(max)}`
          : '';
  return cellText([range, currency, period].filter((part) => part !== undefined && part !== '').join(' '));
}

/** At 80 columns: id, title (two lines), status, location and candidates; the rest hide first. */
export const JOB_LIST_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'title', lines: 2, want: 16 },
  { key: 'status', status: true },
  { key: 'department', lines: 2, drop: 3 },
  { key: 'location', format: formatLocation, lines: 2, want: 10, drop: 1 },
  { key: 'candidate_count', header: 'CANDIDATES', short: 'CANDS' },
  { key: 'created_at', header: 'CREATED', time: true, drop: 2 },
];

export const JOB_DETAIL_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'title' },
  { key: 'status', status: true },
  { key: 'department' },
  { key: 'location', format: formatLocation },
  { key: 'experience_level' },
  { key: 'employment_type' },
  { key: 'salary', format: formatSalary },
  { key: 'skills' },
  { key: 'requirements' },
  { key: 'assessment_id', keepWhole: true },
  { key: 'application_url', url: true },
  { key: 'candidate_count' },
  { key: 'created_at' },
  { key: 'updated_at' },
];

/** Every field of a job input as `jobs import` reads CSV columns (nested fields as dotted paths). */
export const JOB_CSV_INPUT_FIELDS = JOB_INPUT_PATHS;

function valueAt(record: Record<string, unknown>, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A cell that `jobs import` reads back as the same value: lists in its list syntax, text past the CSV guard. */
function importableCell(path: string) {
  return (record: Record<string, unknown>): unknown => {
    const value = valueAt(record, path);
    if (Array.isArray(value)) return beforeGuard(listCell(value));
    return typeof value === 'string' ? beforeGuard(value) : value;
  };
}

/**
 * Jobs in CSV: the id and status first, then every input field in import's columns, then what the
 * server sets. `hire jobs list --all -o csv > jobs.csv` then `hire jobs import jobs.csv` makes the
 * same jobs (import leaves out the server's columns).
 */
export const JOB_CSV_COLUMNS: readonly Column[] = [
  { key: 'id' },
  { key: 'status' },
  ...JOB_CSV_INPUT_FIELDS.map((path): Column => ({ key: path, value: importableCell(path) })),
  { key: 'assessment_id' },
  { key: 'application_url' },
  { key: 'candidate_count' },
  { key: 'created_at' },
  { key: 'updated_at' },
];

/** The columns of a job list or record: these in tables, the CSV ones at -o csv (output/ decides). */
export const jobColumns = (tableColumns: readonly Column[]): Columns => ({ table: tableColumns, csv: JOB_CSV_COLUMNS });
