// How jobs look in tables.
import type { Column } from '../../output/render.js';
import { cellText } from '../../output/cells.js';

export function formatLocation(value: unknown): string {
  if (value === null || typeof value !== 'object') return cellText(value);
  const { type, city, state, country } = value as Record<string, unknown>;
  const place = [city, state, country].filter((part) => typeof part === 'string' && part !== '').join(', ');
  return cellText(place ? `${String(type ?? '')} (${place})` : type);
}

export function formatSalary(value: unknown): string {
  if (value === null || typeof value !== 'object') return cellText(value);
  const { min, max, currency, period } = value as Record<string, unknown>;
  const range = min !== undefined && max !== undefined ? `${min}–${max}` : min !== undefined ? `from ${min}` : max !== undefined ? `up to ${max}` : '';
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
  { key: 'id' },
  { key: 'title' },
  { key: 'status', status: true },
  { key: 'department' },
  { key: 'location', format: formatLocation },
  { key: 'experience_level' },
  { key: 'employment_type' },
  { key: 'salary', format: formatSalary },
  { key: 'skills' },
  { key: 'requirements' },
  { key: 'assessment_id' },
  { key: 'application_url' },
  { key: 'candidate_count' },
  { key: 'created_at' },
  { key: 'updated_at' },
];
