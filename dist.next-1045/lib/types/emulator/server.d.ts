import { type IncomingMessage } from 'node:http';
import { type ChaosOptions, type Fault } from './chaos.js';
import { type ServerRecord } from './presence.js';
import { type EmulatorEnvironment } from './sandbox.js';
import { Store } from './store.js';
export declare const DEFAULT_PORT = 4010;
export declare const DEFAULT_HOST = "127.0.0.1";
export declare const MAX_BODY_BYTES: number;
/** The deepest nesting of objects and arrays a body may have; the API's own bodies nest 3 levels. */
export declare const MAX_BODY_DEPTH = 64;
export interface EmulatorOptions {
    dataDir: string;
    host?: string;
    /** 0 picks any free port. */
    port?: number;
    /** `server` for `hire emulator start`; `embedded` when a command runs it in-process. */
    mode?: 'server' | 'embedded';
    /**
     * The origin of public links (`application_url`). Unset, each request's own origin (its Host):
     * the links work at whatever address and port the emulator is reached.
     */
    publicUrl?: string;
    /** How long a write waits for another process's transaction on the data dir. */
    busyTimeoutMs?: number;
    /** Told once what people should know (a data dir moved to the database). */
    onNotice?: (message: string) => void;
    /** Told of each damaged record met (once per record): lists leave it out, and it fails alone. */
    onWarning?: (message: string) => void;
    /** Faults for a fraction of API requests (not /_emulator), for reliability tests. */
    chaos?: ChaosOptions;
    /** First retry delay of webhook deliveries (then ×5 each time); short in tests. */
    deliveryBackoffMs?: number;
    /** Called after every request, for `hire emulator start`'s log. */
    onRequest?: (entry: RequestLogEntry) => void;
    /** The emulator's clock: rate-limit windows, key expiry and the sandbox's daily reset. Tests set it. */
    now?: () => Date;
    /** How many events the event log keeps (EVENTS_KEPT, 10,000); small in tests. */
    eventsKept?: number;
    /** Serve HTTPS with this certificate and key (PEM), else plain HTTP. */
    tls?: {
        cert: string;
        key: string; /** The file clients trust, recorded for them in emulator.json. */
        certPath?: string;
    };
}
export interface RequestLogEntry {
    method: string;
    path: string;
    status: number;
    ms: number;
    requestId: string;
}
/** `hire emulator start` on a data dir that a live standing emulator already serves. */
export declare class DataDirBusyError extends Error {
    readonly holder: ServerRecord;
    constructor(holder: ServerRecord);
}
export interface RunningEmulator {
    /** `http://127.0.0.1:PORT` */
    origin: string;
    /** Faults injected so far, by kind (when started with `chaos`). */
    chaosCounts: Readonly<Record<Fault, number>> | undefined;
    /** `http://127.0.0.1:PORT/api/v1`: production. */
    apiUrl: string;
    /** `http://127.0.0.1:PORT/sandbox/api/v1`: the sandbox, with its own data and keys. */
    sandboxApiUrl: string;
    /** Where each environment's own local key is kept (the local and local-sandbox profiles' keys). */
    keyFiles: Readonly<Record<EmulatorEnvironment, string>>;
    /** Production's store. */
    store: Store;
    close(): Promise<void>;
}
export declare function startEmulator(options: EmulatorOptions): Promise<RunningEmulator>;
/** The origin a client reached this server at: its Host header when well-formed, else the socket's own address. */
export declare function requestOrigin(req: IncomingMessage): string;
