// How a key is checked (`auth login`, `auth status`), with one GET (docs/profiles.md): what the
// server says of it, and its rate-limit headroom.
import type { ApiClient, RateLimit } from '../api/client.js';
import { probeWithKey } from '../api/jobs.js';
import type { ResolvedProfile } from '../config/profiles.js';
import { ApiError, HireError } from '../errors.js';

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

/** `connect` makes the profile's client (reaching the local emulator when that is its target). */
export async function checkKey(
  connect: (profile: ResolvedProfile) => Promise<ApiClient>,
  profile: ResolvedProfile,
): Promise<KeyCheck> {
  let client;
  try {
    client = await connect(profile);
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
    const { parseResponse } = await import('../api/client.js');
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
