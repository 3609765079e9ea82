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
