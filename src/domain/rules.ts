// Building blocks for the spec's field rules, each with the message a user sees.
// Messages read after the field name: "description: must be at least 100 characters (got 42)".
// zod/mini rather than classic zod: the same checks at a fifth of the start-up cost (≈3 ms bundled).
import * as z from 'zod/mini';
import { formatPath } from './field-path.js';
import { CODE_LISTS, codeError, normaliseCode } from './codes.js';
import { dictionary } from './merge.js';

/** Message for a value of the wrong type, or "is required" when absent. */
export function typeError(expected: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : `must be ${expected}`);
}

export const text = () => z.string({ error: typeError('a string') });

/**
 * A module's schemas, built at their first use rather than as the module loads: zod takes
 * milliseconds to build a few dozen, and a command that only reads, or the emulator answering a
 * GET, checks no input (README "Performance").
 */
export function builtOnce<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

/**
 * What a field's schema says in the OpenAPI document beyond what zod's JSON Schema can (a
 * refinement, a default the server applies), and which of its keywords the spec does not state:
 * those move into an `allOf` part marked `x-assumed`, with why (docs/emulator.md "OpenAPI
 * description"). Kept beside the rule, from the same constants, so that the rule and its
 * description are written once; read by the document's generator (emulator/openapi/document.ts).
 */
export interface SchemaDoc {
  schema?: Record<string, unknown>;
  assumed?: { keywords: readonly string[]; why: string; stated?: Record<string, unknown> };
}

export const SCHEMA_DOCS = new WeakMap<z.core.$ZodType, SchemaDoc>();

/** `schema`, described in the OpenAPI document by `doc` as well. */
export function documented<T extends z.core.$ZodType>(schema: T, doc: SchemaDoc): T {
  SCHEMA_DOCS.set(schema, doc);
  return schema;
}

/** Not blank: at least one character that is not a space (the same set `trim()` removes). */
export const NOT_BLANK = /\S/;

export const nonEmptyText = () => text().check(z.regex(NOT_BLANK, { error: 'must not be empty' }));

/** Text not blank where the spec asks only for a string: the rule is assumed. */
export const filledText = () =>
  documented(nonEmptyText(), {
    assumed: { keywords: ['pattern'], why: 'Not blank: the spec asks for a string and says nothing of an empty one.' },
  });

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: typeError(`one of: ${values.join(', ')}`) });

export const flag = () => z.boolean({ error: typeError('true or false') });

export const listOf = <T extends z.core.SomeType>(item: T, expected: string) =>
  z.array(item, { error: typeError(expected) });

export const textList = () => listOf(filledText(), 'a list of strings');

export const wholeNumberBetween = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .int({ error: typeError(`a whole number from ${min} to ${max}`) })
    .check(z.minimum(min, { error: message }), z.maximum(max, { error: message }));
};

export const amount = () =>
  documented(z.number({ error: typeError('a number') }).check(z.minimum(0, { error: 'must not be negative' })), {
    assumed: { keywords: ['minimum'], why: 'Not negative: the spec gives no bound.' },
  });

/**
 * A whole number where the spec says "number" (`question_count`, `time_limit`): the integer is
 * assumed, the bounds are the spec's.
 */
export const wholeNumberForNumber = (min: number, max: number, fallback: number) =>
  documented(wholeNumberBetween(min, max), {
    schema: { default: fallback },
    assumed: {
      keywords: ['type'],
      stated: { type: 'number' },
      why: 'A whole number: the spec says "number".',
    },
  });

/** Counts Unicode code points, not UTF-16 units, after trimming (docs/api-choices.md §11). */
export const codePoints = (value: string) => [...value.trim()].length;

/**
 * Text of at least `min` characters (spaces around it not counted) and, given `max`, at most `max`
 * (counted whole). In the document: `minLength`, and a pattern that counts from the first character
 * that is not a space to the last (JSON Schema counts code points, and its patterns match with
 * the `u` flag); `max`, assumed where the spec shows none.
 */
export const minCodePoints = (min: number, max?: number, maxWhy?: string) =>
  documented(minCodePointsRule(min, max), {
    schema: {
      minLength: min,
      pattern: `\\S[\\s\\S]{${min - 2},}\\S`,
      ...(max === undefined ? {} : { maxLength: max }),
    },
    ...(max !== undefined && maxWhy ? { assumed: { keywords: ['maxLength'], why: maxWhy } } : {}),
  });

const minCodePointsRule = (min: number, max?: number) =>
  text().check(
    z.superRefine((value: string, ctx) => {
      const length = codePoints(value);
      if (length < min) ctx.addIssue({ code: 'custom', message: `must be at least ${min} characters (got ${length})` });
      if (max === undefined || value.length <= max) return;
      const whole = [...value].length;
      if (whole > max)
        ctx.addIssue({
          code: 'custom',
          message: `must be at most ${max.toLocaleString('en-US')} characters (got ${whole.toLocaleString('en-US')})`,
        });
    }),
  );

/** Field errors keyed by path: `location.city`, `skills[2]`, `body` for the whole input. */
export type FieldErrors = Record<string, string>;

export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  // No prototype: a field named `toString` or `__proto__` is a key like any other.
  const errors: FieldErrors = dictionary();
  const note = (path: string, message: string) => {
    if (!Object.hasOwn(errors, path)) errors[path] = message;
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) note(formatPath([...issue.path, key]), 'is not a known field');
      continue;
    }
    note(formatPath(issue.path), issue.message);
  }
  return { ...errors };
}

export type Validation<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * For a rule across fields (a superRefine's params): run it even when another field of the object
 * failed, so that every bad field is named at once (docs/api-choices.md §11); zod skips such checks
 * by default. The rule then sees the fields as given, so it checks their types itself.
 */
export const evenWhenOthersFail = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};

export function validateWith<T>(schema: z.ZodMiniType<T>, input: unknown): Validation<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: issuesToFieldErrors(result.error.issues) };
}

/**
 * A country or currency code: trimmed and upper-cased (`usd` → `USD`), then looked up in its list.
 * The value stored and sent is the normalised one; a message quotes the value as given.
 */
export const isoCode = (list: keyof typeof CODE_LISTS, assumedWhy?: string) =>
  documented(isoCodeRule(list), {
    schema: {
      enum: [...CODE_LISTS[list].codes].sort(),
      description: `An ${CODE_LISTS[list].standard}. Lower case and spaces around it are accepted and normalised (\`us\` is stored as \`US\`).`,
    },
    ...(assumedWhy ? { assumed: { keywords: ['enum'], why: assumedWhy } } : {}),
  });

const isoCodeRule = (list: keyof typeof CODE_LISTS) =>
  z.pipe(
    text(),
    z.transform((given: string, ctx) => {
      const code = normaliseCode(given);
      if (!CODE_LISTS[list].codes.has(code))
        ctx.issues.push({ code: 'custom', input: given, message: codeError(list, given) });
      return code;
    }),
  );
