// hire webhooks listen: a local receiver, like `stripe listen`. It checks each delivery (signature
// and a five-minute timestamp window), answers 2xx only to valid ones and 401 with the reason to
// the rest, prints one line per event (or one JSON object per line), relays valid ones to
// --forward-to, and with --register subscribes itself on the current profile's server for as long
// as it runs.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from '../../context.js';
import { EVENT_KINDS } from '../../domain/vocabulary.js';
import { ExitCode, HireError, UsageError } from '../../errors.js';
import { inert, inertJson } from '../../output/cells.js';
import { verify } from '../../webhooks/signature.js';
import { readTextInput, splitCommas } from '../shared/input.js';
import { generateSecret } from './add.js';

export interface ListenFlags {
  port: string;
  secret?: string;
  secretStdin?: boolean;
  events?: string[];
  forwardTo?: string;
  register?: boolean;
}

/** Deliveries larger than this are refused (413) without reading further. */
export const MAX_DELIVERY_BYTES = 1024 * 1024;
/** A sender gets this long to send its whole delivery. */
const RECEIVE_TIMEOUT_MS = 10_000;
/** Delivery ids already accepted, remembered to refuse replays (bounded). */
const REMEMBERED_IDS = 10_000;

/** Sender text longer than this is cut in the log line (a header may hold 16 KiB). */
const SHOWN_CHARS = 100;

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

export async function run(ctx: Context, flags: ListenFlags): Promise<void> {
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535 (got "${flags.port}").`);
  const kinds = splitCommas(flags.events);
  const unknown = (kinds ?? []).filter((kind) => !(EVENT_KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0) throw new UsageError(`--events ${unknown.join(', ')}: not an event kind. Kinds: ${EVENT_KINDS.join(', ')}.`);
  if (flags.secret !== undefined && flags.secretStdin) throw new UsageError('Pass --secret or --secret-stdin, not both.');
  let forwardTo: URL | undefined;
  if (flags.forwardTo !== undefined) {
    try {
      forwardTo = new URL(flags.forwardTo);
    } catch {
      throw new UsageError(`--forward-to "${flags.forwardTo}" is not a URL.`);
    }
    if (forwardTo.protocol !== 'http:' && forwardTo.protocol !== 'https:') throw new UsageError('--forward-to must be an http or https URL.');
  }
  let secret = flags.secret ?? (flags.secretStdin ? (await readTextInput(ctx, '--secret-stdin', '-')).trim() : undefined);
  if (secret === undefined) {
    if (!flags.register) throw new UsageError('Pass the signing secret with --secret or --secret-stdin, or use --register (a secret is made for it).');
    secret = generateSecret();
  }
  if (secret === '') throw new UsageError('The secret is empty.');

  const seen = new Set<string>();
  const relaying = new Map<string, Promise<void>>();
  const json = ctx.outputFormat === 'json';
  const paint = await ctx.painter('stdout');
  const print = (entry: Received) => {
    if (json) {
      ctx.io.stdout.write(`${inertJson(entry)}\n`);
      return;
    }
    // Our verdict comes first, the sender's text last and escaped: nothing a sender writes can
    // stand where the verdict stands, or look like a line of its own.
    const time = entry.received_at.slice(11, 19);
    const verdict = entry.valid ? paint.green(entry.duplicate ? '[duplicate, not relayed]' : '[valid]') : paint.red(`[invalid: ${inert(entry.reason ?? '')}]`);
    const what = entry.valid ? `${senderText(entry.type ?? '?')} ${senderText(entry.id ?? '')}` : entry.id ? senderText(entry.id) : '(no webhook-id)';
    ctx.io.stdout.write(`${time}  ${verdict} --> ${what}\n`);
    if (entry.forwarded) {
      const status = entry.forwarded.status ?? inert(entry.forwarded.error ?? 'no answer');
      ctx.io.stdout.write(`${time}  <-- ${status}\n`);
    }
  };

  const server = createServer((req, res) => {
    void receive(req, res, { secret: secret!, kinds, forwardTo, seen, relaying }).then((entry) => {
      if (entry) print(entry);
    });
  });
  server.requestTimeout = RECEIVE_TIMEOUT_MS;
  server.headersTimeout = RECEIVE_TIMEOUT_MS;
  // Listening for Ctrl-C before saying "Listening on", so that a signal sent on that cue stops it.
  let signal: 'SIGINT' | 'SIGTERM' | undefined;
  let stop!: () => void;
  const stopped = new Promise<undefined>((resolve) => (stop = () => resolve(undefined)));
  const removeInterrupt = ctx.io.onInterrupt((received) => {
    signal ??= received;
    stop();
  });
  let webhookId: string | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new HireError(`Port ${port} is already in use.`, { exitCode: ExitCode.failure, code: 'port_in_use', hint: 'Pass --port 0 for any free port.' })
            : error,
        ),
      );
      server.listen(port, '127.0.0.1', resolve);
    });
    const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ctx.io.stderr.write(`Listening on ${address}${forwardTo ? `, relaying valid deliveries to ${forwardTo.href}` : ''}. Ctrl-C stops.\n`);

    if (flags.register) {
      const client = await ctx.api();
      const { postRecord } = await import('../../api/records.js');
      const registering = postRecord(client, '/webhooks', { url: `${address}/`, events: kinds ?? [...EVENT_KINDS], secret });
      registering.catch(() => undefined); // awaited below unless Ctrl-C comes first
      // Ctrl-C while registering drops the request at once rather than waiting for its answer.
      const registered = await Promise.race([registering, stopped]);
      if (registered) {
        webhookId = String(registered.record.id);
        ctx.notice(`Registered webhook ${webhookId} for ${kinds ? kinds.join(', ') : 'every event kind'}; it is removed when this stops.`);
        // Not holding the connection (nor an in-process emulator, and its data dir) while waiting.
        await ctx.releaseApi();
      } else client.abort();
    }
    await stopped;
  } finally {
    // Also when listening or registering failed: the port is let go and the process can end.
    removeInterrupt();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
  if (webhookId) {
    const client = await ctx.api();
    const { deleteRecord, recordPath } = await import('../../api/records.js');
    await deleteRecord(client, recordPath('/webhooks', webhookId));
    ctx.notice(`Removed webhook ${webhookId}.`);
  }
  // CONTRACT §5: Ctrl-C is 130; SIGTERM is the polite way to stop a server, a normal end (as `emulator start`).
  if (signal === 'SIGINT') ctx.exitCode = ExitCode.interrupted;
}

/** A sender's id or event type as one inert word: controls, spaces and format characters escaped, cut when long. */
function senderText(text: string): string {
  const word = inert(text).replace(/[\s\p{Cf}]/gu, (char) => {
    const hex = char.codePointAt(0)!.toString(16);
    return hex.length > 4 ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
  });
  const chars = [...word];
  return chars.length > SHOWN_CHARS ? `${chars.slice(0, SHOWN_CHARS).join('')}…` : word;
}

async function receive(
  req: IncomingMessage,
  res: ServerResponse,
  options: { secret: string; kinds: string[] | undefined; forwardTo: URL | undefined; seen: Set<string>; relaying: Map<string, Promise<void>> },
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
  let body: string;
  try {
    body = await readLimited(req, MAX_DELIVERY_BYTES);
  } catch (error) {
    const reason = (error as Error).message;
    if (reason === 'too large') answer(413, { error: `delivery larger than ${MAX_DELIVERY_BYTES} bytes` });
    return { received_at: receivedAt, id, type: null, valid: false, reason: reason === 'too large' ? 'body too large' : reason };
  }
  const check = verify({ secret: options.secret, id: id ?? undefined, timestamp: header('webhook-timestamp'), signature: header('webhook-signature'), body });
  if (!check.valid) {
    answer(401, { error: check.reason });
    return { received_at: receivedAt, id, type: null, valid: false, reason: check.reason };
  }
  let event: { id?: unknown; type?: unknown; data?: unknown };
  try {
    event = JSON.parse(body) as typeof event;
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
    if (id) options.relaying.set(id, forwarded.then(() => undefined));
    const relayed = await forwarded;
    // A relay that failed is a failed delivery: the sender will try again.
    answer(relayed ? 200 : 502, relayed ? { received: true } : { error: `relay answered ${entry.forwarded!.status ?? entry.forwarded!.error}` });
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

function readLimited(req: IncomingMessage, limit: number): Promise<string> {
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
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', (error) => reject(error));
    req.on('aborted', () => reject(new Error('the sender closed the connection')));
  });
}

/** Passes a verified delivery on, with its own signature headers, as received. */
async function relay(target: URL, body: string, req: IncomingMessage): Promise<{ status: number | null; error?: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  try {
    const response = await fetch(target, { method: 'POST', headers, body, signal: AbortSignal.timeout(RECEIVE_TIMEOUT_MS) });
    await response.arrayBuffer();
    return { status: response.status };
  } catch (error) {
    return { status: null, error: (error as Error).cause ? String(((error as Error).cause as Error).message) : (error as Error).message };
  }
}
