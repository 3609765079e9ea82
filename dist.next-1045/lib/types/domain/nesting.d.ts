export declare const MAX_NESTING = 64;
/** Whether objects and arrays nest more than `limit` levels in value (`{}` is 1); without recursion. */
export declare function deeperThan(value: unknown, limit?: number): boolean;
