// hire auth login: stores a key in a profile, after one GET shows that it works (docs/profiles.md;
// the login service, src/services/login.ts). The key comes from a hidden prompt, or from stdin with
// --with-key; never from argv.
import type { Context } from '../../context.js';
import { configFilePath } from '../../config/paths.js';
import { ENVIRONMENTS, maskKey, type Environment } from '../../config/profiles.js';
import { UsageError } from '../../errors.js';
import { login, loginTarget, type LoginTarget } from '../../services/login.js';
import { defineCommand, flag } from '../define.js';
import { readTextInput } from '../shared/input.js';
import { ask, promptIO } from '../../terminal/prompt.js';
import { untilReset } from './key-check.js';
import { commandText } from '../suggest.js';

/**
 * A key the local emulator refused: its keys are listed and made by `hire emulator keys`, per
 * environment (a sandbox key works with local-sandbox, a production one with local).
 */
function emulatorKeyHint(profile: string): string {
  const list = commandText(['emulator', 'keys', 'list'], { flags: { profile } });
  const create = commandText(['emulator', 'keys', 'create'], { flags: { profile } });
  return `The emulator's keys for this profile's environment are in \`${list}\` (a sandbox key belongs to local-sandbox); \`${create}\` makes one.`;
}

/**
 * What a user logs in to. `local` is no value of --environment: it is the kind of the built-in
 * emulator profiles `local` and `local-sandbox` (docs/profiles.md "Profiles"), which log in as they are.
 */
const LOGIN_ENVIRONMENTS = ENVIRONMENTS.filter((environment) => environment !== 'local');

export default defineCommand({
  path: ['auth', 'login'],
  summary: 'store a key in a profile after checking it with one request (the key is never an argument)',
  effect: 'write',
  operations: ['listJobs'],
  local: "saves a key in this machine's config",
  flags: {
    environment: flag.parsed(
      (text) => ((LOGIN_ENVIRONMENTS as readonly string[]).includes(text) ? (text as Environment) : undefined),
      {
        value: 'env',
        help: 'production or sandbox (default: what the server or the URL says, else production); refused when they say otherwise',
        choices: LOGIN_ENVIRONMENTS,
        message:
          '--environment must be production or sandbox (got "{value}"); the local emulator\'s profiles are local and local-sandbox.',
      },
    ),
    baseUrl: flag.string({
      value: 'url',
      help: 'the API base URL from your dashboard (/api/v1 is added when missing)',
    }),
    withKey: flag.boolean({
      help: 'read the key from stdin instead of a hidden prompt (at a terminal, the prompt asks)',
    }),
    skipVerify: flag.boolean({ help: 'save the key without checking it' }),
    setDefault: flag.boolean({ help: 'make the profile the default one' }),
    secureStorageOnly: flag.boolean({
      help: 'keep the key in the system keychain or nowhere: fail (exit 1) rather than write it to the config file',
    }),
  },
  examples: [
    'hire auth login --profile prod --base-url https://api.example.com',
    'hire auth login -p sandbox --environment sandbox --with-key < key.txt',
    'hire auth login -p prod --base-url https://h.example --secure-storage-only',
  ],
  async run(ctx, flags) {
    const config = await ctx.session.config();
    const target = loginTarget(config, ctx.settings.profile ?? flags.environment ?? 'production', flags);
    if (!target.baseUrl) Object.assign(target, await askAddress(ctx, target));
    const { resolveBaseUrl } = await import('../../api/base-url.js');
    const base = resolveBaseUrl(target.baseUrl!, '--base-url');
    const key = await readKey(ctx, flags);
    const saved = await login({
      env: ctx.env,
      config,
      target,
      base,
      key,
      environmentGiven: flags.environment !== undefined,
      verify: !flags.skipVerify,
      setDefault: flags.setDefault === true,
      emulatorKeyHint: emulatorKeyHint(target.name),
      secureOnly: flags.secureStorageOnly === true,
      connect: (profile) => ctx.session.apiFor(profile, { quietNotice: true }),
      onVerified: (check, checker) => {
        const headroom = check.rateLimit
          ? ` ${check.rateLimit.remaining} of ${check.rateLimit.limit} requests left${untilReset(check.rateLimit.reset)}.`
          : '';
        ctx.messages.notice(`Key ${maskKey(key)} works with ${checker}.${headroom}`);
      },
      ...(ctx.canPrompt ? { confirmDefault: (suggested: boolean) => askDefault(ctx, target.name, suggested) } : {}),
    });
    ctx.session.configChanged();
    const { stored } = saved;
    const where = stored.storage === 'keychain' ? 'in the system keychain' : 'in the config file';
    ctx.messages.notice(
      `Saved the key of profile "${target.name}" (${saved.environment}, ${base.href}) ${where}${saved.madeDefault ? '; it is now the default profile' : ''}.`,
    );
    // Said by the login that wrote the file, once: later commands read the key without a word.
    if (stored.fallbackReason !== undefined)
      ctx.messages.warn(
        `no system keychain answers (${stored.fallbackReason}): the key is kept in the config file ${configFilePath(ctx.env)} (mode 0600). Pass --secure-storage-only to refuse instead.`,
        { code: 'key_in_file', profile: target.name },
      );
    if (stored.leftInKeychain !== undefined)
      ctx.messages.warn(
        `the key profile "${target.name}" had in the system keychain could not be removed from it (${stored.leftInKeychain}); hire no longer reads it.`,
        { code: 'key_left_in_keychain', profile: target.name },
      );
    if (saved.note) ctx.messages.notice(saved.note);
  },
});

/** No address known: asked at a terminal (and the environment, if nothing says it), else a usage error. */
async function askAddress(ctx: Context, target: LoginTarget): Promise<Pick<LoginTarget, 'baseUrl' | 'environment'>> {
  if (!ctx.canPrompt) {
    throw new UsageError(`Profile "${target.name}" needs --base-url URL.`, {
      hint: 'The API spec publishes no fixed addresses: use the base URL from your dashboard.',
    });
  }
  const [{ default: select }, { default: input }] = await Promise.all([
    import('@inquirer/select'),
    import('@inquirer/input'),
  ]);
  const io = promptIO(ctx);
  const environment =
    target.environment ??
    (await ask(() =>
      select<Environment>({ message: 'Environment', choices: [{ value: 'production' }, { value: 'sandbox' }] }, io),
    ));
  const baseUrl = await ask(() => input({ message: 'Base URL (from your dashboard)', required: true }, io));
  return { environment, baseUrl };
}

async function askDefault(ctx: Context, name: string, suggested: boolean): Promise<boolean> {
  const { default: confirm } = await import('@inquirer/confirm');
  return ask(() => confirm({ message: `Make "${name}" the default profile?`, default: suggested }, promptIO(ctx)));
}

async function readKey(ctx: Context, flags: { readonly withKey?: boolean | undefined }): Promise<string> {
  let key: string;
  // At a terminal --with-key asks as the prompt does: a key pasted on stdin would be echoed, and the
  // Ctrl-D that ends it would close the input the questions after it need.
  if (flags.withKey && !ctx.canPrompt) key = await readTextInput(ctx, '--with-key', '-');
  else if (ctx.canPrompt) {
    const { default: password } = await import('@inquirer/password');
    key = await ask(() => password({ message: 'API key', mask: '*' }, promptIO(ctx)));
  } else {
    throw new UsageError('No key given: pipe it on stdin with --with-key (keys are never taken from arguments).', {
      hint: 'printf %s "$HIRE_KEY" | hire auth login --profile prod --with-key',
    });
  }
  key = key.trim();
  if (key === '') throw new UsageError('The key is empty.');
  if (/\s/.test(key)) throw new UsageError('The key contains spaces; paste it exactly as the dashboard shows it.');
  return key;
}
