// The spec's response envelopes ("Response envelope", "Errors"), parsed with zod.
import * as z from 'zod/mini';

export const MetaSchema = z.looseObject({
  request_id: z.optional(z.string()),
});
export type Meta = z.infer<typeof MetaSchema>;

export const SuccessEnvelopeSchema = z.looseObject({
  data: z.unknown(),
  meta: z.optional(MetaSchema),
});

export const ListMetaSchema = z.looseObject({
  request_id: z.optional(z.string()),
  current_page: z.number(),
  per_page: z.number(),
  total_pages: z.number(),
  total_count: z.number(),
});
export type ListMeta = z.infer<typeof ListMetaSchema>;

export const ErrorEnvelopeSchema = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
    status: z.optional(z.number()),
    retry_after: z.optional(z.number()),
  }),
  meta: z.optional(MetaSchema),
  retry_after: z.optional(z.number()),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** A record as it comes from the API: `data` items are JSON objects of unknown shape. */
export type ApiRecord = Record<string, unknown>;

export const RecordSchema = z.record(z.string(), z.unknown());

/**
 * A page's `data`: a list of objects. Checked in place rather than with a zod schema, which would
 * copy every item of every page (a stream of 100,000 candidates is 100,000 copies of garbage).
 */
export function isRecordList(value: unknown): value is ApiRecord[] {
  return (
    Array.isArray(value) && value.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))
  );
}
