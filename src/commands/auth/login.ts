// hire auth login: stores a key in a profile, after one GET shows that it works (docs/profiles.md).
// The key comes from a hidden prompt, or from stdin with --with-key; never from argv.
import type { Context } from '../../context.js';
import {
  BUILT_IN_PROFILES,
  ENVIRONMENTS,
  PROFILE_NAME,
  environmentFromUrl,
  maskKey,
  resolveProfile,
  type Environment,
  type ResolvedProfile,
} from '../../config/profiles.js';
import { ExitCode, HireError, UsageError } from '../../errors.js';
import { defineCommand, flag } from '../define.js';
import { readTextInput } from '../shared/input.js';
import { ask, promptIO } from '../../terminal/prompt.js';
import { checkKey, untilReset } from './key-check.js';

/**
 * What a user logs in to. `local` is no value of --environment: it is the kind of the built-in
 * emulator profiles `local` and `local-sandbox` (docs/profiles.md "Profiles"), which log in as they are.
 */
const LOGIN_ENVIRONMENTS = ENVIRONMENTS.filter((environment) => environment !== 'local');

export default defineCommand({
  path: ['auth', 'login'],
  summary: 'store a key in a profile after checking it with one request (the key is never an argument)',
  effect: 'write',
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
    withKey: flag.boolean({ help: 'read the key from stdin instead of a hidden prompt' }),
    skipVerify: flag.boolean({ help: 'save the key without checking it' }),
    setDefault: flag.boolean({ help: 'make the profile the default one' }),
  },
  examples: [
    'hire auth login --profile prod --base-url https://api.example.com',
    'hire auth login -p sandbox --environment sandbox --with-key < key.txt',
  ],
  async run(ctx, flags) {
    const config = await ctx.session.config();
    const name = ctx.settings.profile ?? flags.environment ?? 'production';
    if (!PROFILE_NAME.test(name))
      throw new UsageError(`Profile names take letters, digits, _ and - only (got "${name}").`);
    const existing = config.profiles?.[name];
    // The built-in local and local-sandbox profiles: the emulator, at the address they have until configured.
    const builtIn =
      !existing && BUILT_IN_PROFILES.includes(name) ? resolveProfile({ flag: name, env: {}, config }) : undefined;
    // What the user says of the environment: the flag, else what the profile was, else a prompt.
    const stated = flags.environment ?? existing?.environment ?? builtIn?.environment;
    let baseUrl = flags.baseUrl ?? existing?.base_url ?? builtIn?.baseUrl;
    let chosenEnvironment = stated;
    if (!baseUrl) {
      if (!ctx.canPrompt) {
        throw new UsageError(`Profile "${name}" needs --base-url URL.`, {
          hint: 'The API spec publishes no fixed addresses: use the base URL from your dashboard.',
        });
      }
      const prompts = await import('@inquirer/prompts');
      const io = promptIO(ctx);
      chosenEnvironment ??= await ask(() =>
        prompts.select<Environment>(
          { message: 'Environment', choices: [{ value: 'production' }, { value: 'sandbox' }] },
          io,
        ),
      );
      baseUrl = await ask(() => prompts.input({ message: 'Base URL (from your dashboard)', required: true }, io));
    }
    const { resolveBaseUrl } = await import('../../api/base-url.js');
    const base = resolveBaseUrl(baseUrl, '--base-url');
    const fromUrl = environmentFromUrl(base.href);

    const key = await readKey(ctx, flags);
    const candidate: ResolvedProfile = {
      name,
      environment: chosenEnvironment ?? fromUrl ?? 'production',
      baseUrl: base.href,
      baseUrlSource: 'profile',
      apiKey: key,
      keySource: 'profile',
      explicit: true,
    };
    let fromServer: 'production' | 'sandbox' | undefined;
    // Who answered the check: a local profile's requests go to this data dir's emulator only (started
    // in-process when something else stands at its address), never to another server.
    const checker = candidate.environment === 'local' ? "this data dir's emulator" : base.href;
    if (!flags.skipVerify) {
      const check = await checkKey(ctx, candidate);
      if (check.state !== 'ok') {
        const exitCode =
          check.state === 'unreachable' ? ExitCode.network : check.state === 'error' ? ExitCode.failure : ExitCode.auth;
        throw new HireError(`The key was not saved: ${checker} answered: ${check.message}.`, {
          exitCode,
          code: check.state,
          hint:
            check.state === 'unreachable'
              ? 'Check the base URL and your network, or pass --skip-verify.'
              : 'Check the key in your dashboard.',
        });
      }
      fromServer = check.environment;
      const headroom = check.rateLimit
        ? ` ${check.rateLimit.remaining} of ${check.rateLimit.limit} requests left${untilReset(check.rateLimit.reset)}.`
        : '';
      ctx.messages.notice(`Key ${maskKey(key)} works with ${checker}.${headroom}`);
    }
    // The environment is what the server says it is, else what its URL says; a profile must never
    // call a sandbox production, or the other way round. The emulator's own profiles are `local`.
    const shown = fromServer ?? fromUrl;
    const source = fromServer ? `${base.href} answers as ${fromServer}` : `the URL says sandbox (${base.href})`;
    let note: string | undefined;
    if (chosenEnvironment === 'local') {
      // the built-in emulator profiles: their address says which environment
    } else if (shown && chosenEnvironment && chosenEnvironment !== shown) {
      if (flags.environment || !existing) {
        throw new UsageError(`--environment ${chosenEnvironment} is refused: ${source}. Nothing was saved.`, {
          hint: `Pass --environment ${shown}, or the base URL of the ${chosenEnvironment} environment.`,
        });
      }
      note = `Profile "${name}" is now marked ${shown} (it was ${chosenEnvironment}): ${source}.`;
      chosenEnvironment = shown;
    } else if (!chosenEnvironment) {
      chosenEnvironment = shown ?? 'production';
      note = shown
        ? `Profile "${name}" is marked ${shown}: ${source}.`
        : `Profile "${name}" is marked production: nothing says otherwise (no --environment, and the server and its URL do not tell). For a sandbox, log in again with --environment sandbox.`;
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
        // Said by the server that checked the key (only the emulator names its environment).
        emulator: fromServer !== undefined ? true : undefined,
      };
      if (makeDefault) next.default_profile = name;
    });
    ctx.session.configChanged();
    ctx.messages.notice(
      `Saved the key of profile "${name}" (${chosenEnvironment}, ${base.href})${makeDefault ? '; it is now the default profile' : ''}.`,
    );
    if (note) ctx.messages.notice(note);
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
