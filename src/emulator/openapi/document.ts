// The OpenAPI 3.1 description of the API the emulator serves (docs/emulator.md "OpenAPI
// description"), generated from the route table's docs (route.ts `RouteDoc`), the zod schemas the
// routes validate bodies with (bodies.ts), and the records of records.ts: never written by hand. Loaded and
// built once, when /openapi.json is first asked for; the server fills in its own addresses.
import { OPERATIONS } from '../../domain/operations.js';
import { EVENT_KINDS } from '../../domain/vocabulary.js';
import { TIER_LIMITS } from '../access/keys.js';
import { IDEMPOTENCY_HEADER } from '../http/idempotency.js';
import type { JsonSchema, Route, RouteDoc } from '../http/route.js';
import { BODY_SCHEMAS } from './bodies.js';
import { errorResponse, errorStatuses, ERRORS, HEADERS, successResponse } from './answers.js';
import { LIST_PARAMETERS, listParameters, queryParameter } from './parameters.js';
import { assumed, jsonSchema, ref, type Json } from './parts.js';
import {
  ASSUMED_RECORDS,
  COMMON_FIELDS,
  ErrorEnvelope,
  EVENT_DATA,
  METAS,
  PUBLISHED_FIELDS,
  RECORDS,
} from './records.js';

type Method = Route['method'];

/** Not one of the spec's six published operations (domain/operations.ts; docs/api-choices.md §3). */
const isAssumed = (doc: RouteDoc): boolean => !OPERATIONS[doc.operation].published;

/**
 * The key level an operation takes (docs/api-choices.md §5): the route's, else the method's. The
 * spec says what each level allows, not which operation needs which: `x-key-level` is assumed
 * throughout (info's `x-assumed-extensions`).
 */
function levelOf(route: Route): 'read' | 'write' | 'admin' {
  return route.level ?? (route.method === 'GET' ? 'read' : route.method === 'DELETE' ? 'admin' : 'write');
}

function operation(route: Route, doc: RouteDoc, records: Record<string, JsonSchema>): Json {
  const pathParameters = [...route.path.matchAll(/:([a-z_]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const parameters = [
    ...pathParameters,
    ...(doc.list ? listParameters(doc.list, records[doc.answer.data!] ?? {}, doc.answer.data!) : []),
    // The spec shows no query parameter of an operation that is not a list.
    ...Object.entries(doc.query ?? {}).map(([name, query]) =>
      queryParameter(name, query, 'The spec shows no parameters of this operation.'),
    ),
    ...(route.method === 'POST' ? [ref('parameters', 'Idempotency-Key')] : []),
  ];
  const responses: Json = { [String(doc.answer.status)]: successResponse(route, doc) };
  for (const status of errorStatuses(route, doc)) responses[String(status)] = ref('responses', ERRORS[status]!.name);
  const level = levelOf(route);
  const described = {
    operationId: doc.operation,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
  };
  return {
    ...(isAssumed(doc) ? assumed('Not among the six operations the spec publishes.', described) : described),
    'x-key-level': level,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(doc.body
      ? {
          requestBody: {
            required: doc.body.required,
            content: { 'application/json': { schema: ref('schemas', doc.body.name) } },
          },
        }
      : {}),
    responses,
  };
}

/** A record's schema, its fields the spec does not show marked `x-assumed` (or the whole record). */
function recordSchema(name: keyof typeof RECORDS): JsonSchema {
  const schema = jsonSchema(RECORDS[name], 'output');
  if (ASSUMED_RECORDS.includes(name)) return assumed('The spec does not show its shape.', schema);
  const published = [...COMMON_FIELDS, ...(PUBLISHED_FIELDS[name] ?? [])];
  const properties = schema.properties as Record<string, JsonSchema>;
  for (const [field, property] of Object.entries(properties))
    if (!published.includes(field)) properties[field] = assumed('The spec does not show this field.', property);
  return schema;
}

const SIGNATURE_HEADERS: Json[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The event id: the same on every retry and resend (deduplicate on it).',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'When this attempt was signed: Unix seconds. Reject one more than 5 minutes away.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Standard Webhooks v1: space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, keyed with the secret registered (the bytes after `whsec_`, base64-decoded, when it starts so; else its UTF-8 bytes).',
    schema: { type: 'string' },
  },
];

/** One delivery per event kind (docs/api-choices.md §8, §9), as OpenAPI 3.1's top-level webhooks. */
function webhooks(): Json {
  return Object.fromEntries(
    EVENT_KINDS.map((kind) => [
      kind,
      {
        post: {
          operationId: `deliver_${kind.replace('.', '_')}`,
          summary: `A ${kind} event, delivered to each webhook subscribed to it`,
          description:
            'The spec names the event kind; the payload, the signature headers and the retries are assumed (docs/api-choices.md §8, §9).',
          'x-assumed': true,
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'type', 'created_at', 'data'],
                  additionalProperties: false,
                  properties: {
                    id: { type: 'string' },
                    type: { const: kind },
                    created_at: { type: 'string', format: 'date-time' },
                    data: ref('schemas', EVENT_DATA[kind]),
                  },
                },
              },
            },
          },
          responses: {
            '2XX': { description: 'Delivered (answered within 10 s).' },
            default: {
              description:
                'Not delivered: retried after 5 s, then five times longer each time, 6 attempts in all (docs/api-choices.md §8).',
            },
          },
          security: [],
        },
      },
    ]),
  );
}

/** Spec "Versioning": notice at least 6 months ahead; a version is sunset 12 months after. */
const DEPRECATION = {
  notice_months: 6,
  sunset_months: 12,
  deprecated: [{ version: 'v0', base_path: '/api/v0', sunset: '12 months after notice' }],
};

const DESCRIPTION = `The Hiring Platform API as the \`hire\` emulator serves it. The spec publishes six operations and
few fields; everything else here is the project's choice (docs/api-choices.md) and is marked
\`x-assumed: true\`, its description saying why: operations, parameters, headers, answers (every
success status, and 404, 409, 413, 500 and 503), record fields and whole records, the webhook
deliveries; where the spec states a field but not one of its rules, that rule sits in an \`allOf\`
part marked \`x-assumed\`. \`x-key-level\` names the key level an operation takes (assumed: the
spec says what each level allows, not which operation needs which).

Requests are HTTPS only (the emulator also serves http, locally). Rate limits per key, by tier
(\`x-rate-limits\`): standard 1,000 requests an hour, 10,000 a day, 100 at once; enterprise 10,000,
100,000 and 1,000; over one, 429 \`rate_limited\`. Versions: the version is in the path; a deprecated
version is announced at least 6 months ahead and sunset 12 months after notice (\`x-deprecation\`).
The deprecated \`/api/v0\` is served like \`/api/v1\` with Deprecation and Sunset headers; the
emulator's own controls (\`/_emulator\`) are not described.`;

const TAGS: Record<RouteDoc['tag'], string> = {
  Jobs: 'Job postings: create, list, and (assumed) read, change and delete one.',
  Candidates: 'Candidates who applied to a job, and (assumed) their moves along the pipeline.',
  Assessments: 'Assessments generated for a job or from a title and skills.',
  Analytics: 'Counts of jobs, candidates and assessments, and the funnel.',
  Webhooks: 'Webhook registrations and (assumed) their delivery logs.',
  Events: 'The event log (assumed): every event, with each attempt to deliver it.',
};

/** The description, without `servers` (the server adds its own addresses). */
export function buildDocument(routes: readonly Route[]): Json {
  const records = Object.fromEntries(
    Object.keys(RECORDS).map((name) => [name, recordSchema(name as keyof typeof RECORDS)]),
  );
  const paths: Record<string, Partial<Record<Lowercase<Method>, Json>>> = {};
  const bodies: Record<string, JsonSchema> = {};
  for (const route of routes) {
    const doc = route.doc;
    if (!doc) throw new Error(`${route.method} ${route.path} has no doc`);
    const path = route.path.replace(/:([a-z_]+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase() as Lowercase<Method>] = operation(route, doc, records);
    if (doc.body) {
      const body = jsonSchema(BODY_SCHEMAS[doc.body.name](), 'input');
      bodies[doc.body.name] = doc.body.assumed
        ? assumed('The spec does not show this request.', body)
        : isAssumed(doc)
          ? assumed('The operation is assumed.', body)
          : body;
    }
  }
  const schemas: Record<string, JsonSchema> = {
    ...records,
    ...Object.fromEntries(Object.entries(METAS).map(([name, schema]) => [name, jsonSchema(schema, 'output')])),
    Error: jsonSchema(ErrorEnvelope, 'output'),
    ...bodies,
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hiring Platform API (hire emulator)',
      version: 'v1',
      description: DESCRIPTION,
      // The licence of this description: the emulator's (hire's), not the platform's.
      license: { name: 'MIT', identifier: 'MIT' },
      'x-https-only': true,
      'x-rate-limits': TIER_LIMITS,
      'x-deprecation': DEPRECATION,
      'x-assumed-extensions': ['x-key-level'],
    },
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    security: [{ apiKey: [] }],
    paths,
    webhooks: webhooks(),
    components: {
      schemas,
      parameters: {
        ...LIST_PARAMETERS,
        [IDEMPOTENCY_HEADER]: assumed('The spec does not name this header.', {
          name: IDEMPOTENCY_HEADER,
          in: 'header',
          required: false,
          description:
            'The same key with the same request (method, path, body) replays the first answer (Idempotent-Replayed: true); with a different request, 409. Scoped to the API key; only 2xx answers are kept; an empty key is refused with a 400 naming it (docs/api-choices.md §7).',
          schema: { type: 'string', minLength: 1 },
        }),
      },
      headers: HEADERS,
      responses: Object.fromEntries(
        Object.keys(ERRORS).map((status) => [ERRORS[Number(status)]!.name, errorResponse(Number(status))]),
      ),
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            '`Authorization: Bearer <API_KEY>`. Read keys may GET; write keys also POST and PATCH (and remove webhooks); admin keys also DELETE (docs/api-choices.md §5). Each environment takes its own keys.',
        },
      },
    },
  };
}

/**
 * The document as served: its `servers` are this emulator's two environments at the origin it was
 * reached at, the one asked under first (tools take the first as their default).
 */
export function servedDocument(document: Json, origin: string, environment: 'production' | 'sandbox'): string {
  const servers = [
    { url: `${origin}/api/v1`, description: 'Production (this emulator)', 'x-environment': 'production' },
    {
      url: `${origin}/sandbox/api/v1`,
      description: 'Sandbox (this emulator; resets daily)',
      'x-environment': 'sandbox',
    },
  ];
  if (environment === 'sandbox') servers.reverse();
  const { openapi, info, ...rest } = document;
  return JSON.stringify({ openapi, info, servers, ...rest });
}
