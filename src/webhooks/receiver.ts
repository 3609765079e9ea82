// A Standard Webhooks receiver (`hire webhooks listen`): each delivery's signature and timestamp
// are checked (signature.ts), 2xx goes only to valid ones and 401 with the reason to the rest,
// replays are acknowledged but not passed on, and valid ones are relayed to a local URL if asked.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { verify } from './signature.js';

/** Deliveries larger than this are refused (413) without reading further. */
export const MAX_DELIVERY_BYTES = 1024 * 1024;
/** A sender gets this long to send its whole delivery. */
export const RECEIVE_TIMEOUT_MS = 10_000;
/** Delivery ids already accepted, remembered to refuse replays (bounded). */
const REMEMBERED_IDS = 10_000;

/** One line of `webhooks listen --json`. */
export interface Received {
  received_at: string;
  id: string | null;
  type: string | null;
  valid: boolean;
  reason?: string;
  duplicate?: boolean;
  data?: unknown;
  forwarded?: { status: number | null; error?: string };
}

export interface ReceiverState {
  secret: string;
  /** Only these event kinds are reported and relayed (others are acknowledged). */
  kinds: readonly string[] | undefined;
  forwardTo: URL | undefined;
  /** Ids accepted so far (bounded). */
  seen: Set<string>;
  /** Ids being relayed now, with the relay's outcome. */
  relaying: Map<string, Promise<void>>;
}

/** Answers one request; what to report of it, if anything. */
export async function receive(
  req: IncomingMessage,
  res: ServerResponse,
  options: ReceiverState,
): Promise<Received | undefined> {
  const receivedAt = new Date().toISOString();
  const answer = (status: number, body: Record<string, unknown>) => {
    res.writeHead(status, { 'content-type': 'application/json', ...(status === 413 ? { connection: 'close' } : {}) });
    res.end(JSON.stringify(body));
  };
  if (req.method !== 'POST') {
    answer(405, { error: 'deliveries are POST requests' });
    return undefined;
  }
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = header('webhook-id') ?? null;
  let body: Buffer;
  try {
    body = await readLimited(req, MAX_DELIVERY_BYTES);
  } catch (error) {
    const reason = (error as Error).message;
    if (reason === 'too large') answer(413, { error: `delivery larger than ${MAX_DELIVERY_BYTES} bytes` });
    return {
      received_at: receivedAt,
      id,
      type: null,
      valid: false,
      reason: reason === 'too large' ? 'body too large' : reason,
    };
  }
  const check = verify({
    secret: options.secret,
    id: id ?? undefined,
    timestamp: header('webhook-timestamp'),
    signature: header('webhook-signature'),
    body,
  });
  if (!check.valid) {
    answer(401, { error: check.reason });
    return { received_at: receivedAt, id, type: null, valid: false, reason: check.reason };
  }
  let event: { id?: unknown; type?: unknown; data?: unknown };
  try {
    event = JSON.parse(body.toString('utf8')) as typeof event;
    if (event === null || typeof event !== 'object') throw new Error('not an object');
  } catch {
    answer(400, { error: 'the body is not a JSON event' });
    return { received_at: receivedAt, id, type: null, valid: false, reason: 'body is not a JSON event' };
  }
  const type = typeof event.type === 'string' ? event.type : null;
  // Copies that arrive while the first is being relayed wait for its outcome, so that one
  // delivery reaches the application once however many copies arrive at the same moment.
  while (id && options.relaying.has(id)) await options.relaying.get(id);
  // A signed delivery whose id was accepted before is a replay: acknowledged, not relayed again.
  if (id && options.seen.has(id)) {
    answer(200, { received: true, duplicate: true });
    return { received_at: receivedAt, id, type, valid: true, duplicate: true };
  }
  if (options.kinds && type && !options.kinds.includes(type)) {
    answer(200, { received: true, ignored: true });
    return undefined;
  }
  const entry: Received = { received_at: receivedAt, id, type, valid: true, data: event.data };
  if (options.forwardTo) {
    const forwarded = relay(options.forwardTo, body, req).then((outcome) => {
      entry.forwarded = outcome;
      const relayed = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
      if (relayed) remember(options.seen, id);
      if (id) options.relaying.delete(id);
      return relayed;
    });
    if (id)
      options.relaying.set(
        id,
        forwarded.then(() => undefined),
      );
    const relayed = await forwarded;
    // A relay that failed is a failed delivery: the sender will try again.
    answer(
      relayed ? 200 : 502,
      relayed ? { received: true } : { error: `relay answered ${entry.forwarded!.status ?? entry.forwarded!.error}` },
    );
    return entry;
  }
  answer(200, { received: true });
  remember(options.seen, id);
  return entry;
}

function remember(seen: Set<string>, id: string | null): void {
  if (!id) return;
  seen.add(id);
  if (seen.size > REMEMBERED_IDS) seen.delete(seen.values().next().value!);
}

/** The body's bytes as sent: the signature is over them, and they are relayed unchanged. */
function readLimited(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        reject(new Error('too large'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', (error) => reject(error));
    req.on('aborted', () => reject(new Error('the sender closed the connection')));
  });
}

/** Passes a verified delivery on, with its own signature headers, as received. */
async function relay(
  target: URL,
  body: Buffer,
  req: IncomingMessage,
): Promise<{ status: number | null; error?: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  try {
    const response = await fetch(target, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(RECEIVE_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { status: response.status };
  } catch (error) {
    return {
      status: null,
      error: (error as Error).cause ? String(((error as Error).cause as Error).message) : (error as Error).message,
    };
  }
}
