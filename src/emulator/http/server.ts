// The local platform's server: its lifecycle. It opens each environment's parts (store, keys,
// events), listens (HTTP or HTTPS), records itself in the data dir when it stands (access/presence.ts), and
// closes in order; each request is handed to the pipeline (pipeline.ts). It shares only the domain
// with the CLI; it never imports commands, output, config or wizard.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KeyRing, localKeyCreatedAt } from '../access/keys.js';
import { ensureLocalKey, localKeyPath } from '../access/local-key.js';
import {
  isAlive,
  probeEmulator,
  readServerRecord,
  removeServerRecord,
  writeServerRecord,
  type ServerRecord,
} from '../access/presence.js';
import { PageLimiter } from '../pages/limits.js';
import { EventBus } from '../platform/event-bus.js';
import type { EmulatorEnvironment } from '../platform/context.js';
import { SANDBOX_PREFIX, sandboxDataDir } from '../platform/sandbox-place.js';
import { DamagedRecordError, RECOVER_COMMAND } from '../storage/errors.js';
import { Store } from '../storage/store.js';
import { createChaos, type ChaosOptions, type Fault } from './chaos.js';
import { DEFAULT_HOST, handle, loadEverything, type Environments, type RequestLogEntry } from './pipeline.js';
import { RequestStreams } from './request-stream.js';
import type { RouteContext } from './route.js';

export const DEFAULT_PORT = 4010;

export interface EmulatorOptions {
  dataDir: string;
  host?: string;
  /** 0 picks any free port. */
  port?: number;
  /** `server` for `hire emulator start`; `embedded` when a command runs it in-process. */
  mode?: 'server' | 'embedded';
  /**
   * The origin of public links (`application_url`). Unset, each request's own origin (its Host):
   * the links work at whatever address and port the emulator is reached.
   */
  publicUrl?: string;
  /** How long a write waits for another process's transaction on the data dir. */
  busyTimeoutMs?: number;
  /** Told once what people should know (a data dir moved to the database). */
  onNotice?: (message: string) => void;
  /** Told of each damaged record met (once per record): lists leave it out, and it fails alone. */
  onWarning?: (message: string) => void;
  /** Faults for a fraction of API requests (not /_emulator), for reliability tests. */
  chaos?: ChaosOptions;
  /** First retry delay of webhook deliveries (then ×5 each time); short in tests. */
  deliveryBackoffMs?: number;
  /** Called after every request, for `hire emulator start`'s log. */
  onRequest?: (entry: RequestLogEntry) => void;
  /** The emulator's clock: rate-limit windows, key expiry and the sandbox's daily reset. Tests set it. */
  now?: () => Date;
  /** How many events the event log keeps (EVENTS_KEPT); small in tests. */
  eventsKept?: number;
  /**
   * Serve only the operations the API spec publishes, and answer the rest as an API gateway in front
   * of a platform that does not offer them would: a bare 404 (docs/emulator.md "Only what the spec publishes").
   */
  publishedOnly?: boolean;
  /** Serve HTTPS with this certificate and key (PEM), else plain HTTP. */
  tls?: {
    cert: string;
    key: string;
    /** The file clients trust, recorded for them in emulator.json. */ certPath?: string;
  };
}

/** `hire emulator start` on a data dir that a live standing emulator already serves. */
export class DataDirBusyError extends Error {
  constructor(readonly holder: ServerRecord) {
    super(`An emulator (pid ${holder.pid}) already serves this data dir at ${holder.url}.`);
  }
}

export interface RunningEmulator {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** Faults injected so far, by kind (when started with `chaos`). */
  chaosCounts: Readonly<Record<Fault, number>> | undefined;
  /** `http://127.0.0.1:PORT/api/v1`: production. */
  apiUrl: string;
  /** `http://127.0.0.1:PORT/sandbox/api/v1`: the sandbox, with its own data and keys. */
  sandboxApiUrl: string;
  /** Where each environment's own local key is kept (the local and local-sandbox profiles' keys). */
  keyFiles: Readonly<Record<EmulatorEnvironment, string>>;
  /** Production's store. */
  store: Store;
  close: () => Promise<void>;
}

export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const mode = options.mode ?? 'server';
  const localKey = ensureLocalKey(options.dataDir);
  // Any number of commands share a data dir, but one standing server serves it.
  const holder = readServerRecord(options.dataDir);
  // Its certificate may not be trusted here; its proof says all the same that it serves this data dir.
  if (
    mode === 'server' &&
    holder &&
    isAlive(holder.pid) &&
    ['ours', 'untrusted'].includes(await probeEmulator(holder.url, localKey))
  ) {
    throw new DataDirBusyError(holder);
  }
  const store = Store.open(
    options.dataDir,
    options.busyTimeoutMs !== undefined ? { busyTimeoutMs: options.busyTimeoutMs } : {},
  );
  store.onDamaged = (error) => options.onWarning?.(error.message);
  let record: ServerRecord | undefined;
  let environments: Environments | undefined;
  try {
    if (store.migrated && store.migrated.files.length > 0) {
      options.onNotice?.(
        `Moved the emulator data in ${options.dataDir} (${store.migrated.records} records) into ${store.path}; the old files are kept as ${store.migrated.files.join(' and ')}.`,
      );
    }
    if (store.migrated?.strays) {
      options.onNotice?.(
        `Found emulator data written in the old format after the move into ${store.path} (by an earlier hire still running?); it was not imported and is kept as ${store.migrated.strays.join(' and ')}.`,
      );
    }
    const now = options.now ?? (() => new Date());
    const keys = new KeyRing(store, localKey, now, localKeyCreatedAt(options.dataDir));
    const eventOptions = {
      now,
      ...(options.deliveryBackoffMs !== undefined ? { backoffMs: options.deliveryBackoffMs } : {}),
      ...(options.eventsKept !== undefined ? { eventsKept: options.eventsKept } : {}),
      // Damaged records are reported by the store itself; anything else the loop met, here.
      onError: (error: unknown) => {
        if (!(error instanceof DamagedRecordError))
          options.onWarning?.(`Webhook delivery failed: ${(error as Error).message}`);
      },
      // A standing server also delivers what commands on the same data recorded.
      ...(mode === 'server' ? { pollMs: 1_000 } : {}),
    };
    const events = new EventBus(store, eventOptions);
    // node:https (with tls and crypto) taken only for --tls: a command's in-process emulator serves plain http.
    const server = options.tls
      ? process.getBuiltinModule('node:https').createServer({ cert: options.tls.cert, key: options.tls.key })
      : createServer();
    const routeContext: RouteContext = {
      store,
      keys,
      events,
      publicUrl: options.publicUrl ?? '',
      now,
      environment: 'production',
    };
    // The sandbox: its own data dir inside this one. A standing server opens it at once (it delivers
    // the sandbox's events too); a command's in-process emulator only when a request needs it.
    const sandboxDir = sandboxDataDir(options.dataDir);
    const parts: Environments = {
      production: routeContext,
      sandbox() {
        if (this.opened) return this.opened;
        const sandboxStore = Store.open(sandboxDir, {
          recoverCommand: `${RECOVER_COMMAND} --profile local-sandbox`,
          ...(options.busyTimeoutMs !== undefined ? { busyTimeoutMs: options.busyTimeoutMs } : {}),
        });
        sandboxStore.onDamaged = (error) => options.onWarning?.(error.message);
        try {
          const sandboxEvents = new EventBus(sandboxStore, eventOptions);
          const sandboxKeys = new KeyRing(sandboxStore, ensureLocalKey(sandboxDir), now, localKeyCreatedAt(sandboxDir));
          sandboxEvents.start();
          this.opened = {
            store: sandboxStore,
            keys: sandboxKeys,
            events: sandboxEvents,
            publicUrl: '',
            now,
            environment: 'sandbox',
          };
        } catch (error) {
          sandboxStore.close();
          throw error;
        }
        return this.opened;
      },
      opened: undefined,
    };
    environments = parts;
    if (mode === 'server') parts.sandbox();
    const chaos = options.chaos ? createChaos(options.chaos) : undefined;
    // One allowance per address for both environments' pages, counted in this process (pages/limits.ts).
    const pageLimiter = new PageLimiter(now);
    const streams = new RequestStreams();
    server.on('request', (req, res) => {
      void handle(req, res, {
        environments: parts,
        publicUrl: options.publicUrl,
        onRequest: options.onRequest,
        onNotice: options.onNotice,
        chaos,
        localKey,
        mode,
        streams,
        pageLimiter,
        publishedOnly: options.publishedOnly ?? false,
      });
    });
    // A standing server loads now what a command's in-process one loads at first use (pipeline.ts).
    if (mode === 'server') await loadEverything();
    const address = await listen(server, options.host ?? DEFAULT_HOST, options.port ?? DEFAULT_PORT);
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const origin = `${options.tls ? 'https' : 'http'}://${host}:${address.port}`;
    if (mode === 'server') {
      record = {
        pid: process.pid,
        url: origin,
        started_at: new Date().toISOString(),
        ...(options.tls?.certPath ? { cert: options.tls.certPath } : {}),
      };
      writeServerRecord(options.dataDir, record);
    }
    events.start();
    return {
      origin,
      apiUrl: `${origin}/api/v1`,
      sandboxApiUrl: `${origin}${SANDBOX_PREFIX}/api/v1`,
      keyFiles: { production: localKeyPath(options.dataDir), sandbox: localKeyPath(sandboxDir) },
      store,
      chaosCounts: chaos?.counts,
      close: closer(server, { environments: parts, mode, dataDir: options.dataDir, record, streams }),
    };
  } catch (error) {
    if (record) removeServerRecord(options.dataDir, record);
    if (environments?.opened) {
      await environments.opened.events.stop(0);
      environments.opened.store.close();
    }
    store.close();
    throw error;
  }
}

function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

interface Parts {
  environments: Environments;
  mode: 'server' | 'embedded';
  dataDir: string;
  record: ServerRecord | undefined;
  streams: RequestStreams;
}

/** How long an in-process emulator, as its command ends, spends delivering the events it made. */
const EMBEDDED_DELIVERY_WAIT_MS = 3_000;

function closer(server: Server, { environments, mode, dataDir, record, streams }: Parts): () => Promise<void> {
  const opened = () => [environments.production, ...(environments.opened ? [environments.opened] : [])];
  let closing: Promise<void> | undefined;
  return () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        streams.close();
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2_000).unref();
      });
      // A command's in-process emulator delivers what its command caused before it goes; what
      // fails stays pending for the next emulator on this data.
      for (const { events } of opened()) {
        if (mode === 'embedded') await events.drain(EMBEDDED_DELIVERY_WAIT_MS);
        await events.stop(mode === 'server' ? 2_000 : 0);
      }
    })().finally(() => {
      if (record) removeServerRecord(dataDir, record);
      for (const { store } of opened()) store.close();
    }));
}
