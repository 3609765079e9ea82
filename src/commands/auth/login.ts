// hire auth login: stores a key in a profile, after one GET shows that it works (CONTRACT §2).
// The key comes from a hidden prompt, or from stdin with --with-key; never from argv.
import type { Context } from '../../context.js';
import { BUILT_IN_PROFILES, ENVIRONMENTS, PROFILE_NAME, maskKey, resolveProfile, type Environment, type ResolvedProfile } from '../../config/profiles.js';
import { ExitCode, HireError, UsageError } from '../../errors.js';
import { defineCommand, flag } from '../define.js';
import { readTextInput } from '../shared/input.js';
import { ask, promptIO } from '../shared/prompt.js';
import { checkKey, untilReset } from './key-check.js';

/** What a user logs in to; `local` stays accepted for the built-in profile, though not offered. */
const LOGIN_ENVIRONMENTS = ENVIRONMENTS.filter((environment) => environment !== 'local');

export default defineCommand({
  path: ['auth', 'login'],
  summary: 'store a key in a profile after checking it with one request (the key is never an argument)',
  effect: 'write',
  flags: {
    environment: flag.parsed((text) => (ENVIRONMENTS as readonly string[]).includes(text) ? (text as Environment) : undefined, {
      value: 'env',
      help: "production or sandbox (default: the profile's, else production, the careful side)",
      choices: LOGIN_ENVIRONMENTS,
      message: '--environment must be production or sandbox (got "{value}").',
    }),
    baseUrl: flag.string({ value: 'url', help: 'the API base URL from your dashboard (/api/v1 is added when missing)' }),
    withKey: flag.boolean({ help: 'read the key from stdin instead of a hidden prompt' }),
    skipVerify: flag.boolean({ help: 'save the key without checking it' }),
    setDefault: flag.boolean({ help: 'make the profile the default one' }),
  },
  examples: [
    'hire auth login --profile prod --base-url https://api.example.com',
    'hire auth login -p sandbox --environment sandbox --with-key < key.txt',
  ],
  async run(ctx, flags) {
    const config = await ctx.config();
    const name = ctx.settings.profile ?? flags.environment ?? 'production';
    if (!PROFILE_NAME.test(name)) throw new UsageError(`Profile names take letters, digits, _ and - only (got "${name}").`);
    const existing = config.profiles?.[name];
    // The built-in local and local-sandbox profiles: the emulator, at the address they have until configured.
    const builtIn = !existing && BUILT_IN_PROFILES.includes(name) ? resolveProfile({ flag: name, env: {}, config }) : undefined;
    const environment = flags.environment ?? existing?.environment ?? builtIn?.environment;
    let baseUrl = flags.baseUrl ?? existing?.base_url ?? builtIn?.baseUrl;
    let chosenEnvironment = environment;
    // CONTRACT §7: without --environment a new profile is production, the careful side (writes are
    // guarded there); asked only at a terminal when the base URL is asked for anyway.
    let defaultedToProduction = false;
    if (!chosenEnvironment && (baseUrl || !ctx.canPrompt)) {
      chosenEnvironment = 'production';
      defaultedToProduction = true;
    }
    if (!chosenEnvironment || !baseUrl) {
      if (!ctx.canPrompt) {
        throw new UsageError(`Profile "${name}" needs --base-url URL.`, {
          hint: 'The API spec publishes no fixed addresses: use the base URL from your dashboard.',
        });
      }
      const prompts = await import('@inquirer/prompts');
      const io = promptIO(ctx);
      chosenEnvironment ??= await ask(() =>
        prompts.select<Environment>({ message: 'Environment', choices: [{ value: 'production' }, { value: 'sandbox' }] }, io),
      );
      baseUrl ??= await ask(() => prompts.input({ message: 'Base URL (from your dashboard)', required: true }, io));
    }
    const { resolveBaseUrl } = await import('../../api/base-url.js');
    const base = resolveBaseUrl(baseUrl, '--base-url');

    const key = await readKey(ctx, flags);
    const candidate: ResolvedProfile = {
      name,
      environment: chosenEnvironment,
      baseUrl: base.href,
      baseUrlSource: 'profile',
      apiKey: key,
      keySource: 'profile',
      explicit: true,
    };
    if (!flags.skipVerify) {
      const check = await checkKey(ctx, candidate);
      if (check.state !== 'ok') {
        const exitCode = check.state === 'unreachable' ? ExitCode.network : check.state === 'error' ? ExitCode.failure : ExitCode.auth;
        throw new HireError(`The key was not saved: ${base.href} answered: ${check.message}.`, {
          exitCode,
          code: check.state,
          hint: check.state === 'unreachable' ? 'Check the base URL and your network, or pass --skip-verify.' : 'Check the key in your dashboard.',
        });
      }
      const headroom = check.rateLimit ? ` ${check.rateLimit.remaining} of ${check.rateLimit.limit} requests left${untilReset(check.rateLimit.reset)}.` : '';
      ctx.notice(`Key ${maskKey(key)} works with ${base.href}.${headroom}`);
    }

    let makeDefault = flags.setDefault === true;
    if (!makeDefault && ctx.canPrompt && config.default_profile !== name) {
      const { confirm } = await import('@inquirer/prompts');
      makeDefault = await ask(() =>
        confirm({ message: `Make "${name}" the default profile?`, default: !config.default_profile }, promptIO(ctx)),
      );
    }
    const { updateConfig } = await import('../../config/store.js');
    await updateConfig(ctx.env, (next) => {
      next.profiles ??= {};
      next.profiles[name] = {
        ...next.profiles[name],
        environment: chosenEnvironment,
        base_url: base.href,
        api_key: key,
        key_saved_at: new Date().toISOString(),
      };
      if (makeDefault) next.default_profile = name;
    });
    ctx.configChanged();
    ctx.notice(`Saved the key of profile "${name}" (${chosenEnvironment}, ${base.href})${makeDefault ? '; it is now the default profile' : ''}.`);
    if (defaultedToProduction) {
      ctx.notice(`Profile "${name}" is marked production (no --environment given). For a sandbox, log in again with --environment sandbox.`);
    }
  },
});

async function readKey(ctx: Context, flags: { readonly withKey?: boolean | undefined }): Promise<string> {
  let key: string;
  if (flags.withKey) key = await readTextInput(ctx, '--with-key', '-');
  else if (ctx.canPrompt) {
    const { password } = await import('@inquirer/prompts');
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
