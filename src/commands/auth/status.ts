// hire auth status: each profile (or one), its key (masked), where the key comes from, whether it
// works, and the rate-limit headroom. Exit 3 when the selected profile's key fails (docs/profiles.md).
import { reachedAt } from '../shared/address.js';
import {
  defaultProfileName,
  maskKey,
  profileNames,
  resolveProfile,
  targetEnvironment,
  type ResolvedProfile,
} from '../../config/profiles.js';
import { environmentCell, readStoredKey } from '../profiles/describe.js';
import { answersAsEmulator, declaredEmulator } from '../../connection/reached.js';
import { ExitCode } from '../../errors.js';
import { inert } from '../../output/cells.js';
import { printList, type Column } from '../../output/render.js';
import { checkKey, type KeyCheck } from '../../services/key-check.js';
import { untilReset } from './key-check.js';
import { defineCommand } from '../define.js';
import { forPrograms } from '../../output/document.js';

/** The spec's advice: rotate keys every 90 days. */
const ROTATE_AFTER_DAYS = 90;
/** Warn when the server says the key expires within this many days. */
const EXPIRY_WARNING_DAYS = 14;

const COLUMNS: readonly Column[] = [
  // Never hidden (docs/output.md "Values a person copies"): which profile, its environment, its state.
  { key: 'profile', lines: 2, keep: true },
  { key: 'environment', header: 'ENV', lines: 2, want: 10, keep: true, format: environmentCell },
  { key: 'base_url', header: 'BASE URL', url: true },
  // At a narrow terminal the source goes first, then the key, then the rate limit; never the environment or address.
  { key: 'key', lines: 2, drop: 2 },
  { key: 'key_source', header: 'SOURCE', lines: 2, drop: 3 },
  { key: 'status', status: true, want: 6, keep: true },
  {
    key: 'rate_limit',
    header: 'RATE LIMIT',
    short: 'RATE',
    lines: 2,
    want: 15,
    drop: 1,
    format: (value) => formatRateLimit(value),
  },
];

export default defineCommand({
  path: ['auth', 'status'],
  summary: 'show each profile (or --profile), whether its key works, and the rate-limit headroom',
  effect: 'read',
  operations: ['listJobs'],
  local: "reports on this machine's saved profiles and their keys",
  examples: ['hire auth status', 'hire auth status --profile prod --json'],
  async run(ctx) {
    const config = await ctx.session.config();
    const selected = (await ctx.session.selected()).name;
    const names = ctx.settings.profile ? [ctx.settings.profile] : profileNames(config);
    const now = Date.now();
    const rows: Record<string, unknown>[] = [];
    let selectedFailed: string | undefined;
    for (const name of names) {
      // Environment overrides (HIRE_API_KEY, HIRE_BASE_URL) apply to the profile in use only.
      const { profile, unreadable } =
        name === selected
          ? { profile: await ctx.session.profile(), unreadable: undefined }
          : await readStoredKey(resolveProfile({ flag: name, env: {}, config }), ctx.env);
      const check: KeyCheck = unreadable
        ? { state: 'error', message: unreadable.message, rateLimit: undefined, expiresAt: undefined }
        : await checkKey((target) => ctx.session.apiFor(target, { quietNotice: true }), profile);
      const warnings: string[] = [];
      const savedAt = config.profiles?.[name]?.key_saved_at;
      if (profile.keySource === 'profile' && savedAt) {
        const days = Math.floor((now - new Date(savedAt).getTime()) / 86_400_000);
        if (days > ROTATE_AFTER_DAYS)
          warnings.push(`the key is ${days} days old; rotating keys every ${ROTATE_AFTER_DAYS} days is advised`);
      }
      if (check.expiresAt) {
        const days = (new Date(check.expiresAt).getTime() - now) / 86_400_000;
        if (days >= 0 && days <= EXPIRY_WARNING_DAYS)
          warnings.push(`the key expires on ${check.expiresAt.slice(0, 10)}`);
      }
      if (name === selected && check.state !== 'ok') selectedFailed = `Profile "${name}": ${check.message}`;
      rows.push({
        profile: name === defaultProfileName(config) ? `${name} (default)` : name,
        name,
        default: name === defaultProfileName(config),
        environment: targetEnvironment(profile),
        // As the check found it: the emulator names its environment; a built-in profile is its, at its own address.
        emulator: answersAsEmulator({ emulator: declaredEmulator(profile) }, check.environment),
        base_url: await reachedAt(profile, ctx.env),
        key: profile.apiKey ? maskKey(profile.apiKey) : profile.environment === 'local' ? '(emulator key)' : '',
        key_source: keySource(profile, check),
        key_storage: profile.keyStorage ?? null,
        status: check.state,
        message: check.message,
        rate_limit: check.rateLimit ?? null,
        expires_at: check.expiresAt ?? null,
        warnings,
      });
    }
    // For programs, the rows without the display-only `profile` cell; their messages are in the rows.
    const programs = forPrograms(ctx.output);
    await printList(ctx.output, programs ? rows.map(({ profile: _display, ...row }) => row) : rows, COLUMNS);
    if (!programs) {
      for (const row of rows) {
        if (row.status !== 'ok')
          ctx.output.say(ctx.messages.fitToTerminal(inert(`${String(row.name)}: ${String(row.message)}`)));
        for (const warning of row.warnings as string[])
          ctx.messages.warn(`profile "${String(row.name)}": ${warning}.`, {
            code: 'profile_warning',
            profile: String(row.name),
          });
      }
    }
    if (selectedFailed) ctx.fail(ExitCode.auth, 'key_check_failed', selectedFailed);
  },
});

function keySource(profile: ResolvedProfile, check: KeyCheck): string {
  if (profile.keySource === 'env') return 'HIRE_API_KEY';
  if (profile.keySource === 'profile') return 'profile';
  if (profile.environment === 'local' && check.state !== 'no_key') return 'emulator data dir';
  return 'none';
}

function formatRateLimit(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const { remaining, limit, reset } = value as { remaining: number; limit: number; reset?: number };
  return `${remaining}/${limit}${untilReset(reset)}`;
}
