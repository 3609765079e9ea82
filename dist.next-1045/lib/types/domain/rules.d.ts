import * as z from 'zod/mini';
import { CODE_LISTS } from './codes.js';
/** Message for a value of the wrong type, or "is required" when absent. */
export declare function typeError(expected: string): (issue: {
    input?: unknown;
}) => string;
export declare const text: () => z.ZodMiniString<string>;
export declare const nonEmptyText: () => z.ZodMiniString<string>;
export declare const oneOf: <const T extends readonly [string, ...string[]]>(values: T) => z.ZodMiniEnum<{ [k_1 in T[number]]: k_1; } extends infer T_1 ? { [k in keyof T_1]: T_1[k]; } : never>;
export declare const flag: () => z.ZodMiniBoolean<boolean>;
export declare const listOf: <T extends z.core.SomeType>(item: T, expected: string) => z.ZodMiniArray<T>;
export declare const textList: () => z.ZodMiniArray<z.ZodMiniString<string>>;
export declare const wholeNumberBetween: (min: number, max: number) => z.ZodMiniInt;
export declare const amount: () => z.ZodMiniNumber<number>;
/** Counts Unicode code points, not UTF-16 units, after trimming (CONTRACT §3). */
export declare const codePoints: (value: string) => number;
export declare const minCodePoints: (min: number) => z.ZodMiniString<string>;
/**
 * A record's field names, in order, checked by tsc against its interface: every key, and no other,
 * so that the list and the type cannot drift apart. `everyKey<Job>()(['id', …])`.
 */
export declare const everyKey: <T>() => <const K extends readonly (keyof T & string)[]>(keys: K & ([Exclude<keyof T, K[number]>] extends [never] ? unknown : {
    missing: Exclude<keyof T, K[number]>;
})) => K;
/** Field errors keyed by path: `location.city`, `skills[2]`, `body` for the whole input. */
export type FieldErrors = Record<string, string>;
export declare function formatPath(path: readonly PropertyKey[]): string;
export declare function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors;
export type Validation<T> = {
    ok: true;
    value: T;
} | {
    ok: false;
    errors: FieldErrors;
};
export declare function validateWith<T>(schema: z.ZodMiniType<T>, input: unknown): Validation<T>;
/**
 * A country or currency code: trimmed and upper-cased (`usd` → `USD`), then looked up in its list.
 * The value stored and sent is the normalised one; a message quotes the value as given.
 */
export declare const isoCode: (list: keyof typeof CODE_LISTS) => z.ZodMiniPipe<z.ZodMiniString<string>, z.ZodMiniTransform<string, string>>;
