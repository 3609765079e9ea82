// The bodies the API takes, by their names in the OpenAPI document, each with the zod schema its
// route's handler validates with. Routes name their body (route.ts `BodyName`) rather than hold its
// schema, so that the route table loads no zod; the document, made on first ask, loads them here.
import type * as z from 'zod/mini';
import { resendSchema } from '../../domain/event-schema.js';
import { assessmentInputSchema } from '../../domain/assessment.js';
import { candidateMoveSchema } from '../../domain/candidate-schema.js';
import { jobInputSchema, jobPatchSchema } from '../../domain/job-schema.js';
import { webhookInputSchema } from '../../domain/webhook.js';
import type { BodyName } from '../http/route.js';

export const BODY_SCHEMAS: Readonly<Record<BodyName, () => z.core.$ZodType>> = {
  JobInput: jobInputSchema,
  JobPatch: jobPatchSchema,
  CandidateMove: candidateMoveSchema,
  AssessmentInput: assessmentInputSchema,
  WebhookInput: webhookInputSchema,
  EventResend: resendSchema,
};
