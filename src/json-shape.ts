// The shape of JSON read on every command's path: the config file (config/profiles.ts) and the
// server's envelopes (api/envelope.ts). Written out rather than with zod: zod is the largest code a
// request would load, and it and its schemas took 10–13 ms of each start (README "Performance");
// these checks cost microseconds. The spec's rules for records stay zod schemas (domain/), loaded
// by the commands that write records.

import { isPlainObject } from './domain/merge.js';

/** What is wrong, and where: `profiles.prod.environment`, `must be one of …`. */
export interface ShapeProblem {
  path: readonly PropertyKey[];
  message: string;
}

/** A check of one value at `path`: its first problem, or undefined. */
export type Shape = (value: unknown, path: readonly PropertyKey[]) => ShapeProblem | undefined;

/** `test`, else "must be WHAT" ("is required" when absent). */
function expect(test: (value: unknown) => boolean, what: string): Shape {
  return (value, path) =>
    test(value) ? undefined : { path, message: value === undefined ? 'is required' : `must be ${what}` };
}

export const string = expect((value) => typeof value === 'string', 'a string');
export const number = expect((value) => typeof value === 'number' && Number.isFinite(value), 'a number');
export const boolean = expect((value) => typeof value === 'boolean', 'true or false');
/** Any value, as long as the key is there (`null` is a value). */
export const present = expect((value) => value !== undefined, 'present');

export function oneOf(values: readonly (string | number | boolean)[]): Shape {
  const listed: readonly unknown[] = values;
  return expect((value) => listed.includes(value), `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);
}

/** Absent (or, from JSON, `null` when `orNull`) is fine; anything else is checked by `shape`. */
export function optional(shape: Shape, orNull = false): Shape {
  return (value, path) => (value === undefined || (orNull && value === null) ? undefined : shape(value, path));
}

export function listOf(item: Shape): Shape {
  return (value, path) => {
    if (!Array.isArray(value)) return { path, message: value === undefined ? 'is required' : 'must be a list' };
    for (const [index, each] of value.entries()) {
      const problem = item(each, [...path, index]);
      if (problem) return problem;
    }
    return undefined;
  };
}

/** An object whose every value is `item`, under any key. */
export function recordOf(item: Shape): Shape {
  return (value, path) => {
    if (!isPlainObject(value)) return { path, message: value === undefined ? 'is required' : 'must be an object' };
    for (const [key, each] of Object.entries(value)) {
      const problem = item(each, [...path, key]);
      if (problem) return problem;
    }
    return undefined;
  };
}

/**
 * An object with these fields, each checked in order (a field not listed is kept and not checked).
 * A field must be present unless its shape is optional(): a key that is there with no value is
 * absent only in JSON that never holds `undefined`.
 */
export function object(fields: Readonly<Record<string, Shape>>): Shape {
  return (value, path) => {
    if (!isPlainObject(value)) return { path, message: value === undefined ? 'is required' : 'must be an object' };
    for (const [key, shape] of Object.entries(fields)) {
      const problem = shape(Object.hasOwn(value, key) ? value[key] : undefined, [...path, key]);
      if (problem) return problem;
    }
    return undefined;
  };
}

/** Whether `value` has `shape`, for a guard that needs no message. */
export function fits(shape: Shape, value: unknown): boolean {
  return shape(value, []) === undefined;
}
