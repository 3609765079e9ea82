// The shapes checked on every command's path without zod (src/json-shape.ts): the config file and
// the server's envelopes. zod schemas written here, as the code had them before, are the oracle:
// on generated JSON near each shape, the hand-written check accepts exactly what zod accepts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { isErrorEnvelope, isListMeta, isRecord, isSuccessEnvelope } from '../../src/api/envelope.js';
import { checkConfig, ENVIRONMENTS } from '../../src/config/profiles.js';
import { HireError } from '../../src/errors.js';
import { properties, runs } from '../helpers/properties.js';

const { property } = properties('json shapes', 20261128);

const Meta = z.looseObject({ request_id: z.optional(z.string()) });
const ORACLES = {
  success: z.looseObject({ data: z.unknown(), meta: z.optional(Meta) }),
  listMeta: z.looseObject({
    request_id: z.optional(z.string()),
    current_page: z.number(),
    per_page: z.number(),
    total_pages: z.number(),
    total_count: z.number(),
  }),
  error: z.looseObject({
    error: z.looseObject({
      code: z.string(),
      message: z.string(),
      details: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
      status: z.optional(z.number()),
      retry_after: z.optional(z.number()),
    }),
    meta: z.optional(Meta),
    retry_after: z.optional(z.number()),
  }),
  record: z.record(z.string(), z.unknown()),
  config: z.looseObject({
    default_profile: z.optional(z.string()),
    profiles: z.optional(
      z.record(
        z.string(),
        z.looseObject({
          environment: z.enum(ENVIRONMENTS),
          base_url: z.string(),
          api_key: z.optional(z.string()),
          key_storage: z.optional(z.literal('keychain')),
          key_saved_at: z.optional(z.string()),
          emulator: z.optional(z.boolean()),
        }),
      ),
    ),
    listen_secrets: z.optional(z.record(z.string(), z.string())),
    learned: z.optional(
      z.record(z.string(), z.looseObject({ base_url: z.string(), not_offered: z.array(z.string()) })),
    ),
    listen_webhooks: z.optional(
      z.record(
        z.string(),
        z.array(
          z.looseObject({
            url: z.string(),
            pid: z.number(),
            api: z.optional(z.string()),
            base_url: z.optional(z.string()),
          }),
        ),
      ),
    ),
  }),
};

const json = fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
/** A value of `good`'s kind most of the time, else any JSON (the wrong kind, null, a list…). */
const mostly = <T>(good: fc.Arbitrary<T>) => fc.oneof({ arbitrary: good, weight: 3 }, { arbitrary: json, weight: 1 });
/** An object with these fields, each present or not, and now and then a field of its own. */
const near = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(fc.constantFrom('extra', 'x'), json, { maxKeys: 1 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
const meta = near({ request_id: mostly(fc.string()) });
const count = mostly(fc.integer({ min: 0, max: 5 }));
// Not `__proto__`: zod passed over that key unchecked; here it is a profile like any other (below).
const word = fc.constantFrom('prod', 'ci', 'a.b', 'constructor', 'toString');

const arbitraries = {
  success: mostly(near({ data: json, meta: mostly(meta) })),
  listMeta: mostly(
    near({
      request_id: mostly(fc.string()),
      current_page: count,
      per_page: count,
      total_pages: count,
      total_count: count,
    }),
  ),
  error: mostly(
    near({
      error: mostly(
        near({
          code: mostly(fc.string()),
          message: mostly(fc.string()),
          details: mostly(fc.oneof(fc.constant(null), fc.dictionary(fc.string(), json, { maxKeys: 2 }))),
          status: count,
          retry_after: count,
        }),
      ),
      meta: mostly(meta),
      retry_after: count,
    }),
  ),
  record: json,
  config: mostly(
    near({
      default_profile: mostly(fc.string()),
      profiles: mostly(
        fc.dictionary(
          word,
          mostly(
            near({
              environment: mostly(fc.constantFrom(...ENVIRONMENTS, 'staging')),
              base_url: mostly(fc.webUrl()),
              api_key: mostly(fc.string()),
              key_storage: mostly(fc.constantFrom('keychain', 'file')),
              key_saved_at: mostly(fc.string()),
              emulator: mostly(fc.boolean()),
            }),
          ),
          { maxKeys: 2 },
        ),
      ),
      listen_secrets: mostly(fc.dictionary(word, mostly(fc.string()), { maxKeys: 2 })),
      learned: mostly(
        fc.dictionary(
          word,
          mostly(
            near({
              base_url: mostly(fc.string()),
              not_offered: mostly(fc.array(mostly(fc.string()), { maxLength: 2 })),
            }),
          ),
          { maxKeys: 2 },
        ),
      ),
      listen_webhooks: mostly(
        fc.dictionary(
          word,
          mostly(
            fc.array(
              mostly(
                near({
                  url: mostly(fc.string()),
                  pid: count,
                  api: mostly(fc.string()),
                  base_url: mostly(fc.string()),
                }),
              ),
              { maxLength: 2 },
            ),
          ),
          { maxKeys: 2 },
        ),
      ),
    }),
  ),
};

const configFits = (value: unknown): boolean => {
  try {
    checkConfig('/tmp/config.json', value);
    return true;
  } catch (error) {
    if (!(error instanceof HireError)) throw error;
    return false;
  }
};

const CHECKS: Record<keyof typeof ORACLES, (value: unknown) => boolean> = {
  success: isSuccessEnvelope,
  listMeta: isListMeta,
  error: isErrorEnvelope,
  record: isRecord,
  config: configFits,
};

describe('the shapes checked without zod accept what zod accepted', () => {
  for (const name of Object.keys(ORACLES) as (keyof typeof ORACLES)[]) {
    it(`${name}: the same verdict as the zod schema (3,000 inputs)`, async () => {
      const seen = { accepted: 0, refused: 0 };
      await property(name, arbitraries[name], 3000, async (value) => {
        const verdict = CHECKS[name](value);
        seen[verdict ? 'accepted' : 'refused']++;
        expect(verdict, JSON.stringify(value)).toBe(ORACLES[name].safeParse(value).success);
      });
      // At the full count both verdicts were tried, or the property proves little (a few inputs,
      // as the unit project runs, may all fall on one side under another seed).
      if (runs(3000) >= 3000) {
        expect(seen.accepted).toBeGreaterThan(0);
        expect(seen.refused).toBeGreaterThan(0);
      }
    });
  }

  // JSON the generators above do not make: numbers too large for a double, keys named __proto__.
  const EDGES: [keyof typeof ORACLES, string][] = [
    ['listMeta', '{"current_page":1e400,"per_page":1,"total_pages":1,"total_count":1}'],
    ['listMeta', '{"current_page":-1e400,"per_page":1,"total_pages":1,"total_count":1}'],
    ['error', '{"error":{"code":"x","message":"y","status":1e400}}'],
    ['error', '{"error":{"code":"x","message":"y","retry_after":-1e400}}'],
    ['error', '{"error":{"code":"x","message":"y","details":{"__proto__":1}},"__proto__":{}}'],
    ['success', '{"data":{"__proto__":{"a":1}},"meta":{"__proto__":null}}'],
    ['success', '{"__proto__":{"data":1}}'],
    ['record', '{"__proto__":[]}'],
    ['config', '{"__proto__":{"profiles":1},"profiles":{}}'],
  ];
  for (const [name, text] of EDGES)
    it(`${name}: the same verdict as the zod schema on ${text}`, () => {
      const value = JSON.parse(text) as unknown;
      expect(CHECKS[name](value)).toBe(ORACLES[name].safeParse(value).success);
    });
});

describe('a config file of the wrong shape', () => {
  const reason = (value: unknown): string => {
    try {
      checkConfig('/home/u/.config/hire/config.json', value);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('accepted');
  };

  it('names the first bad field and what it must be', () => {
    expect(reason({ profiles: { prod: { environment: 'staging', base_url: 'https://x' } } })).toBe(
      'The config file /home/u/.config/hire/config.json cannot be parsed (profiles.prod.environment must be one of "production", "sandbox", "local"). It was left untouched.',
    );
    expect(reason({ profiles: { prod: { environment: 'production' } } })).toContain(
      '(profiles.prod.base_url is required)',
    );
    expect(reason({ listen_webhooks: { prod: [{ url: 'u', pid: '12' }] } })).toContain(
      '(listen_webhooks.prod[0].pid must be a number)',
    );
    expect(reason({ learned: { prod: { base_url: 'u', not_offered: 'jobs.get' } } })).toContain(
      '(learned.prod.not_offered must be a list)',
    );
    expect(reason({ profiles: [] })).toContain('(profiles must be an object)');
    expect(reason(JSON.parse('{"profiles":{"__proto__":{}}}'))).toContain(
      '(profiles.__proto__.environment is required)',
    );
  });

  it('says so of the whole file when it is not an object', () => {
    expect(reason([])).toContain('(it must be an object)');
    expect(reason('text')).toContain('(it must be an object)');
  });

  it('keeps what it does not know, as written', () => {
    const config = {
      future: { a: 1 },
      profiles: { p: { environment: 'sandbox', base_url: 'https://x', later: true } },
    };
    expect(checkConfig('/c.json', config)).toEqual(config);
  });
});
