// The OpenAPI 3.1 description of the API the emulator serves (docs/emulator.md "OpenAPI
// description"), generated from the route table's docs (route.ts `RouteDoc`), the zod schemas the
// routes validate bodies with, and the records of records.ts: never written by hand. Loaded and
// built once, when /openapi.json is first asked for; the server fills in its own addresses.
import * as z from 'zod/mini';
import { OPERATIONS } from '../../domain/operations.js';
import { EVENT_KINDS } from '../../domain/vocabulary.js';
import { PER_PAGE_DEFAULT, PER_PAGE_MAX } from '../http/list.js';
import type { JsonSchema, QueryDoc, Route, RouteDoc } from '../http/route.js';
import { ErrorEnvelope, EVENT_DATA, METAS, PUBLISHED_FIELDS, RECORDS } from './records.js';

type Method = Route['method'];
type Json = Record<string, unknown>;

const ref = (kind: 'schemas' | 'parameters' | 'headers' | 'responses', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/** A zod schema as JSON Schema draft 2020-12 (OpenAPI 3.1's dialect), without its `$schema`. */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // Refinements (a description's length, a code in its list) are checked by the emulator and told
    // in a 400's details; JSON Schema carries the shape.
    unrepresentable: 'any',
  });
  return rest;
}

/** The headers on every answer (docs/api-choices.md §1, §6). */
const EVERY_ANSWER = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-Request-Id'] as const;

const HEADERS: Record<string, Json> = {
  'X-RateLimit-Limit': {
    description: "The request limit of the key's window nearest to running out (hour, day or concurrent).",
    required: true,
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in that window.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'When that window resets: a Unix time in seconds.',
    required: true,
    schema: { type: 'integer' },
  },
  'X-Request-Id': {
    description: 'The request id, as in `meta.request_id`.',
    required: true,
    schema: { type: 'string' },
  },
  'X-Hire-Environment': {
    description: 'Which environment answered.',
    schema: { type: 'string', enum: ['production', 'sandbox'] },
  },
  'X-Key-Expires-At': {
    description: 'When the key expires (ISO 8601), for a key with an expiry.',
    schema: { type: 'string', format: 'date-time' },
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'Idempotent-Replayed': {
    description: 'The first answer to this Idempotency-Key, replayed; nothing was made again.',
    schema: { type: 'string', enum: ['true'] },
  },
};

function headers(...extra: string[]): Json {
  return Object.fromEntries(
    [...EVERY_ANSWER, 'X-Hire-Environment', 'X-Key-Expires-At', ...extra].map((name) => [name, ref('headers', name)]),
  );
}

/** The error answers, by status: the codes each may carry (docs/api-choices.md §1). */
const ERRORS: Record<number, { name: string; description: string; codes: string[]; extra?: string[] }> = {
  400: {
    name: 'ValidationError',
    description: 'Invalid request: `details` maps each bad field or parameter to a message.',
    codes: ['validation_error'],
  },
  401: {
    name: 'Unauthorized',
    description: 'A missing, unknown, revoked or expired key.',
    codes: ['unauthorized', 'key_expired'],
  },
  403: {
    name: 'Forbidden',
    description: "The key's level is too low for the operation, or it is used from an address outside its allow-list.",
    codes: ['forbidden'],
  },
  404: { name: 'NotFound', description: 'No such record.', codes: ['not_found'] },
  409: {
    name: 'Conflict',
    description:
      'A transition the record cannot make (docs/api-choices.md §3), or an Idempotency-Key already used with a different request.',
    codes: ['conflict'],
  },
  413: { name: 'PayloadTooLarge', description: 'The body is over 1 MiB.', codes: ['payload_too_large'] },
  429: {
    name: 'RateLimited',
    description:
      "Over a window of the key's limits (or the allowance of requests without a key): wait `retry_after` seconds.",
    codes: ['rate_limited'],
    extra: ['Retry-After'],
  },
  500: {
    name: 'ServerError',
    description: 'The emulator failed, or a stored record is damaged (`data_damaged`, with how to recover).',
    codes: ['internal_error', 'data_damaged'],
  },
  503: {
    name: 'Unavailable',
    description: 'Unavailable: an injected fault (`hire emulator start --chaos`) only.',
    codes: ['service_unavailable'],
  },
};

function errorResponse(status: number): Json {
  const { description, codes, extra = [] } = ERRORS[status]!;
  const narrowed: Json = {
    properties: {
      error: {
        properties: {
          code: { type: 'string', enum: codes },
          ...(status === 401 || status === 403 ? { status: { const: status } } : {}),
        },
        ...(status === 401 || status === 403 ? { required: ['status'] } : {}),
      },
    },
    ...(status === 429 ? { required: ['retry_after'] } : {}),
  };
  return {
    description,
    headers: headers(...extra),
    content: { 'application/json': { schema: { allOf: [ref('schemas', 'Error'), narrowed] } } },
  };
}

/** The statuses an operation may answer besides its success. */
function errorStatuses(route: Route, doc: RouteDoc): number[] {
  const statuses = new Set<number>([401, 403, 429, 500, 503, ...(doc.errors ?? [])]);
  // A path parameter that is not valid percent-encoding is a 400; an id naming nothing, a 404.
  if (route.path.includes(':')) [400, 404].forEach((status) => statuses.add(status));
  if (doc.list || doc.query || doc.body) statuses.add(400);
  if (doc.body) statuses.add(413);
  // docs/api-choices.md §7: an Idempotency-Key already used with a different request.
  if (route.method === 'POST') statuses.add(409);
  return [...statuses].sort((a, b) => a - b);
}

function queryParameter(name: string, query: QueryDoc): Json {
  return {
    name,
    in: 'query',
    required: false,
    description: query.description,
    schema: query.schema,
    example: query.example,
  };
}

const LIST_PARAMETERS: Record<string, Json> = {
  page: {
    name: 'page',
    in: 'query',
    description: 'The page, from 1; beyond the last page that can be reached is a 400.',
    schema: { type: 'integer', minimum: 1, default: 1 },
  },
  per_page: {
    name: 'per_page',
    in: 'query',
    description: `Items per page (docs/api-choices.md §4).`,
    schema: { type: 'integer', minimum: 1, maximum: PER_PAGE_MAX, default: PER_PAGE_DEFAULT },
  },
};

/** What a filter on a field of the record takes: a value of its set, or a field below it for an object. */
function filterDescription(field: string, property: JsonSchema | undefined): string {
  const described = (property?.anyOf as JsonSchema[] | undefined)?.[0] ?? property ?? {};
  const values = (described.enum as string[] | undefined) ?? ((described.items as JsonSchema)?.enum as string[]);
  const below = Object.keys((described.properties as JsonSchema | undefined) ?? {});
  return [
    `Filter by ${field}: comma-separated values match any of them.`,
    values ? ` Values: ${values.join(', ')}.` : '',
    below.length > 0 ? ` Filter a field below it by its dotted path, as \`${field}.${below[0]}\`.` : '',
    " A value outside the field's type or set is a 400.",
  ].join('');
}

function listParameters(list: NonNullable<RouteDoc['list']>, record: JsonSchema): Json[] {
  const fields = list.fields.join(', ');
  const properties = (record.properties ?? {}) as Record<string, JsonSchema>;
  return [
    ref('parameters', 'page'),
    ref('parameters', 'per_page'),
    {
      name: 'sort',
      in: 'query',
      description: `Comma-separated fields (dotted paths below them too); a leading \`-\` sorts descending. Newest first by default. Fields: ${fields}.`,
      schema: { type: 'string' },
    },
    {
      name: 'fields',
      in: 'query',
      description: `Comma-separated fields to return (dotted paths keep their nesting); the items then carry only those. Fields: ${fields}.`,
      schema: { type: 'string' },
    },
    // Any field is a filter: comma-separated values match any of them (docs/api-choices.md §4).
    ...list.fields.map((field) => ({
      name: field,
      in: 'query',
      description: filterDescription(field, properties[field]),
      schema: { type: 'string' },
    })),
    ...Object.entries(list.filters ?? {}).map(([name, query]) => queryParameter(name, query)),
  ];
}

function successResponse(route: Route, doc: RouteDoc): Json {
  const replayed = route.method === 'POST' ? ['Idempotent-Replayed'] : [];
  const { status, data, meta } = doc.answer;
  if (status === 204 || data === undefined)
    return { description: 'Done; no body (the request id is in X-Request-Id).', headers: headers() };
  const record = ref('schemas', data);
  const items = doc.list
    ? {
        type: 'array',
        items: {
          anyOf: [
            record,
            {
              type: 'object',
              description: 'With `fields`: only the fields asked for.',
              propertyNames: { enum: [...doc.list.fields] },
            },
          ],
        },
      }
    : record;
  const metaName = doc.list ? 'ListMeta' : meta === 'generation' ? 'GenerationMeta' : 'Meta';
  return {
    description: status === 201 ? 'Created.' : 'OK.',
    headers: headers(...replayed),
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['data', 'meta'],
          additionalProperties: false,
          properties: { data: items, meta: ref('schemas', metaName) },
        },
      },
    },
  };
}

/** The key level an operation takes (docs/api-choices.md §5): the route's, else the method's. */
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
    ...(doc.list ? listParameters(doc.list, records[doc.answer.data ?? ''] ?? {}) : []),
    ...Object.entries(doc.query ?? {}).map(([name, query]) => queryParameter(name, query)),
    ...(route.method === 'POST' ? [ref('parameters', 'Idempotency-Key')] : []),
  ];
  const responses: Json = { [String(doc.answer.status)]: successResponse(route, doc) };
  for (const status of errorStatuses(route, doc)) responses[String(status)] = ref('responses', ERRORS[status]!.name);
  const level = levelOf(route);
  return {
    operationId: doc.operation,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
    ...(OPERATIONS[doc.operation].published ? {} : { 'x-assumed': true }),
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

/** A record's schema, its fields the spec does not publish marked `x-assumed` (or the whole record). */
function recordSchema(name: keyof typeof RECORDS): JsonSchema {
  const schema = jsonSchema(RECORDS[name], 'output');
  const published = PUBLISHED_FIELDS[name];
  if (!published) return { ...schema, 'x-assumed': true };
  const properties = schema.properties as Record<string, JsonSchema>;
  for (const [field, property] of Object.entries(properties))
    if (!published.includes(field)) properties[field] = { ...property, 'x-assumed': true };
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

const DESCRIPTION = `The Hiring Platform API as the \`hire\` emulator serves it. The spec publishes six operations and
few fields; everything else here is the project's choice (docs/api-choices.md) and is marked
\`x-assumed: true\` (operations, record fields, whole records, and the webhook deliveries).
\`x-key-level\` names the key level an operation takes. The deprecated \`/api/v0\` is served like
\`/api/v1\` with Deprecation and Sunset headers; the emulator's own controls (\`/_emulator\`) are not described.`;

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
    if (doc.body)
      bodies[doc.body.name] = {
        ...jsonSchema(doc.body.schema, 'input'),
        ...(doc.body.assumed ? { 'x-assumed': true } : {}),
      };
  }
  const schemas: Record<string, JsonSchema> = {
    ...records,
    ...Object.fromEntries(Object.entries(METAS).map(([name, schema]) => [name, jsonSchema(schema, 'output')])),
    Error: jsonSchema(ErrorEnvelope, 'output'),
    ...bodies,
  };
  return {
    openapi: '3.1.0',
    info: { title: 'Hiring Platform API (hire emulator)', version: 'v1', description: DESCRIPTION },
    tags: ['Jobs', 'Candidates', 'Assessments', 'Analytics', 'Webhooks', 'Events'].map((name) => ({ name })),
    security: [{ apiKey: [] }],
    paths,
    webhooks: webhooks(),
    components: {
      schemas,
      parameters: {
        ...LIST_PARAMETERS,
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'The same key with the same request (method, path, body) replays the first answer (Idempotent-Replayed: true); with a different request, 409. Scoped to the API key; only 2xx answers are kept (docs/api-choices.md §7).',
          schema: { type: 'string', minLength: 1 },
        },
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
