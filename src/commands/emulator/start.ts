// hire emulator start: the local platform as a standing server, until Ctrl-C (src/services/emulator.ts).
import { MAX_CLOCK_SCALE, emulatorClock } from '../../config/emulator-clock.js';
import { emulatorPublishedOnly } from '../../config/emulator-mode.js';
import { OPERATIONS } from '../../domain/operations.js';
import { dataDir } from '../../config/paths.js';
import type { Context } from '../../context.js';
import { FAULTS, parseWeights } from '../../emulator/http/chaos.js';
import { inert } from '../../output/cells.js';
import type { Painter } from '../../output/paint.js';
import { layoutFields, streamLine, streamWidth, words } from '../../output/fields.js';
import { defineCommand, flag } from '../define.js';
import { stopOnInterrupt } from '../shared/stop.js';
import { emulatorTls, runStandingEmulator, type RequestLogEntry, type TlsMaterial } from '../../services/emulator.js';

export default defineCommand({
  path: ['emulator', 'start'],
  summary: 'run the emulator as a standing server until Ctrl-C',
  effect: 'write',
  local: 'runs the local emulator until stopped',
  flags: {
    port: flag.number({
      value: 'port',
      help: 'port to listen on (0 = any free port)',
      default: '4010',
      integer: true,
      min: 0,
      max: 65535,
    }),
    host: flag.string({ help: 'address to listen on', default: '127.0.0.1' }),
    dataDir: flag.string({
      value: 'dir',
      file: 'write',
      help: 'where the emulator keeps its data (default $HIRE_DATA_DIR or ~/.local/share/hire)',
    }),
    deliveryBackoff: flag.number({
      value: 'ms',
      help: 'first webhook retry delay in ms, then ×5 each time (6 attempts); small for tests',
      default: '5000',
      integer: true,
      min: 1,
      message: '--delivery-backoff must be a whole number of milliseconds (got "{value}").',
    }),
    chaos: flag.number({
      value: 'rate',
      help: 'inject faults into this fraction of API requests (0-1): 5xx, 429, latency, drops, cut bodies',
      min: 0,
      max: 1,
      message: '--chaos takes a fraction from 0 to 1 (got "{value}").',
    }),
    clockScale: flag.number({
      value: 'n',
      help: "run the emulator's clock N times faster: rate-limit windows, key expiry, the sandbox's reset (360: an hour in 10 s)",
      min: 1,
      max: MAX_CLOCK_SCALE,
    }),
    chaosSeed: flag.number({
      value: 'n',
      help: 'the same seed gives the same faults (default 1)',
      integer: true,
      requires: { flags: ['chaos'], message: '--chaos-seed and --chaos-weights go with --chaos RATE.' },
    }),
    tls: flag.boolean({
      help: 'serve HTTPS, with a certificate for 127.0.0.1, ::1 and localhost made and kept in the data dir (tls/)',
    }),
    tlsCert: flag.string({
      name: 'tls-cert',
      value: 'file',
      file: 'read',
      help: 'serve HTTPS with this certificate (PEM; with --tls-key)',
      requires: { flags: ['tlsKey'], message: '--tls-cert and --tls-key go together: pass both.' },
      implies: { tls: true },
    }),
    tlsKey: flag.string({
      name: 'tls-key',
      value: 'file',
      file: 'read',
      help: "the --tls-cert certificate's private key (PEM)",
      requires: { flags: ['tlsCert'], message: '--tls-cert and --tls-key go together: pass both.' },
    }),
    publishedOnly: flag.boolean({
      name: 'published-only',
      help: "serve only the API spec's published operations; the rest answer a bare 404, as a gateway in front of a platform without them would",
    }),
    chaosWeights: flag.parsed(parseWeights, {
      value: 'list',
      example: 'error=2,latency=1',
      help: 'how often each fault comes, e.g. error=2,latency=1 (error, rate_limit, latency, drop_before, drop_after, truncate)',
      message: `--chaos-weights takes kind=weight pairs, kinds ${FAULTS.join(', ')} (got "{value}").`,
      requires: { flags: ['chaos'], message: '--chaos-seed and --chaos-weights go with --chaos RATE.' },
    }),
  },
  examples: [
    'hire emulator start',
    'hire emulator start --port 4020 --data-dir ./emulator-data',
    'hire emulator start --tls',
    'hire emulator start --published-only --port 4020 --data-dir ./published-only',
  ],
  async run(ctx, flags) {
    ctx.streaming();
    const { port, chaosSeed: seed, chaosWeights: weights } = flags;
    const chaos =
      flags.chaos === undefined
        ? undefined
        : { rate: flags.chaos, ...(seed !== undefined ? { seed } : {}), ...(weights ? { weights } : {}) };
    const dir = flags.dataDir ?? dataDir(ctx.env);
    const tls =
      flags.tlsCert !== undefined || flags.tls ? await emulatorTls(dir, flags.tlsCert, flags.tlsKey) : undefined;
    const now = emulatorClock(ctx.env, flags.clockScale);
    const publishedOnly = emulatorPublishedOnly(ctx.env, flags.publishedOnly);
    const paint = await ctx.output.painter('stderr');
    // Caught before saying "listening", so that a signal sent on that cue stops it cleanly; only the
    // first: a second Ctrl-C while it closes ends the process.
    const stop = stopOnInterrupt(ctx.io, { once: true });
    let end;
    try {
      end = await runStandingEmulator({
        ...(now ? { now } : {}),
        dataDir: dir,
        host: flags.host,
        port,
        deliveryBackoffMs: flags.deliveryBackoff,
        ...(chaos ? { chaos } : {}),
        ...(publishedOnly ? { publishedOnly } : {}),
        tls,
        signal: stop.signal,
        onNotice: (message) => ctx.messages.notice(message),
        onWarning: (message) => ctx.messages.warn(message),
        onRequest: requestLogger(ctx, paint),
        onListening: (emulator) => listening(ctx, { ...emulator, dataDir: dir }, tls, chaos, publishedOnly),
      });
    } finally {
      stop.remove();
    }
    if (end.chaosCounts) {
      ctx.messages.notice(
        `Faults injected: ${Object.entries(end.chaosCounts)
          .map(([fault, count]) => `${fault} ${count}`)
          .join(', ')}.`,
      );
    }
    ctx.messages.notice('Emulator stopped.');
    // docs/exit-codes.md: Ctrl-C is 130; a polite SIGTERM is a normal stop.
    ctx.exitCode = stop.exitCode();
  },
});

/** A line a request on stderr (none with --quiet), as `logs tail` prints them: wrapped between fields, the path and the id whole. */
function requestLogger(ctx: Context, paint: Painter): (entry: RequestLogEntry) => void {
  return (entry) => {
    if (ctx.settings.quiet) return;
    const fields = [
      inert(entry.method),
      inert(entry.path),
      { text: `→ ${entry.status}`, gap: ' ' },
      { text: `(${Math.round(entry.ms)} ms)`, gap: ' ' },
      { text: inert(entry.requestId), gap: ' ' },
    ];
    const lines = layoutFields(fields, streamWidth(ctx.io, 'stderr'), { gap: ' ' });
    ctx.output.say(lines.map((line) => paint.dim(line)).join('\n'));
  };
}

/** What is said once the emulator listens: the banner, the certificate to trust, the faults it injects. */
function listening(
  ctx: Context,
  addresses: Addresses,
  tls: TlsMaterial | undefined,
  chaos: { rate: number; seed?: number } | undefined,
  publishedOnly: boolean,
): void {
  // Both environments (docs/emulator.md "Environments: production and sandbox"), each with the key
  // its built-in profile uses: one value a line, laid out between fields (docs/output.md "Stream lines").
  ctx.output.say(banner(addresses, streamWidth(ctx.io, 'stderr')));
  if (tls) {
    const what =
      tls.origin === 'given'
        ? 'Serving HTTPS with the certificate in'
        : tls.origin === 'made'
          ? 'Made a TLS certificate for 127.0.0.1, ::1 and localhost:'
          : 'TLS certificate (127.0.0.1, ::1, localhost):';
    ctx.messages.notice(
      `${what} ${tls.certPath}. Clients trust it with NODE_EXTRA_CA_CERTS=${tls.certPath} (Node), curl --cacert ${tls.certPath}.`,
    );
  }
  if (publishedOnly)
    ctx.messages.notice(
      `Serving only the ${PUBLISHED_COUNT} operations the API spec publishes; every other API request gets a bare 404 (Not found).`,
    );
  if (chaos)
    ctx.messages.notice(
      `Injecting faults into ${Math.round(chaos.rate * 100)}% of API requests (seed ${chaos.seed ?? 1}).`,
    );
}

const PUBLISHED_COUNT = Object.values(OPERATIONS).filter((operation) => operation.published).length;

interface Addresses {
  apiUrl: string;
  sandboxApiUrl: string;
  origin: string;
  keyFiles: Readonly<Record<'production' | 'sandbox', string>>;
  dataDir: string;
}

/** Labels of the banner's lines, values under one another after them. */
const LABEL = 12;

/**
 * What `emulator start` says once listening: both addresses, the profiles and key files, the data
 * dir and the pages, one value a line, so that it fits 80 columns; a value too long for its line
 * (a deep data dir) goes on a line of its own, whole.
 */
export function banner(addresses: Addresses, width: number | undefined): string {
  const row = (label: string, value: string, note = '') =>
    streamLine([label.padEnd(LABEL - 2), value, ...words(note)], width, { indent: LABEL });
  return [
    streamLine(
      [...words('Emulator listening on'), { text: addresses.apiUrl, gap: ' ' }, { text: '(production)', gap: ' ' }],
      width,
      {
        indent: LABEL,
      },
    ),
    row('  profile', 'local'),
    row('  key file', inert(addresses.keyFiles.production)),
    row('Sandbox on', addresses.sandboxApiUrl, '(reset daily at 00:00 UTC)'),
    row('  profile', 'local-sandbox'),
    row('  key file', inert(addresses.keyFiles.sandbox)),
    row('Data', inert(addresses.dataDir)),
    row('Pages', `${addresses.origin}/apply/JOB_ID`, '(and /assess/TOKEN)'),
    'Press Ctrl-C to stop.',
  ].join('\n');
}
