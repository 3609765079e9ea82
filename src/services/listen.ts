// The webhook listener, like `stripe listen`'s proxy: a local receiver that checks each delivery
// (signature and a five-minute timestamp window, src/webhooks/receiver.ts), answers 2xx only to valid
// ones and 401 with the reason to the rest, relays valid ones to `forwardTo`, and, asked to, subscribes
// itself on a platform for as long as it runs. It prints nothing: what happens is told through the
// callbacks, so that `webhooks listen`, the library and the MCP server can each show it their way.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiClient } from '../api/client.js';
import { createWebhook, removeWebhook } from '../api/webhooks.js';
import { EVENT_KINDS, type EventKind } from '../domain/vocabulary.js';
import { ApiError, ExitCode, HireError } from '../errors.js';
import { RECEIVE_TIMEOUT_MS, receive, type Received } from '../webhooks/receiver.js';
import {
  forgetListener,
  recordListener,
  registeredListener,
  removeOrphans,
  type ListenerBook,
  type ListenerEntry,
  type Orphan,
} from './listeners.js';

export type { Received } from '../webhooks/receiver.js';

/** Subscribing the listener on a platform while it runs (removed when it stops). */
export interface Registration {
  /** The API client; asked again to remove the webhook after `release` (a new connection). */
  client: () => Promise<ApiClient>;
  /** Lets go of the connection (and an in-process emulator's data dir) while the listener waits. */
  release: () => Promise<void>;
  /** Where this profile's listeners are noted, for a later listener to clean up after a killed one. */
  book: (client: ApiClient) => Promise<ListenerBook>;
  /**
   * The address registered instead of the listener's own: a tunnel's public https URL that forwards
   * to it (a platform elsewhere cannot reach 127.0.0.1). Noted and removed as the local one is.
   */
  publicUrl?: URL | undefined;
  /** A webhook left by a listener that did not stop cleanly, removed (or not identified). */
  onOrphan?: (orphan: Orphan) => void;
  /** The webhook is registered, delivering to `url`; it is removed when the listener stops. */
  onRegistered?: (webhookId: string, url: string) => void;
  /** The webhook is removed, the listener stopped. */
  onRemoved?: (webhookId: string) => void;
}

export interface ListenOptions {
  /** The port on 127.0.0.1 (0: any free port). */
  port: number;
  secret: string;
  /** Only these event kinds are reported, relayed and subscribed to (all when absent). */
  kinds?: readonly EventKind[] | undefined;
  forwardTo?: URL | undefined;
  /** Stops the listener. Aborted before it listens, it still listens (and registers) and stops at once. */
  signal: AbortSignal;
  register?: Registration | undefined;
  /** Listening at this address (`http://127.0.0.1:PORT`), before any registration. */
  onListening?: (address: string) => void;
  /** One delivery received (valid or not), once its answer and any relay are done. */
  onDelivery?: (entry: Received) => void;
  /**
   * The listener begins to stop (also when listening or registering failed): the port is let go,
   * then the webhook removed. The CLI stops catching Ctrl-C here, so that a second one ends a slow removal.
   */
  onStopping?: () => void;
}

/** Runs the listener until `signal` is aborted. */
export async function listen(options: ListenOptions): Promise<void> {
  const { port, secret, kinds, forwardTo, signal, register } = options;
  const seen = new Set<string>();
  const relaying = new Map<string, Promise<void>>();
  const server = createServer((req, res) => {
    void receive(req, res, { secret, kinds, forwardTo, seen, relaying }).then((entry) => {
      if (entry) options.onDelivery?.(entry);
    });
  });
  server.requestTimeout = RECEIVE_TIMEOUT_MS;
  server.headersTimeout = RECEIVE_TIMEOUT_MS;
  const stopped = new Promise<undefined>((resolve) => {
    if (signal.aborted) resolve(undefined);
    else signal.addEventListener('abort', () => resolve(undefined), { once: true });
  });
  let webhookId: string | undefined;
  let registeredUrl: string | undefined;
  let listener: { book: ListenerBook; entry: ListenerEntry } | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new HireError(`Port ${port} is already in use.`, {
                exitCode: ExitCode.failure,
                code: 'port_in_use',
                hint: 'Pass --port 0 for any free port.',
              })
            : error,
        ),
      );
      server.listen(port, '127.0.0.1', resolve);
    });
    const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    options.onListening?.(address);

    if (register) {
      const client = await register.client();
      const book = await register.book(client);
      // A listener on this profile killed before it could remove its webhook left it behind.
      await removeOrphans(book, client, register.onOrphan);
      // The request is noted before it is sent, key and all: if this listener dies before the
      // answer, the next registration sends it again and learns which webhook it made.
      const request = {
        url: register.publicUrl?.href ?? `${address}/`,
        events: kinds ? [...kinds] : [...EVENT_KINDS],
        secret,
      };
      const idempotencyKey = randomUUID();
      listener = {
        book,
        entry: { url: request.url, pid: process.pid, api: book.platform, idempotency_key: idempotencyKey, request },
      };
      await recordListener(book, listener.entry);
      const registering = createWebhook(client, request, idempotencyKey);
      registering.catch(() => undefined); // awaited below unless the stop comes first
      // Stopped while registering: the request is dropped at once rather than waiting for its answer.
      let registered;
      try {
        registered = await Promise.race([registering, stopped]);
      } catch (error) {
        // The platform answered no: there is no webhook to clean up later. (Without an answer
        // there may be one: the entry stays for the next registration to look.)
        if (error instanceof ApiError) await forgetListener(book, listener.entry);
        throw error;
      }
      if (registered) {
        webhookId = String(registered.id);
        registeredUrl = request.url;
        await registeredListener(book, listener.entry, webhookId);
        register.onRegistered?.(webhookId, request.url);
        // Not holding the connection (nor an in-process emulator, and its data dir) while waiting.
        await register.release();
      } else client.abort();
    }
    await stopped;
  } finally {
    // Also when listening or registering failed: the port is let go and the process can end.
    options.onStopping?.();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
  if (webhookId && register) {
    try {
      await removeWebhook(await register.client(), webhookId);
    } catch (error) {
      throw notRemoved(webhookId, registeredUrl, error);
    }
    register.onRemoved?.(webhookId);
    // Its webhook is gone: nothing for a later listener to clean up. (A registration cut short by
    // the stop may still have been made: that entry stays, and the next registration looks.)
    if (listener) await forgetListener(listener.book, listener.entry);
  }
}

/**
 * The webhook this listener registered could not be removed (the server may not offer DELETE
 * /webhooks/{id}, or it failed): said plainly, with what to do, rather than as a missing record.
 * Its entry in the listeners' book stays, so that the next `listen --register` tries again.
 */
function notRemoved(webhookId: string, url: string | undefined, error: unknown): HireError {
  const reason = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
  const where = url ? `; it still delivers to ${url}, where nothing listens now` : '';
  return new HireError(`The webhook ${webhookId} this listener registered could not be removed${where}. ${reason}.`, {
    exitCode: ExitCode.failure,
    code: 'webhook_not_removed',
    hint: `Remove ${webhookId} in the platform's web app; the next listener that registers on this profile also tries again.`,
    cause: error,
  });
}
