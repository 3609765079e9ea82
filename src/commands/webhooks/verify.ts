// hire webhooks verify: checks one delivery offline, for scripts: exit 0 valid, 3 invalid.
import { ExitCode, HireError, UsageError } from '../../errors.js';
import { MAX_DELIVERY_BYTES } from '../../webhooks/receiver.js';
import { verify } from '../../webhooks/signature.js';
import { defineCommand, flag } from '../define.js';
import { readBytesInput, readTextInput } from '../shared/input.js';
import { printDocument } from '../../output/document.js';

export default defineCommand({
  path: ['webhooks', 'verify'],
  summary: 'check one delivery offline: exit 0 when valid, 3 when not',
  effect: 'read',
  local: 'checks a signature on this machine, with a secret',
  flags: {
    secret: flag.string({ help: 'the signing secret' }),
    secretStdin: flag.boolean({
      help: 'read the signing secret from stdin (then the payload comes from --payload-file)',
      conflicts: { flags: ['secret'], message: 'Pass --secret or --secret-stdin, not both.' },
      requires: {
        flags: ['payloadFile'],
        message: 'With --secret-stdin, stdin holds the secret: pass the payload with --payload-file.',
      },
    }),
    id: flag.string({ help: 'the webhook-id header' }),
    timestamp: flag.string({ value: 'seconds', help: 'the webhook-timestamp header' }),
    signature: flag.string({ help: 'the webhook-signature header (v1,…; several separated by spaces)' }),
    payloadFile: flag.string({ value: 'file', file: 'read', help: 'the raw body (default: stdin)' }),
  },
  examples: ['hire webhooks verify --secret "$S" --id $ID --timestamp $TS --signature $SIG'],
  async run(ctx, flags) {
    // The headers are what to check, not the delivery's verdict: one not given is a usage error (exit 2).
    const headers = { '--id': flags.id, '--timestamp': flags.timestamp, '--signature': flags.signature };
    const missing = Object.entries(headers)
      .filter(([, value]) => value === undefined || value.trim() === '')
      .map(([name]) => name);
    if (missing.length > 0) {
      throw new UsageError(`Missing ${listed(missing)}.`, {
        hint: "--id, --timestamp and --signature take the delivery's webhook-* headers.",
      });
    }
    const secret =
      flags.secret ?? (flags.secretStdin ? (await readTextInput(ctx, '--secret-stdin', '-')).trim() : undefined);
    if (!secret) throw new UsageError('Pass the signing secret with --secret or --secret-stdin.');
    // The bytes as delivered: the signature is over them, not over their decoding.
    const body = await readBytesInput(
      ctx,
      flags.payloadFile === undefined ? 'stdin' : '--payload-file',
      flags.payloadFile ?? '-',
      {
        maxBytes: MAX_DELIVERY_BYTES,
        hint: 'A delivery is at most that large.',
      },
    );
    const result = verify({ secret, id: flags.id, timestamp: flags.timestamp, signature: flags.signature, body });
    await printDocument(ctx.output, result, {
      people: () => {
        if (result.valid) ctx.output.line('valid');
      },
    });
    if (!result.valid) {
      throw new HireError(`The delivery is not valid: ${result.reason}.`, {
        exitCode: ExitCode.auth,
        code: 'invalid_signature',
      });
    }
  },
});

/** `--id`, `--id and --timestamp`, `--id, --timestamp and --signature`. */
function listed(names: readonly string[]): string {
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}
