// A request's body: read up to its limit, then parsed as the API takes it (strict UTF-8, JSON,
// nested no deeper than any body the API has), each refusal a 4xx naming what is wrong.
import type { IncomingMessage } from 'node:http';
import { MAX_NESTING, deeperThan } from '../../domain/nesting.js';
import { HttpError } from './answers.js';

export const MAX_BODY_BYTES = 1024 * 1024;
/** The deepest nesting of objects and arrays a body may have; the API's own bodies nest 3 levels. */
export const MAX_BODY_DEPTH = MAX_NESTING;

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new HttpError(413, 'payload_too_large', `The request body exceeds ${MAX_BODY_BYTES} bytes.`, undefined, {
        connection: 'close',
      });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function parseJsonBody(bytes: Buffer, method: string): unknown {
  if (method === 'GET' || method === 'DELETE') return undefined;
  let raw: string;
  try {
    // Strict: bytes that are not UTF-8 are refused, not stored as U+FFFD.
    raw = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'validation_error', 'The request body is not valid UTF-8.', {
      body: 'is not valid UTF-8',
    });
  }
  if (raw.trim() === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch (error) {
    throw new HttpError(400, 'validation_error', 'The request body is not valid JSON.', {
      body: `is not valid JSON (${(error as Error).message})`,
    });
  }
  // Hashing (canonicalJson), validation and storage recurse: a body nested 10,000 levels deep
  // would overflow the stack, so it is refused here, before any of them sees it.
  if (deeperThan(body, MAX_BODY_DEPTH)) {
    throw new HttpError(
      400,
      'validation_error',
      `The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`,
      {
        body: `must not nest objects and arrays more than ${MAX_BODY_DEPTH} levels deep`,
      },
    );
  }
  return body;
}
