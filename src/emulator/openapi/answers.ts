// The answers of the OpenAPI description: the headers every answer carries, the error answers by
// status and which an operation may give, and an operation's success (docs/api-choices.md §1, §6).
import type { Route, RouteDoc } from '../http/route.js';
import { assumed, ref, type Json } from './parts.js';

/** The headers on every answer (docs/api-choices.md §1, §6). */
const EVERY_ANSWER = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-Request-Id'] as const;

const NOT_IN_SPEC = 'The spec does not name this header.';

export const HEADERS: Record<string, Json> = {
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
export const ERRORS: Record<
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

export function errorResponse(status: number): Json {
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
export function errorStatuses(route: Route, doc: RouteDoc): number[] {
  const statuses = new Set<number>([401, 403, 429, 500, 503, ...(doc.errors ?? [])]);
  // A path parameter that is not valid percent-encoding is a 400; an id naming nothing, a 404.
  if (route.path.includes(':')) [400, 404].forEach((status) => statuses.add(status));
  if (doc.list || doc.query || doc.body) statuses.add(400);
  if (doc.body) statuses.add(413);
  // docs/api-choices.md §7: an Idempotency-Key already used with a different request.
  if (route.method === 'POST') statuses.add(409);
  return [...statuses].sort((a, b) => a - b);
}

const SUCCESS_ASSUMED = 'The status is assumed: the spec shows no success status.';

export function successResponse(route: Route, doc: RouteDoc): Json {
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
