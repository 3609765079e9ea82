// The spec's response envelopes ("Response envelope", "Errors"): their shapes, checked as each
// response arrives (json-shape.ts says why not with zod).
import { isPlainObject } from '../domain/merge.js';
import { fits, number, object, optional, present, recordOf, string } from '../json-shape.js';

export interface Meta {
  request_id?: string;
  [key: string]: unknown;
}

export interface ListMeta extends Meta {
  current_page: number;
  per_page: number;
  total_pages: number;
  total_count: number;
}

export interface ErrorEnvelope {
  error: {
    code: string;
    message: string;
    details?: Record<string, unknown> | null;
    status?: number;
    retry_after?: number;
    [key: string]: unknown;
  };
  meta?: Meta;
  retry_after?: number;
  [key: string]: unknown;
}

export interface SuccessEnvelope {
  data: unknown;
  meta?: Meta;
  [key: string]: unknown;
}

const meta = { request_id: optional(string) };

const SUCCESS = object({ data: present, meta: optional(object(meta)) });
const LIST_META = object({
  ...meta,
  current_page: number,
  per_page: number,
  total_pages: number,
  total_count: number,
});
const ERROR = object({
  error: object({
    code: string,
    message: string,
    details: optional(recordOf(present), true),
    status: optional(number),
    retry_after: optional(number),
  }),
  meta: optional(object(meta)),
  retry_after: optional(number),
});

export const isSuccessEnvelope = (value: unknown): value is SuccessEnvelope => fits(SUCCESS, value);
export const isErrorEnvelope = (value: unknown): value is ErrorEnvelope => fits(ERROR, value);
export const isListMeta = (value: unknown): value is ListMeta => fits(LIST_META, value);

/** A record as it comes from the API: `data` items are JSON objects of unknown shape. */
export type ApiRecord = Record<string, unknown>;

/** A record: a JSON object (not null, not a list). */
export const isRecord: (value: unknown) => value is ApiRecord = isPlainObject;

/**
 * A page's `data`: a list of objects, checked in place (nothing is copied: a stream of 100,000
 * candidates is that many records already).
 */
export function isRecordList(value: unknown): value is ApiRecord[] {
  return Array.isArray(value) && value.every(isPlainObject);
}
