// Not a command: how `auth login` and `auth status` check a key, with one GET (docs/profiles.md): what
// the server says of it, and its rate-limit headroom.
import type { RateLimit } from '../../api/client.js';
import { probeWithKey } from '../../api/jobs.js';
import type { ResolvedProfile } from '../../config/profiles.js';
import type { Context } from '../../context.js';
import { ApiError, HireError } from '../../errors.js';

export type KeyState = 'ok' | 'unauthorized' | 'key_expired' | 'forbidden' | 'unreachable' | 'no_key' | 'error';

export interface KeyCheck {
  state: KeyState;
  message: string;
  rateLimit: RateLimit | undefined;
  /** When the server says the key expires (X-Key-Expires-At), if it does. */
  expiresAt: string | undefined;
  /** The environment the server says it is (the emulator's X-Hire-Environment), if it says. */
  environment?: 'production' | 'sandbox';
}

export async function checkKey(ctx: Context, profile: ResolvedProfile): Promise<KeyCheck> {
  let client;
  try {
    client = await ctx.session.apiFor(profile, { quietNotice: true });
  } catch (error) {
    if (error instanceof HireError && error.code === 'no_credentials')
      return { state: 'no_key', message: 'no key stored', rateLimit: undefined, expiresAt: undefined };
    throw error;
  }
  try {
    const response = await probeWithKey(client);
    const expiresAt = response.headers['x-key-expires-at'];
    const said = response.headers['x-hire-environment'];
    const environment = said === 'production' || said === 'sandbox' ? said : undefined;
    if (response.status < 400)
      return {
        state: 'ok',
        message: 'works',
        rateLimit: client.rateLimit,
        expiresAt,
        ...(environment ? { environment } : {}),
      };
    const { parseResponse } = await import('../../api/client.js');
    try {
      parseResponse(response.status, response.headers, response.text);
    } catch (error) {
      if (error instanceof ApiError) return fromApiError(error, client.rateLimit, expiresAt);
      throw error;
    }
    return { state: 'error', message: `HTTP ${response.status}`, rateLimit: client.rateLimit, expiresAt };
  } catch (error) {
    if (error instanceof ApiError) return fromApiError(error, client.rateLimit, undefined);
    if (error instanceof HireError)
      return { state: 'unreachable', message: error.message, rateLimit: undefined, expiresAt: undefined };
    throw error;
  }
}

function fromApiError(error: ApiError, rateLimit: RateLimit | undefined, expiresAt: string | undefined): KeyCheck {
  const state: KeyState =
    error.code === 'key_expired'
      ? 'key_expired'
      : error.status === 401
        ? 'unauthorized'
        : error.status === 403
          ? 'forbidden'
          : 'error';
  return { state, message: `${error.message} (${error.code}, HTTP ${error.status})`, rateLimit, expiresAt };
}

/** ` until 15:00 UTC` (or a date, when the window is a day or more): the window the server reports (the one nearest to running out). */
export function untilReset(reset: number | undefined): string {
  if (reset === undefined || !Number.isFinite(reset)) return '';
  const at = new Date(reset * 1000);
  if (Number.isNaN(at.getTime())) return '';
  const time = at.toISOString().slice(11, 16);
  return reset * 1000 - Date.now() > 86_400_000
    ? ` until ${at.toISOString().slice(0, 10)} ${time} UTC`
    : ` until ${time} UTC`;
}
