export declare const FAULTS: readonly ["error", "rate_limit", "latency", "drop_before", "drop_after", "truncate"];
export type Fault = (typeof FAULTS)[number];
export interface ChaosOptions {
    /** The fraction of requests that get a fault, 0 to 1. */
    rate: number;
    seed?: number;
    /** Relative weights of the kinds of fault (all 1 by default). */
    weights?: Partial<Record<Fault, number>>;
    /** The delay added by a `latency` fault, in ms (a random amount up to this). */
    maxLatencyMs?: number;
}
export interface Chaos {
    /** The fault for the next request, if it gets one. */
    next(): {
        fault: Fault;
        latencyMs: number;
    } | undefined;
    /** How many requests got each fault so far. */
    readonly counts: Readonly<Record<Fault, number>>;
}
export declare function createChaos(options: ChaosOptions): Chaos;
/** `--chaos-weights error=2,latency=1` → weights. */
export declare function parseWeights(text: string): Partial<Record<Fault, number>> | undefined;
