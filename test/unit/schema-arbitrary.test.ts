// The generator behind the OpenAPI request test (test/helpers/schema-arbitrary.ts), on a schema
// that uses every keyword of the subset it claims: its valid values are valid by ajv, it finds each
// rule the schema states, and each breaking value breaks that rule alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { properties } from '../helpers/properties.js';
import { SchemaArbitraries, type Schema } from '../helpers/schema-arbitrary.js';

const { property } = properties('schema-arbitrary', 20261128);

const DOC: Schema = {
  components: {
    schemas: {
      Place: {
        type: 'object',
        properties: {
          type: { type: 'string', enum: ['remote', 'onsite'] },
          city: { type: 'string', minLength: 1 },
          country: { type: 'string', pattern: '^[A-Z]{2}$' },
        },
        required: ['type'],
        additionalProperties: false,
        if: { properties: { type: { const: 'onsite' } }, required: ['type'] },
        then: { required: ['city'] },
      },
      Input: {
        type: 'object',
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 20 },
          place: { $ref: '#/components/schemas/Place' },
          count: { type: 'integer', minimum: 5, maximum: 20, default: 10 },
          ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
          tags: {
            type: 'array',
            items: { type: 'string', enum: ['a', 'b', 'c'] },
            minItems: 1,
            maxItems: 3,
            uniqueItems: true,
          },
          day: { type: 'string', format: 'date' },
          at: { type: 'string', format: 'date-time' },
          mail: { type: 'string', format: 'email' },
          site: { type: 'string', format: 'uri' },
          note: { anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }] },
          kind: { const: 'job' },
          flag: { type: 'boolean' },
        },
        required: ['title'],
        additionalProperties: false,
      },
      Patch: {
        type: 'object',
        properties: { title: { type: 'string' }, flag: { type: 'boolean' } },
        minProperties: 1,
        additionalProperties: false,
      },
    },
  },
};
const schemas = new SchemaArbitraries(DOC);
const INPUT = { $ref: '#/components/schemas/Input' };
const PATCH = { $ref: '#/components/schemas/Patch' };

describe('schema-arbitrary', () => {
  it('generates values valid by the schema, with every optional field now and then', async () => {
    const seen = new Set<string>();
    await property('valid', schemas.valid(INPUT), 300, async (value) => {
      expect(schemas.errors(INPUT, value)).toEqual([]);
      for (const key of Object.keys(value as object)) seen.add(key);
    });
    expect([...seen].sort()).toEqual(expect.arrayContaining(['title', 'place', 'tags']));
  });

  it('finds every rule the schema states, at its field', () => {
    const rules = schemas.violations(INPUT).map((violation) => `${violation.field} ${violation.rule}`);
    expect(rules).toEqual(
      expect.arrayContaining([
        'title required',
        'title minLength',
        'title maxLength',
        'title type',
        'place.type enum',
        'place.type required',
        'place.city then',
        'place.city minLength',
        'place.country pattern',
        'place.* additionalProperties',
        'count minimum',
        'count maximum',
        'count integer',
        'ratio exclusiveMinimum',
        'ratio exclusiveMaximum',
        'tags minItems',
        'tags maxItems',
        'tags uniqueItems',
        'tags[0] enum',
        'day format',
        'at format',
        'mail format',
        'site format',
        'note maxLength',
        'note type',
        'kind const',
        'flag type',
        '* additionalProperties',
      ]),
    );
    expect(schemas.violations(PATCH).map((violation) => `${violation.field} ${violation.rule}`)).toContain(
      ' minProperties',
    );
  });

  it('breaks each rule alone: ajv names only that field (or one holding it)', async () => {
    for (const violation of schemas.violations(INPUT)) {
      await property(`${violation.field} ${violation.rule}`, violation.sample, 10, async ({ value, field }) => {
        const errors = schemas.errors(INPUT, value);
        expect(errors.length).toBeGreaterThan(0);
        expect(schemas.breaksAlone(INPUT, value, field)).toBe(true);
      });
    }
  });

  it('knows a value that breaks two rules from one that breaks one', () => {
    const base = { title: 'x' };
    expect(schemas.breaksAlone(INPUT, { ...base, count: 3 }, 'count')).toBe(true);
    expect(schemas.breaksAlone(INPUT, { ...base, count: 3, ratio: 2 }, 'count')).toBe(false);
    expect(schemas.breaksAlone(INPUT, { ...base, place: { type: 'onsite' } }, 'place.city')).toBe(true);
    expect(schemas.breaksAlone(INPUT, { ...base, place: { type: 'onsite', city: 'L' } }, 'place.city')).toBe(false);
    expect(fc.sample(schemas.valid(PATCH), 20).every((value) => Object.keys(value as object).length >= 1)).toBe(true);
  });
});
