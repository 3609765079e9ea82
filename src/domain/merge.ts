// Overlaying one set of job fields on another: nested objects (location, salary,
// assessment_config) merge, everything else is replaced. Used for flags over a file, and for
// PATCH over a stored job.

/** An object without a prototype, for keys that come from outside (`__proto__` is a key here too). */
export function dictionary<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A copy of `entries` without a prototype (a key named `__proto__` stays a key). */
export function dictionaryOf<T>(entries: Readonly<Record<string, T>> | undefined): Record<string, T> {
  return Object.assign(dictionary<T>(), entries);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Sets an own property, even one named `__proto__`: assignment would change the object's
 * prototype instead (or, one level down, Object.prototype itself).
 */
export function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

export const own = (target: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(target, key) ? target[key] : undefined;

export function overlay(base: Record<string, unknown>, top: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(top)) {
    const under = own(out, key);
    define(out, key, isPlainObject(under) && isPlainObject(value) ? overlay(under, value) : value);
  }
  return out;
}

/** Sets `location.city`-style paths, making the objects on the way. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split('.');
  let node = target;
  for (const segment of segments.slice(0, -1)) {
    if (!isPlainObject(own(node, segment))) define(node, segment, {});
    node = node[segment] as Record<string, unknown>;
  }
  define(node, segments.at(-1)!, value);
}
