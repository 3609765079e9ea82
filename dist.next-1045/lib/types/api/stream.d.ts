import type { Dispatcher } from './undici.js';
export interface StreamOptions {
    /** How long the server may take to answer at all. */
    startMs: number;
    /** How long the stream may go without a byte before it is taken for dead. */
    idleMs: number;
    onData(chunk: Buffer): void;
}
/**
 * Resolves undefined when a 200 stream ends, or with the answer when it is anything else (read
 * whole, for the caller's error handling); rejects on a network failure or silence (NetworkError
 * `stream_silent`).
 */
export declare function openStream(dispatcher: Dispatcher, url: string, headers: Record<string, string>, options: StreamOptions): Promise<{
    status: number;
    headers: Record<string, string>;
    text: string;
} | undefined>;
