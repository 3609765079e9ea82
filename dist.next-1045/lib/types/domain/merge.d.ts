/** An object without a prototype, for keys that come from outside (`__proto__` is a key here too). */
export declare function dictionary<T>(): Record<string, T>;
export declare function isPlainObject(value: unknown): value is Record<string, unknown>;
/**
 * Sets an own property, even one named `__proto__`: assignment would change the object's
 * prototype instead (or, one level down, Object.prototype itself).
 */
export declare function define(target: Record<string, unknown>, key: string, value: unknown): void;
export declare const own: (target: Record<string, unknown>, key: string) => unknown;
export declare function overlay(base: Record<string, unknown>, top: Record<string, unknown>): Record<string, unknown>;
/** Sets `location.city`-style paths, making the objects on the way. */
export declare function setPath(target: Record<string, unknown>, path: string, value: unknown): void;
