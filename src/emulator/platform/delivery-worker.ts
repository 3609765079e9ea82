// The delivery worker (docs/api-choices.md §8): Standard Webhooks v1, a delivery succeeds on a
// 2xx within 10 s, otherwise it is retried with exponential backoff, 6 attempts in all. Deliveries
// live in the store, leased while attempted, so that every process on a data dir delivers without
// two attempting the same one, and those pending when the emulator stops resume when it starts again.
import { request as httpRequest } from 'node:http';
import { signedHeaders } from '../../webhooks/signature.js';
import { leaseDueDeliveries, nextPendingDelivery, releaseDelivery } from '../storage/deliveries.js';
import type { Store } from '../storage/store.js';
import { transaction } from '../storage/transaction.js';
import type { Attempt, Delivery, StoredWebhook } from './event-records.js';

export const MAX_ATTEMPTS = 6;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The first retry waits this long; each later one five times longer (5 s, 25 s, ~2 min, ~10 min, ~52 min). */
export const DEFAULT_BACKOFF_MS = 5_000;
/** At most this many deliveries in flight at once. */
const PARALLEL = 8;
/** How much of a receiver's answer an attempt keeps, for `hire events get`. */
export const RESPONSE_SNIPPET_BYTES = 512;

/** After a run that claimed nothing although something was due (leased elsewhere, or damaged), the next look waits this long. */
const IDLE_RETRY_MS = 1_000;

/** How long an attempt under way keeps others off its delivery: the timeout and some slack. */
const LEASE_SLACK_MS = 5_000;

export interface DeliveryWorkerOptions {
  backoffMs?: number;
  timeoutMs?: number;
  now?: () => Date;
  /**
   * How often to look for deliveries due that another process on the same data dir recorded (a
   * command's in-process emulator, or a retry whose process has gone); a standing server sets it.
   */
  pollMs?: number;
  /** A failure of the delivery loop (damaged data): logged, and the loop goes on. */
  onError?: (error: unknown) => void;
}

export class DeliveryWorker {
  readonly #store: Store;
  readonly #backoffMs: number;
  readonly #timeoutMs: number;
  readonly #now: () => Date;
  readonly #pollMs: number | undefined;
  readonly #onError: (error: unknown) => void;
  readonly #inFlight = new Map<string, Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #poller: NodeJS.Timeout | undefined;
  #scheduled = false;
  #stopped = false;
  /** After stop(): the store may be closed, so attempt results are no longer written. */
  #closed = false;

  constructor(store: Store, options: DeliveryWorkerOptions = {}) {
    this.#store = store;
    this.#backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.#timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    this.#now = options.now ?? (() => new Date());
    this.#pollMs = options.pollMs;
    this.#onError = options.onError ?? (() => {});
  }

  /** Looks for deliveries due once the transaction that recorded them has committed (it runs synchronously). */
  soon(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#schedule();
    });
  }

  /** Starts delivering, beginning with what was pending when the emulator last stopped. */
  start(): void {
    this.#stopped = false;
    this.#closed = false;
    this.#schedule();
    if (this.#pollMs !== undefined) {
      this.#poller = setInterval(() => this.#schedule(), this.#pollMs);
      this.#poller.unref();
    }
  }

  /**
   * Attempts every delivery that is due now, and those queued behind them, until none is in flight
   * or `waitMs` has passed (an in-process emulator's last act).
   */
  async drain(waitMs: number): Promise<void> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      try {
        this.#runDue();
      } catch (error) {
        this.#onError(error);
        return;
      }
      if (this.#inFlight.size === 0) return;
      const left = deadline - Date.now();
      if (left <= 0) return;
      await Promise.race([
        Promise.race([...this.#inFlight.values()]),
        new Promise((resolve) => setTimeout(resolve, left).unref()),
      ]);
    }
  }

  /** Stops scheduling and waits up to `waitMs` for attempts under way; later results are dropped
   * (the delivery stays pending in the store and is tried again when its lease ends). */
  async stop(waitMs = 0): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#poller) clearInterval(this.#poller);
    this.#timer = undefined;
    this.#poller = undefined;
    if (this.#inFlight.size > 0 && waitMs > 0) {
      await Promise.race([
        Promise.all([...this.#inFlight.values()]),
        new Promise((resolve) => setTimeout(resolve, waitMs).unref()),
      ]);
    }
    // Attempts still under way are given up: another emulator on this data may take them at once.
    for (const id of this.#inFlight.keys()) releaseDelivery(this.#store, id);
    this.#closed = true;
  }

  /** When the next pending delivery is due, by the emulator's clock (ms), or undefined. */
  #nextDue(): number | undefined {
    const next = nextPendingDelivery(this.#store);
    return next === undefined ? undefined : Date.parse(next);
  }

  #schedule(minDelayMs = 0): void {
    if (this.#stopped || this.#closed) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    let next: number | undefined;
    try {
      next = this.#nextDue();
    } catch (error) {
      // Timers have no caller to tell: a fault in the data is logged, never the end of the process.
      this.#onError(error);
      return;
    }
    if (next === undefined) return;
    const delay = Math.max(minDelayMs, next - this.#now().getTime());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      let claimed = 0;
      try {
        claimed = this.#runDue();
      } catch (error) {
        this.#onError(error);
      }
      this.#schedule(claimed === 0 && this.#inFlight.size === 0 ? IDLE_RETRY_MS : 0);
    }, delay);
    // A standing server stays up for its own reasons; a timer alone must not keep a process alive.
    this.#timer.unref();
  }

  /** Claims the deliveries due now that nobody is attempting (a lease in the store), and attempts them. */
  #runDue(): number {
    if (this.#closed) return 0;
    const free = PARALLEL - this.#inFlight.size;
    if (free <= 0) return 0;
    const now = this.#now();
    const clock = Date.now();
    const claimed = transaction(this.#store, 'write', () => {
      const due = leaseDueDeliveries<Delivery>(
        this.#store,
        now.toISOString(),
        clock,
        clock + this.#timeoutMs + LEASE_SLACK_MS,
        free,
      );
      return due.filter((delivery) => !this.#inFlight.has(delivery.id));
    });
    for (const delivery of claimed) {
      const attempt = this.#attempt(delivery)
        .catch((error: unknown) => this.#onError(error))
        .finally(() => {
          this.#inFlight.delete(delivery.id);
          this.#schedule();
        });
      this.#inFlight.set(delivery.id, attempt);
    }
    return claimed.length;
  }

  async #attempt(delivery: Delivery): Promise<void> {
    const webhook = this.#store.get<StoredWebhook>('webhooks', delivery.webhook_id);
    const started = this.#now();
    let outcome: Outcome;
    if (!webhook) outcome = { status: null, body: null, error: 'the webhook was removed' };
    else {
      const headers = signedHeaders(webhook.secret, delivery.event_id, delivery.body, started);
      outcome = await post(delivery.url, delivery.body, { ...headers }, this.#timeoutMs);
    }
    const success = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    if (this.#closed) return;
    transaction(this.#store, 'write', () => {
      // Gone meanwhile (its event trimmed from the log, or the store reset): nothing to record.
      const current = this.#store.get<Delivery>('deliveries', delivery.id);
      if (!current) return;
      const resend = current.resend === true;
      const attempt: Attempt = {
        number: current.attempts.length + 1,
        at: started.toISOString(),
        duration_ms: Math.max(0, this.#now().getTime() - started.getTime()),
        response_status: outcome.status,
        response_body: outcome.body,
        error: success ? null : (outcome.error ?? `HTTP ${outcome.status}`),
        success,
        ...(resend ? { resend: true } : {}),
      };
      const attempts = [...current.attempts, attempt];
      const finished = success || !webhook || resend || attempts.length >= MAX_ATTEMPTS;
      const next = finished
        ? null
        : new Date(this.#now().getTime() + this.#backoffMs * 5 ** (attempts.length - 1)).toISOString();
      const { resend: _done, ...rest } = current;
      this.#store.put('deliveries', {
        ...rest,
        attempts,
        state: success ? 'succeeded' : finished ? 'failed' : 'pending',
        next_attempt_at: next,
        updated_at: this.#now().toISOString(),
      } satisfies Delivery);
      releaseDelivery(this.#store, delivery.id);
    });
  }
}

interface Outcome {
  status: number | null;
  body: string | null;
  error: string | null;
}

/** At most RESPONSE_SNIPPET_BYTES of the answer, cut before a character that would not fit whole. */
export function snippet(bytes: Buffer): string {
  if (bytes.length <= RESPONSE_SNIPPET_BYTES) return bytes.toString('utf8');
  let end = RESPONSE_SNIPPET_BYTES;
  // A continuation byte (10xxxxxx) at the cut: the character it belongs to starts before it.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

/** One POST of a delivery; a 2xx within the timeout is success. Never throws. */
function post(url: string, body: string, headers: { [name: string]: string }, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ status: null, body: null, error: 'the webhook URL is not valid' });
      return;
    }
    // node:https (with tls) taken only for an https receiver: `webhooks listen` receives plain http on loopback.
    const send = target.protocol === 'https:' ? process.getBuiltinModule('node:https').request : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'hire-emulator-webhooks/1',
        },
      },
      (res) => {
        // The start of the answer is kept (and a few bytes more, to cut between characters); the
        // rest is read and dropped.
        const kept: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_SNIPPET_BYTES + 4) kept.push(chunk.subarray(0, RESPONSE_SNIPPET_BYTES + 4 - size));
          size += chunk.length;
        });
        const text = () => (size === 0 ? null : snippet(Buffer.concat(kept)));
        res.on('end', () => resolve({ status: res.statusCode ?? null, body: text(), error: null }));
        res.on('error', (error) => resolve({ status: res.statusCode ?? null, body: text(), error: error.message }));
      },
    );
    // The whole exchange, body included, must fit in the timeout (docs/api-choices.md §8: 2xx within 10 s).
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (error) => resolve({ status: null, body: null, error: error.message }));
    req.end(body);
  });
}
