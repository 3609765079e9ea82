// `import { HiringClient, verifyWebhook, HireError } from 'hire'`: the library entry (dist/lib/index.js).
// Nothing here loads the CLI (a build test checks what importing it loads).
import { verify, type VerifyResult } from '../webhooks/signature.js';

export {
  HiringClient,
  type FromEnvOptions,
  type HiringClientOptions,
  type Listing,
  type ProfileOptions,
} from './client.js';
export type * from './types.js';
export {
  ApiError,
  AuthError,
  ExitCode,
  HireError,
  InterruptedError,
  NetworkError,
  UsageError,
  ValidationError,
} from '../errors.js';
export { generateSecret } from '../webhooks/signature.js';
export type { VerifyResult };

type HeaderValue = string | readonly string[] | undefined;

/** A fetch `Headers`, as far as verifyWebhook reads it: written out so that the declarations need no DOM or Node types. */
export interface HeaderLookup {
  get(name: string): string | null;
}

export interface VerifyWebhookOptions {
  /** The webhook's signing secret (`whsec_…`). */
  secret: string;
  /** The delivery's headers: a fetch `Headers`, or Node's `req.headers` (webhook-id, webhook-timestamp, webhook-signature). */
  headers: HeaderLookup | Readonly<Record<string, HeaderValue>>;
  /** The body exactly as received: its bytes, or its text (taken as UTF-8). Parse it only after it verifies. */
  body: string | Uint8Array;
  /** Now, for the five-minute timestamp tolerance; the system's clock by default. */
  now?: Date;
}

/**
 * Checks a Standard Webhooks delivery as `hire webhooks verify` does: the three headers, a
 * timestamp within five minutes of now, and any `v1,` signature matching (constant-time).
 */
export function verifyWebhook(options: VerifyWebhookOptions): VerifyResult {
  const { headers } = options;
  const header = (name: string): string | undefined => {
    if (typeof (headers as HeaderLookup).get === 'function') return (headers as HeaderLookup).get(name) ?? undefined;
    const record = headers as Readonly<Record<string, HeaderValue>>;
    const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
    const value = key === undefined ? undefined : record[key];
    return Array.isArray(value) ? value.join(' ') : (value as string | undefined);
  };
  return verify({
    secret: options.secret,
    id: header('webhook-id'),
    timestamp: header('webhook-timestamp'),
    signature: header('webhook-signature'),
    body: options.body,
    ...(options.now ? { now: options.now } : {}),
  });
}
