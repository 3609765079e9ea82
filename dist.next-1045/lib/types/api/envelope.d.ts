import * as z from 'zod/mini';
export declare const MetaSchema: z.ZodMiniObject<{
    request_id: z.ZodMiniOptional<z.ZodMiniString<string>>;
}, z.core.$loose>;
export type Meta = z.infer<typeof MetaSchema>;
export declare const SuccessEnvelopeSchema: z.ZodMiniObject<{
    data: z.ZodMiniUnknown;
    meta: z.ZodMiniOptional<z.ZodMiniObject<{
        request_id: z.ZodMiniOptional<z.ZodMiniString<string>>;
    }, z.core.$loose>>;
}, z.core.$loose>;
export declare const ListMetaSchema: z.ZodMiniObject<{
    request_id: z.ZodMiniOptional<z.ZodMiniString<string>>;
    current_page: z.ZodMiniNumber<number>;
    per_page: z.ZodMiniNumber<number>;
    total_pages: z.ZodMiniNumber<number>;
    total_count: z.ZodMiniNumber<number>;
}, z.core.$loose>;
export type ListMeta = z.infer<typeof ListMetaSchema>;
export declare const ErrorEnvelopeSchema: z.ZodMiniObject<{
    error: z.ZodMiniObject<{
        code: z.ZodMiniString<string>;
        message: z.ZodMiniString<string>;
        details: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniUnknown>>>;
        status: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        retry_after: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    }, z.core.$loose>;
    meta: z.ZodMiniOptional<z.ZodMiniObject<{
        request_id: z.ZodMiniOptional<z.ZodMiniString<string>>;
    }, z.core.$loose>>;
    retry_after: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
}, z.core.$loose>;
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
/** A record as it comes from the API: `data` items are JSON objects of unknown shape. */
export type ApiRecord = Record<string, unknown>;
export declare const RecordSchema: z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniUnknown>;
/**
 * A page's `data`: a list of objects. Checked in place rather than with a zod schema, which would
 * copy every item of every page (a stream of 100,000 candidates is 100,000 copies of garbage).
 */
export declare function isRecordList(value: unknown): value is ApiRecord[];
