// The query parameters of the OpenAPI description: a list's (docs/api-choices.md §4: page,
// per_page, sort, fields, a filter per field of the record) and a route's own.
import { PAGE_MAX, PER_PAGE_DEFAULT, PER_PAGE_MAX, VALUE_RULES, type ValueRule } from '../http/list.js';
import type { JsonSchema, QueryDoc, RecordName, RouteDoc } from '../http/route.js';
import type { CollectionName } from '../storage/schema.js';
import { assumed, ref, type Json } from './parts.js';

/** Spec "Candidate": the list's filters besides the field names (any field name filters, spec "Common list parameters"). */
const STATED_FILTERS = ['score_min'];

/** A query parameter of the route's own: assumed unless the spec names it (`why` says what it does not state). */
export function queryParameter(name: string, query: QueryDoc, why?: string): Json {
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

export const LIST_PARAMETERS: Record<string, Json> = {
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

export function listParameters(
  list: NonNullable<RouteDoc['list']>,
  record: JsonSchema,
  recordName: RecordName,
): Json[] {
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
