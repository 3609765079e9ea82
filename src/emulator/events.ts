// Events and their delivery (CONTRACT §6 "Events", "Delivery"): Standard Webhooks v1, a delivery
// succeeds on a 2xx within 10 s, otherwise it is retried with exponential backoff, 6 attempts in
// all. Deliveries live in the store, so that those pending when the emulator stops resume when it
// starts again; every attempt is kept for the delivery log.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { EventKind } from '../domain/vocabulary.js';
import { signedHeaders } from '../webhooks/signature.js';
import { newId } from './ids.js';
import { field, type Store } from './store.js';

export const MAX_ATTEMPTS = 6;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The first retry waits this long; each later one five times longer (5 s, 25 s, ~2 min, ~10 min, ~52 min). */
export const DEFAULT_BACKOFF_MS = 5_000;
/** At most this many deliveries in flight at once. */
const PARALLEL = 8;

/** A subscription as stored, secret included. Here, not in routes/webhooks.ts: delivery reads it,
 * and that route module reads deliveries. */
export interface StoredWebhook {
  id: string;
  url: string;
  events: EventKind[];
  secret: string;
  status: 'active';
  created_at: string;
  updated_at: string;
}

export interface StoredEvent {
  id: string;
  type: EventKind;
  created_at: string;
  data: unknown;
}

export interface Attempt {
  number: number;
  at: string;
  duration_ms: number;
  response_status: number | null;
  error: string | null;
  success: boolean;
}

export interface Delivery {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: EventKind;
  url: string;
  /** The exact body sent on every attempt. */
  body: string;
  state: 'pending' | 'succeeded' | 'failed';
  attempts: Attempt[];
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface EventBusOptions {
  backoffMs?: number;
  timeoutMs?: number;
  now?: () => Date;
  /**
   * How often to look for deliveries due that another process on the same data dir recorded (a
   * command's in-process emulator, or a retry whose process has gone); a standing server sets it.
   */
  pollMs?: number;
}

/** How long an attempt under way keeps others off its delivery: the timeout and some slack. */
const LEASE_SLACK_MS = 5_000;

export class EventBus {
  readonly #store: Store;
  readonly #backoffMs: number;
  readonly #timeoutMs: number;
  readonly #now: () => Date;
  readonly #pollMs: number | undefined;
  readonly #inFlight = new Map<string, Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #poller: NodeJS.Timeout | undefined;
  #scheduled = false;
  #stopped = false;
  /** After stop(): the store may be closed, so attempt results are no longer written. */
  #closed = false;

  constructor(store: Store, options: EventBusOptions = {}) {
    this.#store = store;
    this.#backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.#timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    this.#now = options.now ?? (() => new Date());
    this.#pollMs = options.pollMs;
  }

  /**
   * Records an event and a delivery for each webhook subscribed to its kind, in the caller's
   * transaction: they commit with the change that caused them. Nothing is kept for a kind nobody
   * listens to (simulating 100,000 applications must not fill the store).
   */
  emit(type: EventKind, data: unknown): StoredEvent | undefined {
    const webhooks = this.#store.all<StoredWebhook>('webhooks').filter((webhook) => webhook.events.includes(type));
    if (webhooks.length === 0) return undefined;
    const stamp = this.#now().toISOString();
    const event: StoredEvent = { id: newId('evt'), type, created_at: stamp, data };
    this.#store.put('events', event);
    const body = JSON.stringify({ id: event.id, type, created_at: stamp, data });
    for (const webhook of webhooks) {
      this.#store.put('deliveries', {
        id: newId('dlv'),
        webhook_id: webhook.id,
        event_id: event.id,
        event_type: type,
        url: webhook.url,
        body,
        state: 'pending',
        attempts: [],
        next_attempt_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      } satisfies Delivery);
    }
    // After the transaction that recorded them has committed (it runs synchronously).
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => {
        this.#scheduled = false;
        this.#schedule();
      });
    }
    return event;
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
      this.#runDue();
      if (this.#inFlight.size === 0) return;
      const left = deadline - Date.now();
      if (left <= 0) return;
      await Promise.race([Promise.race([...this.#inFlight.values()]), new Promise((resolve) => setTimeout(resolve, left).unref())]);
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
      await Promise.race([Promise.all([...this.#inFlight.values()]), new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
    }
    // Attempts still under way are given up: another emulator on this data may take them at once.
    const release = this.#store.db.prepare('UPDATE deliveries SET lease_until = NULL WHERE id = ?');
    for (const id of this.#inFlight.keys()) release.run(id);
    this.#closed = true;
  }

  /** When the next pending delivery is due, by the emulator's clock (ms), or undefined. */
  #nextDue(): number | undefined {
    const row = this.#store.db
      .prepare(`SELECT min(${field('next_attempt_at')}) AS next FROM deliveries WHERE ${field('state')} = 'pending'`)
      .get();
    return typeof row?.next === 'string' ? Date.parse(row.next) : undefined;
  }

  #schedule(): void {
    if (this.#stopped || this.#closed) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const next = this.#nextDue();
    if (next === undefined) return;
    const delay = Math.max(0, next - this.#now().getTime());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#runDue();
      this.#schedule();
    }, delay);
    // A standing server stays up for its own reasons; a timer alone must not keep a process alive.
    this.#timer.unref();
  }

  /** Claims the deliveries due now that nobody is attempting (a lease in the store), and attempts them. */
  #runDue(): void {
    if (this.#closed) return;
    const free = PARALLEL - this.#inFlight.size;
    if (free <= 0) return;
    const now = this.#now();
    const clock = Date.now();
    const claimed = this.#store.write(() => {
      const due = this.#store.select<Delivery>('deliveries', {
        where: [`${field('state')} = 'pending'`, `${field('next_attempt_at')} <= ?`, '(lease_until IS NULL OR lease_until < ?)'],
        params: [now.toISOString(), clock],
        order: [field('next_attempt_at')],
        limit: free,
      });
      const lease = this.#store.db.prepare('UPDATE deliveries SET lease_until = ? WHERE id = ?');
      for (const delivery of due) lease.run(clock + this.#timeoutMs + LEASE_SLACK_MS, delivery.id);
      return due.filter((delivery) => !this.#inFlight.has(delivery.id));
    });
    for (const delivery of claimed) {
      const attempt = this.#attempt(delivery).finally(() => {
        this.#inFlight.delete(delivery.id);
        this.#schedule();
      });
      this.#inFlight.set(delivery.id, attempt);
    }
  }

  async #attempt(delivery: Delivery): Promise<void> {
    const webhook = this.#store.get<StoredWebhook>('webhooks', delivery.webhook_id);
    const started = this.#now();
    let outcome: { status: number | null; error: string | null };
    if (!webhook) outcome = { status: null, error: 'the webhook was removed' };
    else {
      const headers = signedHeaders(webhook.secret, delivery.event_id, delivery.body, started);
      outcome = await post(delivery.url, delivery.body, { ...headers }, this.#timeoutMs);
    }
    const success = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    if (this.#closed) return;
    this.#store.write(() => {
      const current = this.#store.get<Delivery>('deliveries', delivery.id) ?? delivery;
      const attempt: Attempt = {
        number: current.attempts.length + 1,
        at: started.toISOString(),
        duration_ms: Math.max(0, this.#now().getTime() - started.getTime()),
        response_status: outcome.status,
        error: success ? null : (outcome.error ?? `HTTP ${outcome.status}`),
        success,
      };
      const attempts = [...current.attempts, attempt];
      const finished = success || !webhook || attempts.length >= MAX_ATTEMPTS;
      const next = finished ? null : new Date(this.#now().getTime() + this.#backoffMs * 5 ** (attempts.length - 1)).toISOString();
      this.#store.put('deliveries', {
        ...current,
        attempts,
        state: success ? 'succeeded' : finished ? 'failed' : 'pending',
        next_attempt_at: next,
        updated_at: this.#now().toISOString(),
      } satisfies Delivery);
      this.#store.db.prepare('UPDATE deliveries SET lease_until = NULL WHERE id = ?').run(delivery.id);
    });
  }
}

/** One POST of a delivery; a 2xx within the timeout is success. Never throws. */
function post(url: string, body: string, headers: { [name: string]: string }, timeoutMs: number): Promise<{ status: number | null; error: string | null }> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ status: null, error: 'the webhook URL is not valid' });
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'hire-emulator-webhooks/1' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
        res.on('error', (error) => resolve({ status: res.statusCode ?? null, error: error.message }));
      },
    );
    // The whole exchange, body included, must fit in the timeout (CONTRACT §6: 2xx within 10 s).
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (error) => resolve({ status: null, error: error.message }));
    req.end(body);
  });
}
