import { ApiError } from '../errors.js';
/** A 2xx answer whose `data` is not what the operation returns: exit 1. */
export declare function unexpectedShape(operation: string, expected: string, requestId: string | undefined): ApiError;
