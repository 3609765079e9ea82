// The spec's common list parameters (page, per_page, sort, fields, filters by field name),
// with the choices of docs/api-choices.md §4: per_page defaults to 20, at most 100.
import { dictionary } from '../../domain/merge.js';
import {
  CANDIDATE_STATUSES,
  DELIVERY_STATES,
  EMPLOYMENT_TYPES,
  EVENT_KINDS,
  EXPERIENCE_LEVELS,
  JOB_STATUSES,
  LOCATION_TYPES,
  SALARY_PERIODS,
} from '../../domain/vocabulary.js';
import type { FieldErrors } from '../../domain/rules.js';
import type { SqlValue } from '../storage/db.js';
import { validationError } from './answers.js';
import { isFieldPath, type CollectionName } from '../storage/schema.js';
import { type Comparison, type Condition, type Store, type StoredRecord } from '../storage/store.js';
import { transaction } from '../storage/transaction.js';

export const PER_PAGE_DEFAULT = 20;
export const PER_PAGE_MAX = 100;
/** The last page a client may ask for: any further and the row offset would leave SQLite's integers. */
export const PAGE_MAX = Math.floor(Number.MAX_SAFE_INTEGER / PER_PAGE_MAX);
const RESERVED = new Set(['page', 'per_page', 'sort', 'fields']);

/** What a filter on a field may be: one of fixed values (a status), or a number in a range. */
export type ValueRule = readonly string[] | { min: number; max: number };

/**
 * The filterable fields whose values have a type or a set of values: a filter outside it is a 400
 * naming the parameter (not an empty page). Fields holding one of fixed values are compared as
 * stored, so the field's index serves the filter.
 */
export const VALUE_RULES: Partial<Record<CollectionName, Record<string, ValueRule>>> = {
  jobs: {
    status: JOB_STATUSES,
    experience_level: EXPERIENCE_LEVELS,
    employment_type: EMPLOYMENT_TYPES,
    'location.type': LOCATION_TYPES,
    'salary.period': SALARY_PERIODS,
    candidate_count: { min: 0, max: Number.MAX_SAFE_INTEGER },
  },
  candidates: { status: CANDIDATE_STATUSES, score: { min: 0, max: 100 } },
  deliveries: { state: DELIVERY_STATES, attempts: { min: 0, max: Number.MAX_SAFE_INTEGER } },
  events: { type: EVENT_KINDS },
  webhooks: { events: EVENT_KINDS },
};

export interface ListSpec<T> {
  /** Field names a client may sort by, select, and filter on (dotted paths below them too). */
  fields: readonly string[];
  /** Filters that are not plain field equality, such as `score_min`: a value, compared with a field. */
  filters?: Record<string, { parse(value: string): SqlValue; field: string; is: Comparison }>;
  /** Field values every listed record has (the deliveries of one webhook). */
  scope?: Record<string, SqlValue>;
  /** Conditions every listed record meets (events within the log's age). */
  conditions?: Condition[];
  /** What a stored record shows (a webhook without its secret). */
  show?: (record: T) => Record<string, unknown>;
}

export interface Page {
  data: Record<string, unknown>[];
  meta: { current_page: number; per_page: number; total_pages: number; total_count: number };
}

/**
 * Lists a collection newest first unless `sort` says otherwise, as one query of the store: filters,
 * sort, page and count are one consistent read, whatever the collection's size.
 */
export function listRecords<T extends StoredRecord>(
  store: Store,
  name: CollectionName,
  query: URLSearchParams,
  spec: ListSpec<T>,
): Page {
  const collection = name;
  const errors: FieldErrors = dictionary();
  const page = wholeNumber(query.get('page'), 1, 1, PAGE_MAX, 'page', errors);
  const perPage = wholeNumber(query.get('per_page'), PER_PAGE_DEFAULT, 1, PER_PAGE_MAX, 'per_page', errors);
  const known = new Set(spec.fields);
  const isField = (path: string) => known.has(path.split('.')[0]!) && isFieldPath(path);

  const sortKeys = splitList(query.get('sort'), 'sort', errors);
  const unknownSort = sortKeys.map((key) => key.replace(/^-/, '')).filter((path) => !isField(path));
  if (unknownSort.length > 0)
    errors.sort = `cannot sort by ${unknownSort.join(', ')}; fields: ${spec.fields.join(', ')}`;

  const selected = splitList(query.get('fields'), 'fields', errors);
  const unknownFields = selected.filter((path) => !isField(path));
  if (unknownFields.length > 0)
    errors.fields = `unknown field ${unknownFields.join(', ')}; fields: ${spec.fields.join(', ')}`;

  const conditions: Condition[] = [
    ...Object.entries(spec.scope ?? {}).map(([path, value]): Condition => ({ field: path, is: '=', value })),
    ...(spec.conditions ?? []),
  ];
  for (const name of new Set(query.keys())) {
    if (RESERVED.has(name)) continue;
    const values = query.getAll(name).flatMap((value) => value.split(','));
    const custom = spec.filters?.[name];
    if (custom) {
      try {
        for (const value of values) conditions.push({ field: custom.field, is: custom.is, value: custom.parse(value) });
      } catch (error) {
        errors[name] = (error as Error).message;
      }
    } else if (isField(name)) {
      const rule = VALUE_RULES[collection]?.[name];
      const invalid = rule ? values.filter((value) => !allowed(rule, value)) : [];
      if (invalid.length > 0) {
        errors[name] = Array.isArray(rule)
          ? `must be one of ${rule.join(', ')} (got ${invalid.map((value) => JSON.stringify(value)).join(', ')})`
          : `must be a number from ${(rule as { min: number }).min} to ${(rule as { max: number }).max} (got ${invalid.map((value) => JSON.stringify(value)).join(', ')})`;
        continue;
      }
      // A value of a fixed set is matched as the set writes it: `Draft` is draft, and an event
      // kind keeps its capitals (candidate.statusChanged).
      const canonical = (value: string) =>
        Array.isArray(rule)
          ? (rule as readonly string[]).find((one) => one.toLowerCase() === value.toLowerCase())!
          : value;
      conditions.push(
        ID_FIELDS.has(name)
          ? { field: name, in: values }
          : Array.isArray(rule) && !ARRAY_FIELDS.has(name)
            ? { field: name, in: values.map(canonical) }
            : { field: name, anyOf: values.map(canonical) },
      );
    } else {
      errors[name] = 'is not a field that can be filtered';
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(errors, 'Invalid list parameters.');

  const sort = sortKeys.map((key) =>
    key.startsWith('-') ? { field: key.slice(1), descending: true } : { field: key },
  );
  const show = spec.show ?? ((record: T) => record as unknown as Record<string, unknown>);
  return transaction(store, 'read', () => {
    const total = store.countWhere(name, conditions);
    const records = store
      .query<T>(name, { conditions, sort, newestFirst: true, limit: perPage, offset: (page - 1) * perPage })
      .map(show);
    const data = selected.length > 0 ? records.map((item) => pick(item, selected)) : records;
    return {
      data,
      meta: { current_page: page, per_page: perPage, total_pages: Math.ceil(total / perPage), total_count: total },
    };
  });
}

/** Fields that hold a list: a filter matches when any item does. */
const ARRAY_FIELDS = new Set(['events', 'skills', 'requirements']);

function allowed(rule: ValueRule, value: string): boolean {
  if (Array.isArray(rule)) return (rule as readonly string[]).some((one) => one.toLowerCase() === value.toLowerCase());
  const { min, max } = rule as { min: number; max: number };
  const number = value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(number) && number >= min && number <= max;
}

/** Ids, matched exactly (an id's case is part of it): the field's index serves the filter. */
const ID_FIELDS = new Set(['id', 'job_id', 'webhook_id', 'event_id']);

function wholeNumber(
  raw: string | null,
  fallback: number,
  min: number,
  max: number,
  name: string,
  errors: FieldErrors,
): number {
  if (raw === null) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    errors[name] = `must be a whole number from ${min} to ${max}`;
    return fallback;
  }
  return value;
}

/**
 * A comma-separated list of field names: absent or empty is none; an empty item between commas
 * (`sort=,id`) is refused, as the OpenAPI document's item rule says, rather than guessed at.
 */
function splitList(raw: string | null, name: string, errors: FieldErrors): string[] {
  if (raw === null || raw.trim() === '') return [];
  const parts = raw.split(',').map((part) => part.trim());
  const empty = parts.findIndex((part) => part === '');
  if (empty >= 0) errors[name] = `item ${empty + 1} is empty (between commas)`;
  return parts.filter((part) => part !== '');
}

/** The fields asked for; a dotted path keeps its value nested (`location.city` → `{location: {city}}`). */
function pick(item: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = dictionary();
  for (const path of fields) {
    // A field asked for whole already holds its nested paths.
    if (fields.some((other) => path.startsWith(`${other}.`))) continue;
    const parts = path.split('.');
    let from: unknown = item;
    let into = out;
    for (const [index, part] of parts.entries()) {
      if (from === null || typeof from !== 'object' || Array.isArray(from) || !Object.hasOwn(from, part)) break;
      from = (from as Record<string, unknown>)[part];
      if (index === parts.length - 1) into[part] = from;
      else {
        if (into[part] === null || typeof into[part] !== 'object') into[part] = dictionary();
        into = into[part] as Record<string, unknown>;
      }
    }
  }
  return out;
}
