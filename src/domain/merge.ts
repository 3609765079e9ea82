// Overlaying one set of job fields on another: nested objects (location, salary,
// assessment_config) merge, everything else is replaced. Used for flags over a file, and for
// PATCH over a stored job.

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function overlay(base: Record<string, unknown>, top: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(top)) {
    const under = out[key];
    out[key] = isPlainObject(under) && isPlainObject(value) ? overlay(under, value) : value;
  }
  return out;
}

/** Sets `location.city`-style paths, making the objects on the way. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split('.');
  let node = target;
  for (const segment of segments.slice(0, -1)) {
    if (!isPlainObject(node[segment])) node[segment] = {};
    node = node[segment] as Record<string, unknown>;
  }
  node[segments.at(-1)!] = value;
}
