// The spec's common list parameters (page, per_page, sort, fields, filters by field name),
// with the choices of CONTRACT §6: per_page defaults to 20, at most 100.
import { dictionary } from '../domain/merge.js';
import type { FieldErrors } from '../domain/rules.js';
import { validationError } from './http.js';

export const PER_PAGE_DEFAULT = 20;
export const PER_PAGE_MAX = 100;
const RESERVED = new Set(['page', 'per_page', 'sort', 'fields']);

export interface ListSpec<T> {
  /** Field names a client may sort by, select, and filter on (dotted paths below them too). */
  fields: readonly string[];
  /** Filters that are not plain field equality, such as `score_min`. */
  filters?: Record<string, { parse(value: string): unknown; test(record: T, value: unknown): boolean }>;
}

export interface Page {
  data: Record<string, unknown>[];
  meta: { current_page: number; per_page: number; total_pages: number; total_count: number };
}

type Compare = (a: Record<string, unknown>, b: Record<string, unknown>) => number;

/** Lists records (given oldest first) newest first unless `sort` says otherwise. */
export function listRecords<T extends object>(records: readonly T[], query: URLSearchParams, spec: ListSpec<T>): Page {
  const errors: FieldErrors = dictionary();
  const page = wholeNumber(query.get('page'), 1, 1, Infinity, 'page', errors);
  const perPage = wholeNumber(query.get('per_page'), PER_PAGE_DEFAULT, 1, PER_PAGE_MAX, 'per_page', errors);
  const known = new Set(spec.fields);
  const isField = (name: string) => known.has(name.split('.')[0]!);

  const sortKeys = splitList(query.get('sort'));
  const unknownSort = sortKeys.map((key) => key.replace(/^-/, '')).filter((name) => !isField(name));
  if (unknownSort.length > 0) errors.sort = `cannot sort by ${unknownSort.join(', ')}; fields: ${spec.fields.join(', ')}`;

  const selected = splitList(query.get('fields'));
  const unknownFields = selected.filter((name) => !known.has(name));
  if (unknownFields.length > 0) errors.fields = `unknown field ${unknownFields.join(', ')}; fields: ${spec.fields.join(', ')}`;

  const tests: ((record: T) => boolean)[] = [];
  for (const name of new Set(query.keys())) {
    if (RESERVED.has(name)) continue;
    const values = query.getAll(name).flatMap((value) => value.split(','));
    const custom = spec.filters?.[name];
    if (custom) {
      try {
        const parsed = values.map((value) => custom.parse(value));
        tests.push((record) => parsed.every((value) => custom.test(record, value)));
      } catch (error) {
        errors[name] = (error as Error).message;
      }
    } else if (isField(name)) {
      tests.push((record) => matches(valueAt(record, name), values));
    } else {
      errors[name] = 'is not a field that can be filtered';
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(errors, 'Invalid list parameters.');

  let items = records.filter((record) => tests.every((test) => test(record))) as unknown as Record<string, unknown>[];
  if (sortKeys.length > 0) items = stableSort(items, sortKeys.map(comparator));
  else items = items.reverse();
  const total = items.length;
  const start = (page - 1) * perPage;
  const slice = items.slice(start, start + perPage);
  const data = selected.length > 0 ? slice.map((item) => pick(item, selected)) : slice;
  return {
    data,
    meta: { current_page: page, per_page: perPage, total_pages: Math.ceil(total / perPage), total_count: total },
  };
}

function wholeNumber(raw: string | null, fallback: number, min: number, max: number, name: string, errors: FieldErrors): number {
  if (raw === null) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    errors[name] = max === Infinity ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`;
    return fallback;
  }
  return value;
}

function splitList(raw: string | null): string[] {
  return (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

export function valueAt(record: object, path: string): unknown {
  let value: unknown = record;
  for (const segment of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function matches(value: unknown, wanted: string[]): boolean {
  if (Array.isArray(value)) return value.some((item) => matches(item, wanted));
  if (value === undefined) return false;
  const text = value === null ? 'null' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return wanted.some((candidate) => candidate.toLowerCase() === text.toLowerCase());
}

function comparator(key: string): Compare {
  const descending = key.startsWith('-');
  const path = descending ? key.slice(1) : key;
  return (a, b) => {
    const left = valueAt(a, path);
    const right = valueAt(b, path);
    const order = compareValues(left, right);
    // Missing values stay last in either direction.
    return descending && left != null && right != null ? -order : order;
  };
}

/** Missing values sort last; numbers by value; everything else as case-insensitive text. */
function compareValues(a: unknown, b: unknown): number {
  if (a === undefined || a === null) return b === undefined || b === null ? 0 : 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = typeof a === 'object' ? JSON.stringify(a) : String(a);
  const right = typeof b === 'object' ? JSON.stringify(b) : String(b);
  const folded = left.toLowerCase() < right.toLowerCase() ? -1 : left.toLowerCase() > right.toLowerCase() ? 1 : 0;
  return folded || (left < right ? -1 : left > right ? 1 : 0);
}

function stableSort<T>(items: T[], compares: ((a: T, b: T) => number)[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      for (const compare of compares) {
        const order = compare(a.item, b.item);
        if (order !== 0) return order;
      }
      return a.index - b.index;
    })
    .map(({ item }) => item);
}

function pick(item: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = dictionary();
  for (const field of fields) if (Object.hasOwn(item, field)) out[field] = item[field];
  return out;
}
