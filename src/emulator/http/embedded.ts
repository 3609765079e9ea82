// How a command on the `local` profile reaches an emulator (docs/emulator.md "Finding a standing emulator"): a standing one that
// proves it serves this data dir, at the profile's address or where the data dir's record says;
// otherwise one started in-process for this command, on the same data. No key is sent before the
// proof, and a stranger on the profile's address is named once.
import { liveServer, probeEmulator, type TlsDetail } from '../access/presence.js';

export interface LocalEmulator {
  mode: 'standing' | 'embedded';
  /** The origin to send requests to. */
  origin: string;
  /** The profile's address, when something else answers there. */
  foreign?: string;
  /** Said once on stderr by whoever started it (a data dir moved to the database). */
  migrated?: string;
  /**
   * This data dir's standing emulator serves HTTPS with a certificate this process does not trust
   * (`tlsError`, Node's code), or with `cert` to trust: nothing was started and nothing sent.
   */
  untrusted?: { origin: string; tlsError: string; cert?: string; peer?: TlsDetail['peer'] };
  close: () => Promise<void>;
}

export async function connectLocalEmulator(options: {
  address: URL;
  dataDir: string;
  localKey: string;
  now?: () => Date;
  /** Damaged records the in-process emulator met (lists leave them out). */
  onWarning?: (message: string) => void;
  /** What the in-process emulator says once it serves (a sandbox reset of a stamp in the future). */
  onNotice?: (message: string) => void;
  /** The in-process emulator serves only the published operations (server.ts `publishedOnly`). */
  publishedOnly?: boolean;
}): Promise<LocalEmulator> {
  const { address, dataDir, localKey } = options;
  const live = liveServer(dataDir);
  // The profile's address follows the scheme of the emulator standing there (`emulator start --tls`).
  const profileOrigin = live && sameHostAndPort(live.url, address) ? live.url : address.origin;
  const origins = [profileOrigin];
  if (live && live.url !== profileOrigin) origins.push(live.url);
  let foreign: string | undefined;
  for (const origin of origins) {
    const detail: TlsDetail = {};
    const verdict = await probeEmulator(origin, localKey, undefined, detail);
    if (verdict === 'ours') return { mode: 'standing', origin, close: async () => {}, ...(foreign ? { foreign } : {}) };
    if (verdict === 'untrusted') {
      const untrusted = {
        origin,
        tlsError: detail.tlsError ?? 'CERT_UNTRUSTED',
        ...(detail.peer ? { peer: detail.peer } : {}),
        ...(live?.cert ? { cert: live.cert } : {}),
      };
      return { mode: 'standing', origin, close: async () => {}, untrusted };
    }
    if (verdict !== 'absent' && origin === profileOrigin) foreign = address.host;
  }
  // The emulator itself (and the database binding) load only here, not when a standing one answers.
  const { startEmulator } = await import('./server.js');
  let migrated: string | undefined;
  let serving = false;
  // Its port lives as long as the command: links it makes (`application_url`) name the profile's
  // address instead, where `hire emulator start` serves this data.
  const emulator = await startEmulator({
    dataDir,
    host: '127.0.0.1',
    port: 0,
    mode: 'embedded',
    publicUrl: address.origin,
    ...(options.now ? { now: options.now } : {}),
    ...(options.publishedOnly ? { publishedOnly: true } : {}),
    // While it starts, kept for the caller to say after it connects; once it serves, said at once.
    onNotice: (message) => {
      if (serving) options.onNotice?.(message);
      else migrated = message;
    },
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
  });
  serving = true;
  return {
    mode: 'embedded',
    origin: emulator.origin,
    close: emulator.close,
    ...(foreign ? { foreign } : {}),
    ...(migrated ? { migrated } : {}),
  };
}

function sameHostAndPort(url: string, address: URL): boolean {
  try {
    return new URL(url).host === address.host;
  } catch {
    return false;
  }
}
