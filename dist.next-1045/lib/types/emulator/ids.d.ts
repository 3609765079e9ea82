/** A random base62 string; rejection sampling keeps every character equally likely. */
export declare function randomToken(length: number): string;
export type IdPrefix = 'job' | 'cand' | 'asmt' | 'wh' | 'evt' | 'dlv' | 'req' | 'key' | 'app';
export declare function newId(prefix: IdPrefix): string;
