// One MCP call's view of the server's session: the same profile, config, client and emulator
// connection (resolved once, when the server started: docs/mcp.md), but a client whose requests
// and waits end when this call stops (cancelled by the client, or the server ending), without
// touching the other calls in flight. Everything else is the server's session's.
import type { ApiClient } from '../api/client.js';
import type { ConfigFile, ResolvedProfile } from '../config/profiles.js';
import { Session, type SessionOptions } from '../session.js';

export class CallSession extends Session {
  readonly #server: Session;
  readonly #signal: AbortSignal;
  #client: Promise<ApiClient> | undefined;

  constructor(server: Session, signal: AbortSignal, options: SessionOptions) {
    super(options);
    this.#server = server;
    this.#signal = signal;
  }

  override config(): Promise<ConfigFile> {
    return this.#server.config();
  }

  override profile(): Promise<ResolvedProfile> {
    return this.#server.profile();
  }

  override get profileName(): string | undefined {
    return this.#server.profileName;
  }

  override get keySource(): ResolvedProfile['keySource'] | undefined {
    return this.#server.keySource;
  }

  /** The server's client, as a sibling that stops with this call. */
  override api(): Promise<ApiClient> {
    return (this.#client ??= this.#server.api().then((client) => client.withSignal(this.#signal)));
  }

  /** What the server's client reaches, and whether it is the emulator, is the server session's to know. */
  override answeredByEmulator(): Promise<boolean> {
    return this.#server.answeredByEmulator();
  }

  override reached(): ReturnType<Session['reached']> {
    return this.#server.reached();
  }

  /** The connection is the server's for its whole life: a call lets go of its own view only. */
  override releaseApi(): Promise<void> {
    this.#client = undefined;
    return Promise.resolve();
  }

  /** A call never changes the config (profiles and auth are no tools); the server's stays as read. */
  override configChanged(): void {}

  override onCleanup(cleanup: () => Promise<void> | void): void {
    this.#server.onCleanup(cleanup);
  }

  override apiFor(profile: ResolvedProfile, options: { quietNotice?: boolean } = {}): Promise<ApiClient> {
    return this.#server.apiFor(profile, options).then((client) => client.withSignal(this.#signal));
  }
}
