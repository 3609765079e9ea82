// hire webhooks listen: a local receiver, like `stripe listen`. It checks each delivery (signature
// and a five-minute timestamp window), answers 2xx only to valid ones and 401 with the reason to
// the rest, prints one line per event (or one JSON object per line), relays valid ones to
// --forward-to, and with --register subscribes itself on the current profile's server for as long
// as it runs.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { Context } from '../../context.js';
import type { AddressInfo } from 'node:net';
import { createWebhook, removeWebhook } from '../../api/webhooks.js';
import { EVENT_KINDS } from '../../domain/vocabulary.js';
import { ApiError, ExitCode, HireError, UsageError } from '../../errors.js';
import { inert, inertJson } from '../../output/cells.js';
import { streamLine, streamWidth, words, type Field } from '../../output/fields.js';
import { RECEIVE_TIMEOUT_MS, receive, type Received } from '../../webhooks/receiver.js';
import { generateSecret } from '../../webhooks/signature.js';
import { defineCommand, flag } from '../define.js';
import { readTextInput } from '../shared/input.js';
import { eventKindsFlag } from './event-kinds.js';
import { confirmProductionWrite } from '../shared/confirm.js';
import {
  forgetListener,
  platformOf,
  recordListener,
  registeredListener,
  removeOrphans,
  type ListenerEntry,
} from './listeners.js';

/** Sender text longer than this is cut in the log line (a header may hold 16 KiB). */
const SHOWN_CHARS = 100;

export default defineCommand({
  path: ['webhooks', 'listen'],
  summary: 'receive deliveries locally: verify, print, relay (like stripe listen)',
  effect: 'write',
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

    const seen = new Set<string>();
    const relaying = new Map<string, Promise<void>>();
    const json = ctx.settings.format === 'json';
    const paint = await ctx.painter('stdout');
    const width = streamWidth(ctx.io, 'stdout');
    const print = (entry: Received) => {
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

    const server = createServer((req, res) => {
      void receive(req, res, { secret, kinds, forwardTo, seen, relaying }).then((entry) => {
        if (entry) print(entry);
      });
    });
    server.requestTimeout = RECEIVE_TIMEOUT_MS;
    server.headersTimeout = RECEIVE_TIMEOUT_MS;
    // Listening for Ctrl-C before saying "Listening on", so that a signal sent on that cue stops it.
    let signal: 'SIGINT' | 'SIGTERM' | undefined;
    let stop!: () => void;
    const stopped = new Promise<undefined>((resolve) => (stop = () => resolve(undefined)));
    const removeInterrupt = ctx.io.onInterrupt((received) => {
      signal ??= received;
      stop();
    });
    let webhookId: string | undefined;
    let listener: { profile: string; entry: ListenerEntry } | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', (error: NodeJS.ErrnoException) =>
          reject(
            error.code === 'EADDRINUSE'
              ? new HireError(`Port ${port} is already in use.`, {
                  exitCode: ExitCode.failure,
                  code: 'port_in_use',
                  hint: 'Pass --port 0 for any free port.',
                })
              : error,
          ),
        );
        server.listen(port, '127.0.0.1', resolve);
      });
      const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // The addresses end their lines, no punctuation on them: copied whole (docs/output.md "Stream lines").
      const width = streamWidth(ctx.io, 'stderr');
      ctx.output.say(
        [
          streamLine([...words('Listening on'), { text: address, gap: ' ' }, ...words('(Ctrl-C stops)')], width),
          ...(forwardTo
            ? [streamLine([...words('Relaying valid deliveries to'), { text: inert(forwardTo.href), gap: ' ' }], width)]
            : []),
        ].join('\n'),
      );

      if (flags.register) {
        const client = await ctx.api();
        const profile = (await ctx.profile()).name;
        // A listener on this profile killed before it could remove its webhook left it behind.
        await removeOrphans(ctx, profile, client);
        // The request is noted before it is sent, key and all: if this listener dies before the
        // answer, the next --register sends it again and learns which webhook it made.
        const request = { url: `${address}/`, events: kinds ?? [...EVENT_KINDS], secret };
        const idempotencyKey = randomUUID();
        listener = {
          profile,
          entry: {
            url: request.url,
            pid: process.pid,
            api: await platformOf(ctx, client),
            idempotency_key: idempotencyKey,
            request,
          },
        };
        await recordListener(ctx, listener.profile, listener.entry);
        const registering = createWebhook(client, request, idempotencyKey);
        registering.catch(() => undefined); // awaited below unless Ctrl-C comes first
        // Ctrl-C while registering drops the request at once rather than waiting for its answer.
        let registered;
        try {
          registered = await Promise.race([registering, stopped]);
        } catch (error) {
          // The platform answered no: there is no webhook to clean up later. (Without an answer
          // there may be one: the entry stays for the next --register to look.)
          if (error instanceof ApiError) await forgetListener(ctx, listener.profile, listener.entry);
          throw error;
        }
        if (registered) {
          webhookId = String(registered.id);
          await registeredListener(ctx, listener.profile, listener.entry, webhookId);
          ctx.notice(
            `Registered webhook ${webhookId} for ${kinds ? kinds.join(', ') : 'every event kind'}; it is removed when this stops.`,
          );
          // Not holding the connection (nor an in-process emulator, and its data dir) while waiting.
          await ctx.releaseApi();
        } else client.abort();
      }
      await stopped;
    } finally {
      // Also when listening or registering failed: the port is let go and the process can end.
      removeInterrupt();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
    if (webhookId) {
      await removeWebhook(await ctx.api(), webhookId);
      ctx.notice(`Removed webhook ${webhookId}.`);
      // Its webhook is gone: nothing for a later listener to clean up. (A registration cut short by
      // Ctrl-C may still have been made: that entry stays, and the next --register looks.)
      if (listener) await forgetListener(ctx, listener.profile, listener.entry);
    }
    // docs/exit-codes.md: Ctrl-C is 130; SIGTERM is the polite way to stop a server, a normal end (as `emulator start`).
    if (signal === 'SIGINT') ctx.exitCode = ExitCode.interrupted;
  },
});

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
  const name = (await ctx.profile()).name;
  const kept = (await ctx.config()).listen_secrets?.[name];
  if (kept && !rotate) return kept;
  const { updateConfig } = await import('../../config/store.js');
  const updated = await updateConfig(ctx.env, (config) => {
    if (config.listen_secrets?.[name] && !rotate) return;
    config.listen_secrets = { ...config.listen_secrets, [name]: generateSecret() };
  });
  ctx.configChanged();
  return updated.listen_secrets![name]!;
}
