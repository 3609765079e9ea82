// What each tool's result holds, as the JSON Schema of its `structuredContent` (the tool's
// `outputSchema`): made from the same record schemas as the emulator's OpenAPI document
// (emulator/openapi/records.ts) and the job input of domain/job.ts, so that neither can drift.
// A record as a tool returns it may be cut to `fields`, and a platform may send fields the API spec
// does not show (and `webhooks add` adds the new secret): so a record's fields are all optional and
// others allowed, each field typed as the document types it. What a webhook target answered is
// never in a result (docs/mcp.md): the schema says so, and a client that validates would catch it.
import * as z from 'zod/mini';
import { jobInputSchema, jobPatchSchema } from '../domain/job-schema.js';
import { RECORDS } from '../emulator/openapi/records.js';

type Json = Record<string, unknown>;

/** A zod schema as JSON Schema (draft 2020-12, as the OpenAPI document; no `$schema`, which clients need not fetch). */
function jsonOf(schema: z.core.$ZodType): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  }) as Json;
  return rest;
}

/** Every object in it: no field required, others allowed (a record cut to `fields`, or with more than the document shows). */
function open(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(open);
  if (node === null || typeof node !== 'object') return node;
  const copy: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === 'required') continue;
    if (key === 'additionalProperties' && value === false) continue;
    copy[key] = key === 'properties' ? mapValues(value as Json, open) : open(value);
  }
  return copy;
}

const mapValues = (object: Json, map: (value: unknown) => unknown): Json =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));

/** The field of a delivery attempt that held what the webhook target answered: never in a tool result. */
export const ANSWER_FIELD = 'response_body';

const NEVER = {
  not: {},
  description:
    'Never in a tool result: what the webhook target answered stays for people (`hire events get`), see docs/mcp.md.',
};

/** A record of the document, opened; an attempt's answer marked as never there. */
function record(name: keyof typeof RECORDS): Json {
  const schema = open(jsonOf(RECORDS[name])) as Json;
  return withoutAnswers(schema) as Json;
}

function withoutAnswers(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutAnswers);
  if (node === null || typeof node !== 'object') return node;
  const copy = mapValues(node as Json, withoutAnswers);
  const properties = copy.properties as Json | undefined;
  if (properties && ANSWER_FIELD in properties) copy.properties = { ...properties, [ANSWER_FIELD]: NEVER };
  return copy;
}

/** A list's structuredContent: `{"items": […]}` (structuredContent is an object; the text is the list itself). */
const list = (item: Json): Json => ({
  type: 'object',
  properties: { items: { type: 'array', items: item } },
  required: ['items'],
  additionalProperties: false,
});

const either = (...schemas: Json[]): Json => ({ type: 'object', anyOf: schemas });

/** A command that hands nothing back (`jobs delete`): `{}`. */
const NOTHING: Json = { type: 'object', properties: {}, additionalProperties: false };

/** `hire api`: the body the server sent, parsed when it is JSON (text otherwise), as `body`. */
const BODY: Json = {
  type: 'object',
  properties: {
    body: {
      description: 'The body the server answered with: its JSON, or its text when it is not JSON; absent when empty.',
    },
  },
  additionalProperties: false,
};

const count = () => z.int().check(z.minimum(0));
const orNull = <T extends z.core.$ZodType>(schema: T) => z.nullable(schema);

/** `hire status --json` (docs/commands.md). */
const STATUS = z.object({
  profile: z.object({ name: z.string(), environment: z.string(), emulator: z.boolean(), base_url: z.string() }),
  open_jobs: orNull(
    z.object({
      total: count(),
      jobs: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          new: orNull(count()),
          review: orNull(count()),
          candidates: orNull(count()),
        }),
      ),
    }),
  ),
  failed_deliveries: orNull(z.object({ total: count(), latest: z.array(z.unknown()) })),
  rate_limit: orNull(z.object({ limit: orNull(z.number()), remaining: z.number(), reset: orNull(z.number()) })),
  errors: z.optional(z.object({ open_jobs: z.optional(z.string()), failed_deliveries: z.optional(z.string()) })),
});

/** `hire doctor --json` (docs/commands.md). */
const DOCTOR = z.object({
  profile: z.string(),
  base_url: z.string(),
  environment: z.string(),
  checks: z.array(z.object({ name: z.string(), ok: orNull(z.boolean()), detail: z.string() })),
  operations: z.array(
    z.object({
      method: z.string(),
      path: z.string(),
      published: z.boolean(),
      offered: orNull(z.boolean()),
      commands: z.array(z.string()),
    }),
  ),
});

/** A document of hire's own: its fields required as documented, others allowed. */
function document(schema: z.core.$ZodType, patch: (json: Json) => void = () => {}): Json {
  const json = jsonOf(schema);
  patch(json);
  return json;
}

const status = (): Json =>
  document(STATUS, (json) => {
    // The failed deliveries are the document's Delivery records.
    const failed = ((json.properties as Json).failed_deliveries as { anyOf: Json[] }).anyOf.find(
      (part) => part.type === 'object',
    )!;
    ((failed.properties as Json).latest as Json).items = record('Delivery');
  });

/**
 * The structuredContent schema of each tool, by its name. A tool made from a new command must have
 * one here (test/unit/mcp-outputs.test.ts); what its structuredContent is, see structured() below.
 */
export function outputSchemas(): Record<string, Json> {
  const job = record('Job');
  const candidate = record('Candidate');
  const assessment = record('Assessment');
  const webhook = record('Webhook');
  const event = record('EventWithDeliveries');
  // A dry run hands back the job (or the change) it checked, as the API would be sent it.
  const jobInput = open(jsonOf(jobInputSchema())) as Json;
  const jobPatch = open(jsonOf(jobPatchSchema())) as Json;
  const moved = either(candidate, list(candidate));
  return {
    status: status(),
    jobs_create: either(job, jobInput),
    jobs_list: list(job),
    jobs_get: job,
    jobs_update: either(job, jobPatch),
    jobs_publish: job,
    jobs_pause: job,
    jobs_close: job,
    jobs_reopen: job,
    jobs_delete: NOTHING,
    candidates_list: list(candidate),
    candidates_get: candidate,
    candidates_move: moved,
    assessments_create: assessment,
    assessments_get: assessment,
    assessments_list: list(assessment),
    analytics: record('Analytics'),
    webhooks_add: {
      ...webhook,
      properties: {
        ...(webhook.properties as Json),
        secret: { type: 'string', description: 'The signing secret, when hire generated it: shown this once.' },
      },
    },
    webhooks_list: list(webhook),
    webhooks_deliveries: list(record('Delivery')),
    webhooks_remove: NOTHING,
    events_list: list(record('Event')),
    events_get: event,
    events_resend: event,
    doctor: document(DOCTOR),
    api: BODY,
  };
}

/**
 * A call's structuredContent from what it handed over: one document as it is when it is an object,
 * a list as `{"items": […]}`, several documents as the list of them, nothing as `{}`; a raw body
 * (`hire api`) as `{"body": …}`.
 */
export function structured(documents: readonly unknown[], body: unknown): Record<string, unknown> {
  if (body !== undefined) return { body };
  if (documents.length === 0) return {};
  const value = documents.length === 1 ? documents[0] : documents;
  if (Array.isArray(value)) return { items: value };
  if (value !== null && typeof value === 'object') return value as Record<string, unknown>;
  return { items: [value] };
}
