// hire emulator keys create | list | revoke: keys of the emulator, at any permission level and
// tier, with expiry, IP allow-lists and small limits for tests (CONTRACT §6).
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { printList, printRecord, type Column } from '../../output/render.js';
import { wholeNumberFlag } from '../shared/input.js';
import { localClient } from './control.js';

export interface KeyCreateFlags {
  level?: string;
  name?: string;
  tier?: string;
  expiresIn?: string;
  allowIp?: string[];
  perHour?: string;
  perDay?: string;
  concurrent?: string;
}

const COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'name' },
  { key: 'masked', header: 'KEY' },
  { key: 'level' },
  { key: 'tier' },
  { key: 'created_at', header: 'CREATED', brief: (text) => text.slice(0, 10) },
  { key: 'expires_at', header: 'EXPIRES' },
  { key: 'revoked_at', header: 'REVOKED' },
  { key: 'last_used_at', header: 'LAST USED' },
];

/** `90d`, `12h`, `30m`, `45s` → seconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)\s*([smhd])$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * { s: 1, m: 60, h: 3_600, d: 86_400 }[match[2] as 's' | 'm' | 'h' | 'd'];
}

export async function create(ctx: Context, flags: KeyCreateFlags): Promise<void> {
  const expiresIn = flags.expiresIn === undefined ? undefined : parseDuration(flags.expiresIn);
  if (flags.expiresIn !== undefined && expiresIn === undefined) {
    throw new UsageError(`--expires-in takes a number and a unit: 90d, 12h, 30m or 45s (got "${flags.expiresIn}").`);
  }
  const limits = {
    hour: wholeNumberFlag('--per-hour', flags.perHour, 1),
    day: wholeNumberFlag('--per-day', flags.perDay, 1),
    concurrent: wholeNumberFlag('--concurrent', flags.concurrent, 1),
  };
  const client = await localClient(ctx);
  const { data } = await client.request('POST', '/_emulator/keys', {
    fromRoot: true,
    body: {
      level: flags.level ?? 'write',
      tier: flags.tier ?? 'standard',
      ...(flags.name ? { name: flags.name } : {}),
      ...(expiresIn !== undefined ? { expires_in_seconds: expiresIn } : {}),
      allow_ips: flags.allowIp ?? [],
      limits: Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined)),
    },
  });
  await printRecord(ctx, data as Record<string, unknown>, [{ key: 'key' }, ...COLUMNS, { key: 'limits' }, { key: 'allow_ips' }]);
  ctx.notice('Save the key now: it is shown only this once.');
}

export async function list(ctx: Context): Promise<void> {
  const client = await localClient(ctx);
  const { data } = await client.request('GET', '/_emulator/keys', { fromRoot: true });
  await printList(ctx, data as Record<string, unknown>[], COLUMNS);
}

export async function revoke(ctx: Context, _flags: unknown, id: string): Promise<void> {
  const client = await localClient(ctx);
  await client.request('DELETE', `/_emulator/keys/${encodeURIComponent(id)}`, { fromRoot: true });
  ctx.notice(`Revoked key ${id}.`);
}
