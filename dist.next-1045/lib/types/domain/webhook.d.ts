import * as z from 'zod/mini';
import { type Validation } from './rules.js';
import { type EventKind } from './vocabulary.js';
export declare const WEBHOOK_SECRET_MIN_LENGTH = 16;
export declare const WebhookInputSchema: z.ZodMiniObject<{
    url: z.ZodMiniString<string>;
    events: z.ZodMiniArray<z.ZodMiniEnum<{
        "job.created": "job.created";
        "assessment.generated": "assessment.generated";
        "application.received": "application.received";
        "application.created": "application.created";
        "assessment.completed": "assessment.completed";
        "candidate.statusChanged": "candidate.statusChanged";
        "interview.scheduled": "interview.scheduled";
        "offer.extended": "offer.extended";
    }>>;
    secret: z.ZodMiniString<string>;
}, z.core.$strict>;
export type WebhookInput = {
    url: string;
    events: EventKind[];
    secret: string;
};
export declare function validateWebhookInput(input: unknown): Validation<WebhookInput>;
