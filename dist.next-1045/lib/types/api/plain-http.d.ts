import type { LookupFunction } from 'node:net';
import type { Dispatcher } from 'undici';
export declare class PlainHttpDispatcher {
    #private;
    constructor(options?: {
        lookup?: LookupFunction;
    });
    dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean;
    /** Waits for the requests under way, then closes every connection. */
    close(): Promise<void>;
    /** Ends every request under way at once (Ctrl-C) and closes every connection. */
    destroy(): Promise<void>;
}
