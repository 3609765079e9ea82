import type { Env } from './paths.js';
/** The largest scale: a day in under a second. */
export declare const MAX_CLOCK_SCALE = 100000;
/** undefined when neither HIRE_EMULATOR_NOW nor a scale is set; a bad value is a usage error. */
export declare function emulatorClock(env: Env, scaleFlag?: number): (() => Date) | undefined;
