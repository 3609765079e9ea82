// The OpenAPI 3.1 description of the API the emulator serves (docs/emulator.md "OpenAPI
// description"), generated from the route table's docs (route.ts `RouteDoc`), the zod schemas the
// routes validate bodies with (bodies.ts), and the records of records.ts: never written by hand. Loaded and
// built once, when /openapi.json is first asked for; the server fills in its own addresses.
import * as z from 'zod/mini';
import { OPERATIONS } from '../../domain/operations.js';
import { SCHEMA_DOCS, type SchemaDoc } from '../../domain/rules.js';
import { EVENT_KINDS } from '../../domain/vocabulary.js';
import { TIER_LIMITS } from '../access/keys.js';
import { IDEMPOTENCY_HEADER } from '../http/idempotency.js';
import { PAGE_MAX, PER_PAGE_DEFAULT, PER_PAGE_MAX, VALUE_RULES, type ValueRule } from '../http/list.js';
import type { JsonSchema, QueryDoc, RecordName, Route, RouteDoc } from '../http/route.js';
import type { CollectionName } from '../storage/schema.js';
import { BODY_SCHEMAS } from './bodies.js';
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
type Json = Record<string, unknown>;

const ref = (kind: 'schemas' | 'parameters' | 'headers' | 'responses', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/** A zod schema as JSON Schema draft 2020-12 (OpenAPI 3.1's dialect), without its `$schema`. */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // A refinement zod cannot write as JSON Schema says it through its SCHEMA_DOCS entry (below).
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => describeRule(SCHEMA_DOCS.get(zodSchema as z.core.$ZodType), jsonSchema),
  });
  return rest;
}

/**
 * A field's rule as the domain describes it (domain/rules.ts `documented`): its keywords added, and
 * those the spec does not state moved into an `allOf` part marked `x-assumed`, with why.
 */
function describeRule(doc: SchemaDoc | undefined, schema: JsonSchema): void {
  if (!doc) return;
  Object.assign(schema, doc.schema);
  if (!doc.assumed) return;
  const part: JsonSchema = {};
  for (const keyword of doc.assumed.keywords)
    if (keyword in schema) {
      part[keyword] = schema[keyword];
      delete schema[keyword];
    }
  Object.assign(schema, doc.assumed.stated);
  schema.allOf = [...((schema.allOf as JsonSchema[] | undefined) ?? []), assumed(doc.assumed.why, part)];
}

/** Marks what the spec does not state, with a word of why (docs/emulator.md "OpenAPI description"). */
function assumed<T extends JsonSchema>(why: string, node: T = {} as T): T & { 'x-assumed': true } {
  const description = node.description === undefined ? why : `${String(node.description)} ${why}`;
  return { ...node, description, 'x-assumed': true };
}

/** The headers on every answer (docs/api-choices.md §1, §6). */
const EVERY_ANSWER = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-Request-Id'] as const;

const NOT_IN_SPEC = 'The spec does not name this header.';

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
    description: 'When that window resets.',
    required: true,
    schema: assumed('A Unix time in seconds: the spec does not give the unit.', { type: 'integer' }),
  },
  'X-Request-Id': assumed(NOT_IN_SPEC, {
    description: 'The request id, as in `meta.request_id`.',
    required: true,
    schema: { type: 'string' },
  }),
  'X-Hire-Environment': assumed(NOT_IN_SPEC, {
    description: 'Which environment answered.',
    schema: { type: 'string', enum: ['production', 'sandbox'] },
  }),
  'X-Key-Expires-At': assumed(NOT_IN_SPEC, {
    description: 'When the key expires (ISO 8601), for a key with an expiry.',
    schema: { type: 'string', format: 'date-time' },
  }),
  'Retry-After': assumed('The spec names `retry_after` in the body, not this header.', {
    description: 'Seconds to wait before trying again.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  }),
  'Idempotent-Replayed': assumed(NOT_IN_SPEC, {
    description: 'The first answer to this Idempotency-Key, replayed; nothing was made again.',
    schema: { type: 'string', enum: ['true'] },
  }),
};

function headers(...extra: string[]): Json {
  return Object.fromEntries(
    [...EVERY_ANSWER, 'X-Hire-Environment', 'X-Key-Expires-At', ...extra].map((name) => [name, ref('headers', name)]),
  );
}

/** The error answers, by status: the codes each may carry (docs/api-choices.md §1). */
const ERRORS: Record<
  number,
  { name: string; description: string; codes: string[]; extra?: string[]; assumed?: string }
> = {
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
  404: {
    name: 'NotFound',
    description: 'No such record.',
    codes: ['not_found'],
    assumed: 'The spec gives no status for a missing record.',
  },
  409: {
    name: 'Conflict',
    description:
      'A transition the record cannot make (docs/api-choices.md §3), or an Idempotency-Key already used with a different request.',
    codes: ['conflict'],
    assumed: 'The spec gives no status for a conflict.',
  },
  413: {
    name: 'PayloadTooLarge',
    description: 'The body is over 1 MiB.',
    codes: ['payload_too_large'],
    assumed: 'The spec gives no size limit.',
  },
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
    assumed: 'The spec gives no status for a server fault.',
  },
  503: {
    name: 'Unavailable',
    description: 'Unavailable: an injected fault (`hire emulator start --chaos`) only.',
    codes: ['service_unavailable'],
    assumed: 'The spec gives no status for a server fault.',
  },
};

function errorResponse(status: number): Json {
  const { description, codes, extra = [], assumed: why } = ERRORS[status]!;
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
  const response = {
    description,
    headers: headers(...extra),
    content: { 'application/json': { schema: { allOf: [ref('schemas', 'Error'), narrowed] } } },
  };
  return why ? assumed(why, response) : response;
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

/** Spec "Candidate": the list's filters besides the field names (any field name filters, spec "Common list parameters"). */
const STATED_FILTERS = ['score_min'];

/** A query parameter of the route's own: assumed unless the spec names it (`why` says what it does not state). */
function queryParameter(name: string, query: QueryDoc, why?: string): Json {
  const parameter = {
    name,
    in: 'query',
    required: false,
    description: query.description,
    schema: query.schema,
    // The example as the schema types it (a query string is text on the wire).
    example: query.schema.type === 'number' || query.schema.type === 'integer' ? Number(query.example) : query.example,
  };
  return why ? assumed(why, parameter) : parameter;
}

const LIST_PARAMETERS: Record<string, Json> = {
  page: {
    name: 'page',
    in: 'query',
    description: 'The page, from 1.',
    schema: assumed(
      `At most ${PAGE_MAX}: the spec gives no bound (past it, the row offset would leave SQLite's integers).`,
      {
        type: 'integer',
        minimum: 1,
        maximum: PAGE_MAX,
        default: 1,
      },
    ),
  },
  per_page: {
    name: 'per_page',
    in: 'query',
    description: 'Items per page (docs/api-choices.md §4).',
    schema: assumed('The default and maximum: the spec shows neither.', {
      type: 'integer',
      minimum: 1,
      maximum: PER_PAGE_MAX,
      default: PER_PAGE_DEFAULT,
    }),
  },
};

/** The collection a list's records are kept in, by the record its answer carries. */
const COLLECTIONS: Partial<Record<RecordName, CollectionName>> = {
  Job: 'jobs',
  Candidate: 'candidates',
  Assessment: 'assessments',
  Webhook: 'webhooks',
  Delivery: 'deliveries',
  Event: 'events',
};

/** A comma-separated list in a query (`status=active,paused`), of items as `items` says. */
const commaList = (items: JsonSchema, minItems?: number): Json => ({
  style: 'form',
  explode: false,
  schema: { type: 'array', ...(minItems ? { minItems } : {}), items },
});

/** What a filter's values must be (list.ts VALUE_RULES: else a 400 naming it), or any text. */
function filterItems(rule: ValueRule | undefined): JsonSchema {
  if (!rule) return { type: 'string' };
  if (Array.isArray(rule)) return { type: 'string', enum: [...(rule as readonly string[])] };
  const { min, max } = rule as { min: number; max: number };
  return { type: 'number', minimum: min, maximum: max };
}

function filterParameter(field: string, rule: ValueRule | undefined, below: string[]): Json {
  return {
    name: field,
    in: 'query',
    description: [
      `Filter by ${field}: comma-separated values match any of them.`,
      below.length > 0 ? ` Filter a field below it by its dotted path, as \`${field}.${below[0]}\`.` : '',
      rule ? " A value outside the field's type or set is a 400." : '',
      Array.isArray(rule) ? ' Values are matched whatever their case.' : '',
    ].join(''),
    // A filter with a rule takes at least one value: an empty one is outside its set.
    ...commaList(filterItems(rule), rule ? 1 : undefined),
  };
}

function listParameters(list: NonNullable<RouteDoc['list']>, record: JsonSchema, recordName: RecordName): Json[] {
  const fields = list.fields.join(', ');
  const properties = (record.properties ?? {}) as Record<string, JsonSchema>;
  const rules = VALUE_RULES[COLLECTIONS[recordName]!] ?? {};
  const below = (field: string) => {
    const described = (properties[field]?.anyOf as JsonSchema[] | undefined)?.[0] ?? properties[field] ?? {};
    return Object.keys((described.properties as JsonSchema | undefined) ?? {});
  };
  return [
    ref('parameters', 'page'),
    ref('parameters', 'per_page'),
    {
      name: 'sort',
      in: 'query',
      description: `Comma-separated fields (dotted paths below them too); a leading \`-\` sorts descending. Newest first by default. Fields: ${fields}.`,
      ...commaList({ type: 'string', enum: list.fields.flatMap((field) => [field, `-${field}`]) }),
    },
    {
      name: 'fields',
      in: 'query',
      description: `Comma-separated fields to return (dotted paths keep their nesting); the items then carry only those. Fields: ${fields}.`,
      ...commaList({ type: 'string', enum: [...list.fields] }),
    },
    // Any field is a filter: comma-separated values match any of them (docs/api-choices.md §4); a
    // field below one with a rule of its own (location.type) is named too.
    ...list.fields.map((field) => filterParameter(field, rules[field], below(field))),
    ...Object.keys(rules)
      .filter((path) => path.includes('.'))
      .map((path) => filterParameter(path, rules[path], [])),
    ...Object.entries(list.filters ?? {}).map(([name, query]) =>
      queryParameter(name, query, STATED_FILTERS.includes(name) ? undefined : 'The spec does not name this filter.'),
    ),
  ];
}

const SUCCESS_ASSUMED = 'The status is assumed: the spec shows no success status.';

function successResponse(route: Route, doc: RouteDoc): Json {
  const replayed = route.method === 'POST' ? ['Idempotent-Replayed'] : [];
  const { status, data, meta } = doc.answer;
  if (status === 204 || data === undefined)
    return assumed(SUCCESS_ASSUMED, {
      description: 'Done; no body (the request id is in X-Request-Id).',
      headers: headers(),
    });
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
  return assumed(SUCCESS_ASSUMED, {
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
  });
}

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
