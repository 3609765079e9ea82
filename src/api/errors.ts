import { ApiError } from '../errors.js';

/** A 2xx answer whose `data` is not what the operation returns: exit 1. */
export function unexpectedShape(operation: string, expected: string, requestId: string | undefined): ApiError {
  return new ApiError({
    status: 200,
    code: 'invalid_response',
    message: `The server's answer to ${operation} does not have ${expected} in \`data\`.`,
    ...(requestId ? { requestId } : {}),
  });
}
