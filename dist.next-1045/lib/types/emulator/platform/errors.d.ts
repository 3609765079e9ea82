import type { FieldErrors } from '../../domain/rules.js';
export type PlatformErrorKind = 'not_found' | 'conflict' | 'invalid';
export declare class PlatformError extends Error {
    readonly kind: PlatformErrorKind;
    /** The fields at fault, by name (for `invalid`, and a conflict that names what would resolve it). */
    readonly details?: FieldErrors | undefined;
    readonly name = "PlatformError";
    constructor(kind: PlatformErrorKind, message: string, 
    /** The fields at fault, by name (for `invalid`, and a conflict that names what would resolve it). */
    details?: FieldErrors | undefined);
}
/** No record of this kind with this id (in this environment). */
export declare function notFound(what: string, id: string): PlatformError;
/** The record exists, but is not in a state that allows the operation. */
export declare function conflict(message: string, details?: FieldErrors): PlatformError;
/** The input, though well-formed, does not make a valid record (a patched job that is no longer a valid job). */
export declare function invalid(details: FieldErrors, message?: string): PlatformError;
