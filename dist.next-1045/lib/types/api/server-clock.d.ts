export declare class ServerClock {
    #private;
    /**
     * `localNow`: this process's clock (ms), the client's one clock. `mayRunFast`: the server is on
     * this machine (loopback), where an emulator may run its clock faster; elsewhere the rate is 1.
     */
    constructor(localNow: () => number, options?: {
        mayRunFast?: boolean;
    });
    /** Takes an answer's Date; false when there is none to believe (missing, garbage, far from the others). */
    observe(dateHeader: string | undefined): boolean;
    /**
     * Server ms per local ms: 1 unless measured clearly faster over a long enough span. Date headers
     * have whole seconds, so the span may be a second longer than it reads: the slowest rate they
     * allow is taken, so that waits end late rather than early (a request sent before the reset
     * would be a 429).
     */
    get rate(): number;
    /** The server's time now (ms), estimated; undefined before any Date header. */
    now(): number | undefined;
    /** Local ms until the server's clock shows this Unix time (seconds); 0 when past. */
    localMsUntil(serverSeconds: number): number;
}
