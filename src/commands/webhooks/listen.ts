// hire webhooks listen: a local receiver, like `stripe listen`. The listener service
// (src/services/listen.ts) checks each delivery, answers, relays valid ones to --forward-to, and
// with --register subscribes itself on the current profile's server for as long as it runs (at
// --public-url, a tunnel to it, where that server is not the emulator: docs/commands.md and README
// "Webhooks"); this prints one line per event (or one JSON object per line).
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { inert, inertJson } from '../../output/cells.js';
import { jsonAsked } from '../../output/document.js';
import { streamLine, streamWidth, words, type Field } from '../../output/fields.js';
import type { EventKind } from '../../domain/vocabulary.js';
import { dictionaryOf } from '../../domain/merge.js';
import { listen, type Received, type Registration } from '../../services/listen.js';
import { platformOf, type Orphan } from '../../services/listeners.js';
import { generateSecret } from '../../webhooks/signature.js';
import { defineCommand, flag } from '../define.js';
import { readTextInput } from '../shared/input.js';
import { eventKindsFlag } from './event-kinds.js';
import { confirmProductionWrite } from '../shared/confirm.js';
import { stopOnInterrupt } from '../shared/stop.js';
import { suggester, type Suggest } from '../suggest.js';

/** Sender text longer than this is cut in the log line (a header may hold 16 KiB). */
const SHOWN_CHARS = 100;

export default defineCommand({
  path: ['webhooks', 'listen'],
  summary: 'receive deliveries locally: verify, print, relay (like stripe listen)',
  effect: 'write',
  operations: ['createWebhook', 'deleteWebhook', 'getWebhook'],
  local: 'runs until stopped, listening on this machine',
  flags: {
    port: flag.number({
      value: 'port',
      help: 'port to listen on (0 = any free port)',
      default: '0',
      integer: true,
      min: 0,
      max: 65535,
    }),
    secret: flag.string({ help: 'the signing secret (prefer --secret-stdin: arguments show up in ps)' }),
    secretStdin: flag.boolean({
      help: 'read the signing secret from stdin',
      conflicts: { flags: ['secret'], message: 'Pass --secret or --secret-stdin, not both.' },
    }),
    events: eventKindsFlag(
      'events',
      'only these event kinds, comma-separated: {choices}; also what --register subscribes to',
    ),
    forwardTo: flag.string({ value: 'url', help: 'relay verified deliveries to this URL' }),
    register: flag.boolean({ help: 'register a webhook for this listener on the current profile, removed on exit' }),
    publicUrl: flag.parsed(httpsUrl, {
      value: 'url',
      example: 'https://abc123.ngrok.app/',
      help: "the https address of a tunnel to this listener (ngrok, cloudflared, ssh -R), registered instead of 127.0.0.1: needed when the profile's server is not the emulator",
      message:
        '--public-url takes an https URL that forwards to this listener, such as https://abc123.ngrok.app/ (got "{value}").',
      requires: {
        flags: ['register'],
        message: '--public-url goes with --register: it is the address registered for this listener.',
      },
    }),
    printSecret: flag.boolean({
      help: "print the profile's listener secret (what --register signs with) and exit",
      conflicts: {
        flags: ['secret', 'secretStdin'],
        message:
          '--print-secret and --rotate-secret are about the listener secret kept for the profile: not with --secret or --secret-stdin.',
      },
    }),
    rotateSecret: flag.boolean({
      help: 'make a new listener secret for the profile (with --print-secret or --register)',
      conflicts: {
        flags: ['secret', 'secretStdin'],
        message:
          '--print-secret and --rotate-secret are about the listener secret kept for the profile: not with --secret or --secret-stdin.',
      },
      requires: {
        flags: ['printSecret', 'register'],
        message: '--rotate-secret goes with --print-secret or --register.',
      },
    }),
  },
  examples: [
    'hire webhooks listen --register',
    'hire webhooks listen --register --forward-to http://localhost:3000/hooks',
    'hire webhooks listen --print-secret > secret.txt',
  ],
  async run(ctx, flags) {
    const { port, events: kinds } = flags;
    let forwardTo: URL | undefined;
    if (flags.forwardTo !== undefined) {
      try {
        forwardTo = new URL(flags.forwardTo);
      } catch {
        throw new UsageError(`--forward-to "${flags.forwardTo}" is not a URL.`);
      }
      if (forwardTo.protocol !== 'http:' && forwardTo.protocol !== 'https:')
        throw new UsageError('--forward-to must be an http or https URL.');
    }
    if (flags.printSecret) {
      // Only the secret on stdout: `export WEBHOOK_SECRET=$(hire webhooks listen --print-secret)`.
      ctx.output.line(await listenerSecret(ctx, flags.rotateSecret === true));
      return;
    }
    const suggest = flags.register ? await suggester(ctx) : undefined;
    if (suggest && !flags.publicUrl) await refuseUnreachable(ctx, port, suggest);
    ctx.streaming();
    let secret =
      flags.secret ?? (flags.secretStdin ? (await readTextInput(ctx, '--secret-stdin', '-')).trim() : undefined);
    if (secret === undefined) {
      if (!flags.register)
        throw new UsageError(
          "Pass the signing secret with --secret or --secret-stdin, or use --register (it signs with the profile's listener secret).",
        );
      secret = await listenerSecret(ctx, flags.rotateSecret === true);
    }
    if (secret === '') throw new UsageError('The secret is empty.');
    if (
      flags.register &&
      !(await confirmProductionWrite(ctx, 'Register a webhook for this listener (removed when it stops)'))
    )
      return;

    const stop = stopOnInterrupt(ctx.io);
    await listen({
      port,
      secret,
      kinds,
      forwardTo,
      signal: stop.signal,
      onListening: (address) => ctx.output.say(listeningLines(ctx, address, forwardTo)),
      onDelivery: await deliveryPrinter(ctx),
      onStopping: stop.remove,
      register: suggest ? registration(ctx, kinds, flags.publicUrl, suggest) : undefined,
    });
    ctx.exitCode = stop.exitCode();
  },
});

/** `--public-url`: an https URL, as the URL parser reads it; undefined for anything else (the flag's message). */
function httpsUrl(text: string): URL | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  return url.protocol === 'https:' && url.hostname !== '' ? url : undefined;
}

/**
 * --register without --public-url on a profile that is not the emulator: its platform runs elsewhere
 * and cannot reach 127.0.0.1, so a webhook there would only fail. Refused (exit 2) before anything
 * is registered, with the command that works: a tunnel's address as --public-url.
 */
async function refuseUnreachable(ctx: Context, port: number, suggest: Suggest): Promise<void> {
  const profile = await ctx.session.profile();
  if (profile.emulator) return;
  const tunnelPort = port === 0 ? 8080 : port;
  const command = suggest(['webhooks', 'listen'], {
    flags: { register: true, port: tunnelPort, publicUrl: 'https://YOUR-TUNNEL.example/' },
  });
  throw new UsageError(
    `Profile "${profile.name}" is not the emulator: its platform cannot reach this listener at 127.0.0.1, so nothing was registered.`,
    {
      code: 'listener_unreachable',
      hint: `Run a tunnel to port ${tunnelPort} (\`ngrok http ${tunnelPort}\`, \`cloudflared tunnel --url http://localhost:${tunnelPort}\` or \`ssh -R\`) and register its https address: \`${command}\``,
    },
  );
}

/** --register: the profile's client, where its listeners are noted, and what is said of the webhook. */
function registration(
  ctx: Context,
  kinds: readonly EventKind[] | undefined,
  publicUrl: URL | undefined,
  suggest: Suggest,
): Registration {
  return {
    publicUrl,
    client: () => ctx.session.api(),
    release: () => ctx.session.releaseApi(),
    async book(client) {
      const profile = await ctx.session.profile();
      const platform = await platformOf(ctx.env, profile, client);
      return { env: ctx.env, profile: profile.name, platform, onChange: () => ctx.session.configChanged() };
    },
    onOrphan: (orphan) => ctx.messages.notice(orphanNotice(orphan, suggest(['webhooks', 'list']))),
    onRegistered: (webhookId, url) =>
      ctx.messages.notice(
        // The address ends the line, for copying (docs/output.md "Stream lines").
        `Registered webhook ${webhookId} for ${kinds ? kinds.join(', ') : 'every event kind'} (removed when this stops), delivering to ${inert(url)}`,
      ),
    onRemoved: (webhookId) => ctx.messages.notice(`Removed webhook ${webhookId}.`),
  };
}

/** "Listening on ADDRESS (Ctrl-C stops)", and where valid deliveries are relayed. */
function listeningLines(ctx: Context, address: string, forwardTo: URL | undefined): string {
  // The addresses end their lines, no punctuation on them: copied whole (docs/output.md "Stream lines").
  const width = streamWidth(ctx.io, 'stderr');
  return [
    streamLine([...words('Listening on'), { text: address, gap: ' ' }, ...words('(Ctrl-C stops)')], width),
    ...(forwardTo
      ? [streamLine([...words('Relaying valid deliveries to'), { text: inert(forwardTo.href), gap: ' ' }], width)]
      : []),
  ].join('\n');
}

/** One line per delivery on stdout (and one for its relay's answer), or its JSON object with --json. */
async function deliveryPrinter(ctx: Context): Promise<(entry: Received) => void> {
  const json = jsonAsked(ctx.output);
  const paint = await ctx.painter('stdout');
  const width = streamWidth(ctx.io, 'stdout');
  return (entry) => {
    if (json) {
      ctx.output.line(inertJson(entry));
      return;
    }
    // Our verdict comes first, the sender's text last and escaped: nothing a sender writes can
    // stand where the verdict stands, or look like a line of its own.
    // docs/output.md "Stream lines": wrapped between fields (the verdict's reason between words),
    // under the verdict; an event's kind and id stay whole.
    const time = entry.received_at.slice(11, 19);
    const verdict: Field[] = entry.valid
      ? [{ text: paint.green(entry.duplicate ? '[duplicate, not relayed]' : '[valid]') }]
      : words(`[invalid: ${inert(entry.reason ?? '')}]`, paint.red);
    const what: Field[] = entry.valid
      ? [
          { text: `--> ${senderText(entry.type ?? '?')}`, gap: ' ' },
          { text: senderText(entry.id ?? ''), gap: ' ' },
        ]
      : [{ text: `--> ${entry.id ? senderText(entry.id) : '(no webhook-id)'}`, gap: ' ' }];
    ctx.output.line(streamLine([time, ...verdict, ...what], width, { indent: 10 }));
    if (entry.forwarded) {
      const status = entry.forwarded.status ?? inert(entry.forwarded.error ?? 'no answer');
      ctx.output.line(streamLine([time, ...words(`<-- ${status}`)], width, { indent: 10 }));
    }
  };
}

/** What `--register` says of a webhook left by a listener that did not stop cleanly. */
function orphanNotice(orphan: Orphan, list: string): string {
  if (orphan.removed)
    return `Removed webhook ${inert(orphan.webhookId)} (${inert(orphan.url)}), left by a listener that did not stop cleanly.`;
  return orphan.reason !== undefined
    ? `A listener killed while registering (${inert(orphan.url)}) may have left a webhook; it could not be identified (${inert(orphan.reason)}). \`${list}\` shows them.`
    : `A listener killed while registering (${inert(orphan.url)}) may have left a webhook; nothing identifies it, so none was removed. \`${list}\` shows them.`;
}

/** A sender's id or event type as one inert word: controls, spaces and format characters escaped, cut when long. */
function senderText(text: string): string {
  const word = inert(text).replace(/[\s\p{Cf}]/gu, (char) => {
    const hex = char.codePointAt(0)!.toString(16);
    return hex.length > 4 ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
  });
  const chars = [...word];
  return chars.length > SHOWN_CHARS ? `${chars.slice(0, SHOWN_CHARS).join('')}…` : word;
}

/**
 * The profile's listener secret: kept in the config store (0600) so that `--print-secret` and a
 * later `--register` agree, and the app under test can verify what is forwarded; new with `rotate`.
 * Made under the config store's lock, looking again there: of processes making it at once, the
 * first to take the lock makes it and every other one reads and uses that one
 * (docs/api-choices.md §8).
 */
async function listenerSecret(ctx: Context, rotate: boolean): Promise<string> {
  const name = (await ctx.session.profile()).name;
  const kept = (await ctx.session.config()).listen_secrets?.[name];
  if (kept && !rotate) return kept;
  const { updateConfig } = await import('../../config/store.js');
  const updated = await updateConfig(ctx.env, (config) => {
    if (config.listen_secrets?.[name] && !rotate) return;
    // Without a prototype, as the config keeps it: a profile named `__proto__` is a key too.
    const secrets = dictionaryOf(config.listen_secrets);
    secrets[name] = generateSecret();
    config.listen_secrets = secrets;
  });
  ctx.session.configChanged();
  return updated.listen_secrets![name]!;
}
