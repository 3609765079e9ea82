import { type ResolvedProfile } from '../config/profiles.js';
import type { Env } from '../config/paths.js';
import type { ApiClient } from './client.js';
export interface ConnectOptions {
    env: Env;
    dataDir: string;
    timeoutMs: number;
    maxRetries: number;
    userAgent: string;
    /** Say which emulator is used (not for an explicit --profile, nor for `auth status`). */
    announce: boolean;
    notice(message: string): void;
    /** Says which emulator is used: at most once in a command, however often it connects. */
    announceEmulator(message: string): void;
    warn(message: string): void;
    trace?: (line: string) => void;
    /** Called once, before anything is started, with what closes it all. */
    onStarted(release: () => Promise<void>): void;
}
export interface Connection {
    client: ApiClient;
    /** Closes the client and the in-process emulator, if one was started; safe to call twice. */
    release(): Promise<void>;
}
export declare function connect(profile: ResolvedProfile, options: ConnectOptions): Promise<Connection>;
