import type { ServerResponse } from 'node:http';
import type { RouteContext } from './route.js';
export declare const REQUEST_STREAM_PATH = "/requests/stream";
/** How often a stream says it is alive when nothing else is written (the client gives up after 3 missed). */
export declare const HEARTBEAT_MS = 15000;
/** The streams a server holds open, ended together when it closes (else close() waits on them). */
export declare class RequestStreams {
    #private;
    /**
     * Checks the query (400 for a bad `after`, before anything is written), then answers 200 and
     * writes to `res` until the client goes or close() is called.
     */
    open(res: ServerResponse, ctx: RouteContext, query: URLSearchParams, headers: Record<string, string>): void;
    /** Ends every open stream (the server is closing); clients reconnect to whoever serves next. */
    close(): void;
}
