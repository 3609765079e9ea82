// The address a profile is reached at, for every view of a profile (profiles list|show, auth
// status, hire status): what the connection uses (docs/profiles.md "The address shown"). A local
// profile (the emulator's, at a loopback address, not overridden by HIRE_BASE_URL) is served by
// this data dir's standing emulator when one runs: at its port and with its scheme (https under
// `emulator start --tls`), whatever port the profile names. Otherwise the profile's own address.
import { dataDir, type Env } from '../../config/paths.js';
import type { ResolvedProfile } from '../../config/profiles.js';

export async function reachedAt(
  profile: Pick<ResolvedProfile, 'environment' | 'baseUrl' | 'baseUrlSource'>,
  env: Env,
): Promise<string> {
  if (profile.environment !== 'local' || profile.baseUrlSource === 'env') return profile.baseUrl;
  let address: URL;
  try {
    address = new URL(profile.baseUrl);
  } catch {
    return profile.baseUrl;
  }
  const [{ isLoopbackHost }, { liveServer }] = await Promise.all([
    import('../../api/base-url.js'),
    import('../../emulator/access/presence.js'),
  ]);
  if (!isLoopbackHost(address.hostname)) return profile.baseUrl;
  const standing = liveServer(dataDir(env));
  if (!standing) return profile.baseUrl;
  let origin: string;
  try {
    origin = new URL(standing.url).origin;
  } catch {
    return profile.baseUrl;
  }
  return `${origin}${address.pathname}${address.search}`;
}
