// hire profiles list | use NAME | show [NAME] | remove NAME (CONTRACT §2).
import type { Context } from '../../context.js';
import { LOCAL_PROFILE, defaultProfileName, maskKey, profileNames, resolveProfile } from '../../config/profiles.js';
import { UsageError } from '../../errors.js';
import { printList, printRecord, type Column } from '../../output/render.js';

const COLUMNS: readonly Column[] = [
  { key: 'name' },
  { key: 'environment', header: 'ENV' },
  { key: 'base_url', header: 'BASE URL' },
  { key: 'key' },
  { key: 'default', format: (value) => (value ? 'yes' : '') },
];

async function describe(ctx: Context, name: string): Promise<Record<string, unknown>> {
  const config = await ctx.config();
  const profile = resolveProfile({ flag: name, env: {}, config });
  return {
    name,
    environment: profile.environment,
    base_url: profile.baseUrl,
    key: profile.apiKey ? maskKey(profile.apiKey) : profile.environment === 'local' ? '(emulator key)' : '',
    default: defaultProfileName(config) === name,
    key_saved_at: config.profiles?.[name]?.key_saved_at ?? null,
  };
}

export async function list(ctx: Context): Promise<void> {
  const config = await ctx.config();
  const rows = [];
  for (const name of profileNames(config)) rows.push(await describe(ctx, name));
  await printList(ctx, rows, COLUMNS);
}

export async function show(ctx: Context, _flags: unknown, name?: string): Promise<void> {
  const chosen = name ?? (await ctx.profile()).name;
  await printRecord(ctx, await describe(ctx, chosen), [...COLUMNS, { key: 'key_saved_at' }]);
}

export async function use(ctx: Context, _flags: unknown, name: string): Promise<void> {
  const config = await ctx.config();
  if (!profileNames(config).includes(name)) {
    throw new UsageError(`Profile "${name}" does not exist. Known profiles: ${profileNames(config).join(', ')}.`, {
      hint: `Create it with \`hire auth login --profile ${name}\`.`,
    });
  }
  const { updateConfig } = await import('../../config/store.js');
  await updateConfig(ctx.env, (next) => {
    next.default_profile = name;
  });
  ctx.configChanged();
  ctx.notice(`"${name}" is now the default profile.`);
}

export async function remove(ctx: Context, _flags: unknown, name: string): Promise<void> {
  if (name === LOCAL_PROFILE) throw new UsageError('The built-in local profile cannot be removed.');
  const config = await ctx.config();
  if (!config.profiles?.[name]) throw new UsageError(`Profile "${name}" does not exist.`);
  const { updateConfig } = await import('../../config/store.js');
  await updateConfig(ctx.env, (next) => {
    if (next.profiles) delete next.profiles[name];
    if (next.default_profile === name) delete next.default_profile;
  });
  ctx.configChanged();
  ctx.notice(`Removed profile "${name}"${config.default_profile === name ? '; the default is local again' : ''}.`);
}
