// Not a command: the listeners of `webhooks listen --register` on a profile, kept in the config
// store while their webhook exists. A listener removes its webhook and its entry when it stops; one
// killed before it could (SIGKILL, a crash, a power cut) leaves both, and the next `--register` on
// the profile removes that webhook (so that no orphan is retried for days).
import { existsSync, readFileSync } from 'node:fs';
import type { ApiClient } from '../../api/client.js';
import { paginate } from '../../api/paginate.js';
import { removeWebhook, WEBHOOKS_PATH } from '../../api/webhooks.js';
import { ApiError } from '../../errors.js';
import type { Context } from '../../context.js';
import { inert } from '../../output/cells.js';

export type ListenerEntry = {
  /** The listener's address, which its webhook delivers to. */
  url: string;
  pid: number;
  /** The API the webhook was registered on: an entry is only acted on for the same one. */
  base_url: string;
  /** Once registered: the webhook, removed by its id (never by address when the id is known). */
  webhook_id?: string;
};

const same = (a: ListenerEntry, b: ListenerEntry) => a.pid === b.pid && a.url === b.url && a.base_url === b.base_url;

/** Does a process of this id still run (EPERM: it does, as another user's)? A zombie does not. */
function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // Killed but not yet reaped by its parent, it still answers signal 0; Linux says what it is.
  if (!existsSync('/proc/self/stat')) return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false; // gone since
  }
}

async function change(ctx: Context, profile: string, edit: (entries: ListenerEntry[]) => ListenerEntry[]): Promise<void> {
  const { updateConfig } = await import('../../config/store.js');
  await updateConfig(ctx.env, (config) => {
    const entries = edit([...(config.listen_webhooks?.[profile] ?? [])]);
    const all = { ...config.listen_webhooks };
    if (entries.length > 0) all[profile] = entries;
    else delete all[profile];
    if (Object.keys(all).length > 0) config.listen_webhooks = all;
    else delete config.listen_webhooks;
  });
  ctx.configChanged();
}

/** Notes a listener about to register (before the request: a kill in between leaves no orphan unknown). */
export const recordListener = (ctx: Context, profile: string, entry: ListenerEntry): Promise<void> =>
  change(ctx, profile, (entries) => [...entries.filter((item) => !same(item, entry)), entry]);

/** Notes the webhook a listener registered. */
export const registeredListener = (ctx: Context, profile: string, entry: ListenerEntry, webhookId: string): Promise<void> =>
  change(ctx, profile, (entries) => entries.map((item) => (same(item, entry) ? { ...item, webhook_id: webhookId } : item)));

/** Forgets a listener whose webhook is gone (or was never made). */
export const forgetListener = (ctx: Context, profile: string, entry: ListenerEntry): Promise<void> =>
  change(ctx, profile, (entries) => entries.filter((item) => !same(item, entry)));

/** This profile's listeners on this API, read afresh (another listener may have changed them). */
async function listenersOf(ctx: Context, profile: string, baseUrl: string): Promise<ListenerEntry[]> {
  const { readConfig } = await import('../../config/profiles.js');
  return (readConfig(ctx.env).listen_webhooks?.[profile] ?? []).filter((entry) => entry.base_url === baseUrl);
}

/**
 * Removes the webhooks of listeners on this profile and API that are no longer running, then
 * forgets them: by id when the listener lived to note it; else (killed while registering) those at
 * its address, unless a running listener uses that address now. Returns what was removed.
 */
export async function removeOrphans(ctx: Context, profile: string, client: ApiClient): Promise<string[]> {
  const dead = (await listenersOf(ctx, profile, client.baseUrl)).filter((entry) => !alive(entry.pid));
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
    ctx.notice(`Removed webhook ${inert(id)} (${inert(url)}), left by a listener that did not stop cleanly.`);
  };
  for (const entry of dead) if (entry.webhook_id) await remove(entry.webhook_id, entry.url);
  const unknown = new Set(dead.filter((entry) => !entry.webhook_id).map((entry) => entry.url));
  if (unknown.size > 0) {
    for await (const page of paginate(client, WEBHOOKS_PATH, { per_page: 100 }, { all: true })) {
      for (const webhook of page) {
        if (typeof webhook.url !== 'string' || !unknown.has(webhook.url) || typeof webhook.id !== 'string') continue;
        // Just before removing: a listener started meanwhile on the same address keeps its webhook.
        const live = (await listenersOf(ctx, profile, client.baseUrl)).some((entry) => entry.url === webhook.url && alive(entry.pid));
        if (!live) await remove(webhook.id, webhook.url);
      }
    }
  }
  await change(ctx, profile, (current) => current.filter((entry) => !dead.some((gone) => same(gone, entry))));
  return removed;
}
