// The listeners of the webhook listener service (`webhooks listen --register`) on a profile, kept
// in the config store while their webhook exists. A listener removes its webhook and its entry when it stops; one
// killed before it could (SIGKILL, a crash, a power cut) leaves both, and the next `--register` on
// the profile removes exactly that webhook (so that no orphan is retried for days).
import type { ApiClient } from '../api/client.js';
import type { WebhookInput } from '../domain/webhook.js';
import { dictionaryOf } from '../domain/merge.js';
import { createWebhook, removeWebhook } from '../api/webhooks.js';
import type { Env } from '../config/paths.js';
import type { ResolvedProfile } from '../config/profiles.js';
import { ApiError } from '../errors.js';
import { processAlive } from '../files/process.js';

export type ListenerEntry = {
  /** The listener's address, which its webhook delivers to. */
  url: string;
  pid: number;
  /**
   * The platform the webhook was registered on, which an entry is only acted on for: the local
   * emulator by its data dir and environment (an in-process one listens on a new port each run),
   * any other server by its base URL.
   */
  api?: string;
  /** Entries written before `api` existed: the base URL (then compared as `api`). */
  base_url?: string;
  /** Once registered: the webhook, removed by its id. */
  webhook_id?: string;
  /**
   * Before registering: the request's Idempotency-Key and body. A listener killed before it heard
   * the answer is resolved by sending the same request again: the platform answers with the
   * webhook the first one made (or makes it now), which is then removed by its id.
   */
  idempotency_key?: string;
  request?: { url: string; events: string[]; secret: string };
};

/**
 * One profile's listeners on one platform: where they are kept (the config store of `env`), and
 * `onChange`, told after each write (a reader of the config forgets what it read).
 */
export interface ListenerBook {
  env: Env;
  profile: string;
  /** The platform, as entries name it (platformOf). */
  platform: string;
  onChange?: () => void;
}

/** What became of a listener found dead: its webhook removed, or none identified (`reason`: the platform's refusal). */
export type Orphan =
  { removed: true; webhookId: string; url: string } | { removed: false; url: string; reason?: string };

const same = (a: ListenerEntry, b: ListenerEntry) => a.pid === b.pid && a.url === b.url && apiOf(a) === apiOf(b);
const apiOf = (entry: ListenerEntry) => entry.api ?? entry.base_url;

async function change(book: ListenerBook, edit: (entries: ListenerEntry[]) => ListenerEntry[]): Promise<void> {
  const { profile } = book;
  const { updateConfig } = await import('../config/store.js');
  await updateConfig(book.env, (config) => {
    const entries = edit([...(config.listen_webhooks?.[profile] ?? [])]);
    // Without a prototype, as the config keeps it: a profile named `__proto__` is a key too.
    const all = dictionaryOf(config.listen_webhooks);
    if (entries.length > 0) all[profile] = entries;
    else delete all[profile];
    if (Object.keys(all).length > 0) config.listen_webhooks = all;
    else delete config.listen_webhooks;
  });
  book.onChange?.();
}

/** Notes a listener about to register (before the request: a kill in between leaves no orphan unknown). */
export const recordListener = (book: ListenerBook, entry: ListenerEntry): Promise<void> =>
  change(book, (entries) => [...entries.filter((item) => !same(item, entry)), entry]);

/** Notes the webhook a listener registered. */
export const registeredListener = (book: ListenerBook, entry: ListenerEntry, webhookId: string): Promise<void> =>
  change(book, (entries) => entries.map((item) => (same(item, entry) ? { ...item, webhook_id: webhookId } : item)));

/** Forgets a listener whose webhook is gone (or was never made). */
export const forgetListener = (book: ListenerBook, entry: ListenerEntry): Promise<void> =>
  change(book, (entries) => entries.filter((item) => !same(item, entry)));

/** This profile's listeners on this platform, read afresh (another listener may have changed them). */
async function listenersOf(book: ListenerBook): Promise<ListenerEntry[]> {
  const { readConfig } = await import('../config/profiles.js');
  return (readConfig(book.env).listen_webhooks?.[book.profile] ?? []).filter(
    (entry) => apiOf(entry as ListenerEntry) === book.platform,
  );
}

/**
 * Which platform a profile's client reaches, as listener entries name it: the local emulator by its
 * data dir and environment (whatever port it listens on this time), another server by its base URL.
 */
export async function platformOf(env: Env, profile: ResolvedProfile, client: ApiClient): Promise<string> {
  if (profile.environment !== 'local' || profile.baseUrlSource === 'env') return client.baseUrl;
  const [{ targetEnvironment }, { dataDir }] = await Promise.all([
    import('../config/profiles.js'),
    import('../config/paths.js'),
  ]);
  return `emulator ${targetEnvironment(profile)} ${dataDir(env)}`;
}

/**
 * Removes the webhooks of listeners on this profile and platform that are no longer running, then
 * forgets them. By id when the listener lived to note it; when it was killed while registering, by
 * sending its registration again with the same Idempotency-Key, so that the platform names the
 * webhook that request made. Never by address: another listener, on this profile or another, may
 * use that address now. Returns what was removed; `onOrphan` hears of each dead listener's webhook.
 */
export async function removeOrphans(
  book: ListenerBook,
  client: ApiClient,
  onOrphan: (orphan: Orphan) => void = () => undefined,
): Promise<string[]> {
  const dead = (await listenersOf(book)).filter((entry) => !processAlive(entry.pid));
  if (dead.length === 0) return [];
  const removed: string[] = [];
  const remove = async (id: string, url: string) => {
    try {
      await removeWebhook(client, id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return; // removed meanwhile (by another listener)
      throw error;
    }
    removed.push(id);
    onOrphan({ removed: true, webhookId: id, url });
  };
  const resolved: ListenerEntry[] = [];
  for (const entry of dead) {
    if (entry.webhook_id) {
      await remove(entry.webhook_id, entry.url);
    } else if (entry.idempotency_key && entry.request) {
      let webhook;
      try {
        webhook = await createWebhook(client, entry.request as WebhookInput, entry.idempotency_key);
      } catch (error) {
        // The platform refuses the same request again (a 409: the key was used for another body, or
        // it forgot the key): nothing proves which webhook is the listener's, so none is removed.
        if (!(error instanceof ApiError)) throw error;
        onOrphan({ removed: false, url: entry.url, reason: error.message });
        resolved.push(entry);
        continue;
      }
      if (typeof webhook.id === 'string') await remove(webhook.id, entry.url);
    } else {
      onOrphan({ removed: false, url: entry.url });
    }
    resolved.push(entry);
  }
  await change(book, (current) => current.filter((entry) => !resolved.some((gone) => same(gone, entry))));
  return removed;
}
