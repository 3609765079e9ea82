export declare function canonicalJson(value: unknown): string;
