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

/** `2026-11-22T02:18:17.819Z` → `2026-11-22` in drawn tables. */
const day = (text: string) => text.slice(0, 10);

export const JOB_LIST_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'title' },
  { key: 'status', status: true },
  { key: 'department' },
  { key: 'location', format: formatLocation },
  { key: 'candidate_count', header: 'CANDIDATES' },
  { key: 'created_at', header: 'CREATED', brief: day },
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
