// What hire says about itself besides its commands: the exit codes and the environment it reads.
// Machine help (`hire help --json`) gives these whole; the root help page says them in short.
import { ExitCode } from '../errors.js';

/** Each exit code and what it means (the README's table). */
export const EXIT_CODES: Readonly<Record<ExitCode, string>> = {
  [ExitCode.ok]: 'success',
  [ExitCode.failure]: 'API or unexpected failure: a 5xx, a 409 conflict, an unreadable response',
  [ExitCode.usage]:
    'usage or input error: an unknown command or flag, a value that fails validation, a 400 validation_error',
  [ExitCode.auth]:
    'authentication or permission: no key, 401 unauthorized or key_expired, 403 forbidden, an invalid webhook signature',
  [ExitCode.notFound]: 'not found (404)',
  [ExitCode.rateLimited]: 'rate limited (429), after retries or a wait longer than hire waits',
  [ExitCode.network]: 'network: refused, DNS, TLS, timeout',
  [ExitCode.interrupted]: 'interrupted (Ctrl-C), or a prompt cancelled',
};

/** The environment variables hire reads, and what each does. */
export const ENVIRONMENT: Readonly<Record<string, string>> = {
  HIRE_PROFILE: 'profile to use (like --profile)',
  HIRE_API_KEY: "API key, overriding the profile's",
  HIRE_BASE_URL: "API base URL, overriding the profile's; /api/v1 is added when missing; never starts an emulator",
  HIRE_CONFIG_DIR: 'config directory (default ~/.config/hire)',
  HIRE_DATA_DIR: "the local emulator's data directory (default ~/.local/share/hire)",
  HIRE_EMULATOR_NOW: 'an ISO 8601 time the clock of an emulator that hire starts runs from (tests and demos)',
  NO_COLOR: 'no colour in output',
  FORCE_COLOR: 'colour even when piped (0 turns it off)',
  CI: 'never prompt',
  HTTPS_PROXY: 'proxy for https requests to non-loopback hosts',
  HTTP_PROXY: 'proxy for http requests to non-loopback hosts',
  NO_PROXY: 'hosts reached without the proxy',
};
