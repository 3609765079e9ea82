// What a route is and what the server hands it: the request with its admitted key, and the
// server's parts. Kept out of answers.ts, which route-table.ts and the stages import, so that no import runs in a circle.
import type { IncomingHttpHeaders } from 'node:http';
import type { OperationId } from '../../domain/operations.js';
import type { EmulatorResponse } from './answers.js';
import type { KeyRing, StoredKey } from '../access/keys.js';
import type { PlatformContext } from '../platform/context.js';
import type { OnFirstUse } from '../platform/first-use.js';

export interface EmulatorRequest {
  method: string;
  /** The path after the version prefix: `/jobs/job_123`. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
  requestId: string;
  key: StoredKey;
}

/** An environment's platform, and its keys (the emulator's controls make and revoke them). */
export interface RouteContext extends PlatformContext {
  keys: KeyRing;
}

export type Handler = (req: EmulatorRequest, ctx: RouteContext) => EmulatorResponse;

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A path with `:name` parameters: `/jobs/:id`. */
  path: string;
  /** The key level it takes, when not the method's (read: GET; write: POST, PATCH; admin: DELETE). */
  level?: 'read' | 'write' | 'admin';
  /**
   * Code that only some routes need (a body's rules and the zod behind them, the writes of a
   * record), made with onFirstUse: a command's in-process emulator answering a GET loads none of
   * it (README "Performance"). The pipeline loads it before the route's transaction, which cannot
   * wait; the handler takes it with `get()`.
   */
  uses?: readonly OnFirstUse<unknown>[];
  handler: Handler;
  /** What the route does, for the OpenAPI description (openapi/document.ts); every API route has one. */
  doc?: RouteDoc;
}

/** A JSON Schema (draft 2020-12, as OpenAPI 3.1 takes it). */
export type JsonSchema = Record<string, unknown>;

/** The records an answer's `data` may hold (openapi/records.ts). */
export type RecordName =
  | 'Job'
  | 'Candidate'
  | 'Assessment'
  | 'Analytics'
  | 'Webhook'
  | 'Delivery'
  | 'Event'
  | 'EventWithDeliveries'
  | 'Resend';

/** The bodies the API takes, each described by the schema its handler validates with (openapi/bodies.ts). */
export type BodyName = 'JobInput' | 'JobPatch' | 'CandidateMove' | 'AssessmentInput' | 'WebhookInput' | 'EventResend';

export interface QueryDoc {
  schema: JsonSchema;
  description: string;
  /** A value the route accepts (the description's test sends it). */
  example: string;
}

/**
 * An operation, described as data next to its handler, from the schemas it validates with: the
 * generator (openapi/document.ts) adds what every operation shares (key, rate-limit headers,
 * Idempotency-Key on a POST, the errors of authentication and limits).
 */
export interface RouteDoc {
  /**
   * Which of the operations hire uses this route serves (domain/operations.ts): its id is the
   * OpenAPI operationId, and the table says whether the spec publishes it. The route's method and
   * path are the table's (test/unit/operations.test.ts holds them to it).
   */
  operation: OperationId;
  summary: string;
  tag: 'Jobs' | 'Candidates' | 'Assessments' | 'Analytics' | 'Webhooks' | 'Events';
  description?: string;
  /**
   * A list (docs/api-choices.md §4): page, per_page, sort, fields, a filter per field of the record
   * (the same list the handler gives listRecords), and filters of its own.
   */
  list?: { fields: readonly string[]; filters?: Record<string, QueryDoc> };
  /** Query parameters of a route that is not a list. */
  query?: Record<string, QueryDoc>;
  /**
   * The body: the name of the schema the handler validates it with, among the described schemas
   * (openapi/bodies.ts holds each name's schema: the route table loads no zod); `assumed` when the
   * operation is published but its request is not shown.
   */
  body?: { name: BodyName; required: boolean; assumed?: true };
  /** The success: its status, and the record in `data` (an array of them for a list); a 204 has none. */
  answer: { status: 200 | 201 | 204; data?: RecordName; meta?: 'generation' };
  /**
   * The errors of this operation's own: a 400 for a body or query parameters, a 404 for a missing
   * record, a 409 for a refused transition. 401, 403, 429, 500 and 503 (any operation), 413 (a
   * body) and 409 (a POST's Idempotency-Key reused) are added by the generator.
   */
  errors?: readonly (400 | 404 | 409)[];
}
