import { type EventKind } from '../../domain/vocabulary.js';
import type { StoredEvent } from '../events.js';
import type { PlatformContext } from './context.js';
export declare const MAX_OVERRIDES = 50;
/** The deepest an override reaches below `data` (the API's own records nest 3 levels). */
export declare const MAX_OVERRIDE_DEPTH = 8;
export interface TriggerRequest {
    type: EventKind;
    jobId: string | undefined;
    /** `data` path → the value it takes in the triggered event's payload. */
    overrides: Record<string, unknown>;
}
export interface TriggerResult {
    type: EventKind;
    /** The triggered event: the last of its kind emitted. */
    event_id: string;
    /** Every event the records made produced, in order (the triggered one among them). */
    events: StoredEvent[];
}
/** The request body, checked: `{type, job_id?, overrides?}`. */
export declare function triggerRequest(body: unknown): TriggerRequest;
/** Makes the records and emits the events, in one write transaction. */
export declare function trigger(ctx: PlatformContext, request: TriggerRequest): TriggerResult;
