// What a platform operation refuses, said without HTTP: the server's routes answer it as the
// spec's error envelope (404 not_found, 409 conflict, 400 validation_error); the public pages as a page.
import type { FieldErrors } from '../../domain/rules.js';

export type PlatformErrorKind = 'not_found' | 'conflict' | 'invalid';

export class PlatformError extends Error {
  override readonly name = 'PlatformError';
  constructor(
    readonly kind: PlatformErrorKind,
    message: string,
    /** The fields at fault, by name (for `invalid`, and a conflict that names what would resolve it). */
    readonly details?: FieldErrors,
  ) {
    super(message);
  }
}

/** No record of this kind with this id (in this environment). */
export function notFound(what: string, id: string): PlatformError {
  return new PlatformError('not_found', `No ${what} with id ${id}.`);
}

/** The record exists, but is not in a state that allows the operation. */
export function conflict(message: string, details?: FieldErrors): PlatformError {
  return new PlatformError('conflict', message, details);
}

/** The input, though well-formed, does not make a valid record (a patched job that is no longer a valid job). */
export function invalid(details: FieldErrors, message = 'The request has invalid fields.'): PlatformError {
  return new PlatformError('invalid', message, details);
}
