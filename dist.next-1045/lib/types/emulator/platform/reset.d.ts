import type { PlatformContext } from './context.js';
/** Empties every collection but the keys; returns how many records each had. */
export declare function resetEnvironment(ctx: PlatformContext): Record<string, number>;
