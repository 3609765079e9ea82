import type { PlatformContext } from './platform/context.js';
/** The path prefix of the sandbox: `/sandbox/api/v1`, `/sandbox/_emulator`, `/sandbox/apply/…`. */
export declare const SANDBOX_PREFIX = "/sandbox";
/** The seed of the sandbox's data: the same seed, the same jobs and candidates after every reset. */
export declare const SANDBOX_SEED = 16;
export type { EmulatorEnvironment } from './platform/context.js';
/** Where the sandbox lives inside the emulator's data dir: a data dir of the same format. */
export declare function sandboxDataDir(dataDir: string): string;
/** The latest 00:00 UTC at or before `now`. */
export declare function resetBoundary(now: Date): Date;
/** When the sandbox data was last reset (the boundary it was reset at), if ever. */
export declare function lastReset(ctx: Pick<PlatformContext, 'store'>): string | undefined;
/**
 * Resets the sandbox unless its last reset was at the latest 00:00 UTC of the emulator's clock
 * (never reset, reset on an earlier day, or stamped later than now by another clock): clears
 * its data and stores the seeded set, in one write transaction. Returns whether it reset.
 */
export declare function refreshSandbox(ctx: PlatformContext): boolean;
/** Clears the sandbox's data and stores the seeded set, stamped with the latest 00:00 UTC; in the caller's write transaction. */
export declare function reseedSandbox(ctx: PlatformContext): void;
/** Stores the seeded jobs, assessments and candidates, stamped `at`. Emits no events: nobody did anything. */
export declare function seedSandbox(ctx: PlatformContext, at: Date, seed?: number): void;
