// What every part of the OpenAPI description uses (docs/emulator.md "OpenAPI description"): a
// reference to a component, a zod schema as JSON Schema with what its rule adds, and the mark of
// what the spec does not state.
import * as z from 'zod/mini';
import { SCHEMA_DOCS, type SchemaDoc } from '../../domain/rules.js';
import type { JsonSchema } from '../http/route.js';

export type Json = Record<string, unknown>;

export const ref = (kind: 'schemas' | 'parameters' | 'headers' | 'responses', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/** A zod schema as JSON Schema draft 2020-12 (OpenAPI 3.1's dialect), without its `$schema`. */
export function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
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
export function assumed<T extends JsonSchema>(why: string, node: T = {} as T): T & { 'x-assumed': true } {
  const description = node.description === undefined ? why : `${String(node.description)} ${why}`;
  return { ...node, description, 'x-assumed': true };
}
