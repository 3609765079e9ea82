// The clock of the emulators hire starts: real time, or, with HIRE_EMULATOR_NOW=<ISO time>, time
// running from that moment (for tests and demos that must not meet a midnight, a key's expiry or
// an hour's end by chance); `--clock-scale N` (or HIRE_EMULATOR_CLOCK_SCALE) makes it run N times
// faster, so that hours of rate-limit windows, key lifetimes and sandbox resets pass in seconds.
// The emulator itself takes it as its `now` option.
import { MAX_CLOCK_SCALE } from '../api/server-clock.js';
import { UsageError } from '../errors.js';
import type { Env } from './paths.js';

/** The largest scale: the fastest server clock the client believes (a day in under a second). */
export { MAX_CLOCK_SCALE };

/** undefined when neither HIRE_EMULATOR_NOW nor a scale is set; a bad value is a usage error. */
export function emulatorClock(env: Env, scaleFlag?: number): (() => Date) | undefined {
  const text = env.HIRE_EMULATOR_NOW;
  const scale = scaleFlag ?? clockScale(env);
  const given = text !== undefined && text !== '';
  if (!given && scale === 1) return undefined;
  const start = given ? Date.parse(text) : Date.now();
  if (given && (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(start))) {
    throw new UsageError(`HIRE_EMULATOR_NOW must be an ISO 8601 time such as 2026-01-01T12:00:00Z (got "${text}").`);
  }
  const origin = Date.now();
  return () => new Date(start + (Date.now() - origin) * scale);
}

/** HIRE_EMULATOR_CLOCK_SCALE, 1 when unset. */
function clockScale(env: Env): number {
  const text = env.HIRE_EMULATOR_CLOCK_SCALE;
  if (text === undefined || text === '') return 1;
  const scale = Number(text);
  if (!Number.isFinite(scale) || scale < 1 || scale > MAX_CLOCK_SCALE) {
    throw new UsageError(`HIRE_EMULATOR_CLOCK_SCALE must be a number from 1 to ${MAX_CLOCK_SCALE} (got "${text}").`);
  }
  return scale;
}
