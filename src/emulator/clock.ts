// The emulator's clock: real time, or, with HIRE_EMULATOR_NOW=<ISO time>, time running from that
// moment (for tests and demos that must not meet a midnight, a key's expiry or an hour's end by
// chance). Read by the CLI where it starts an emulator; the emulator itself takes a `now` option.

/** undefined when the variable is unset; a clock starting at its time otherwise (an invalid one is an error). */
export function emulatorClock(env: Readonly<Record<string, string | undefined>>): (() => Date) | undefined {
  const text = env.HIRE_EMULATOR_NOW;
  if (text === undefined || text === '') return undefined;
  const start = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(start)) {
    throw new Error(`HIRE_EMULATOR_NOW must be an ISO 8601 time such as 2026-01-01T12:00:00Z (got "${text}").`);
  }
  const origin = Date.now();
  return () => new Date(start + (Date.now() - origin));
}
