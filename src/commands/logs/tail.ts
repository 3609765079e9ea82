// hire logs tail: the requests the local emulator receives, live (like `stripe logs tail`):
// method, path, status, latency, request id and the key's name (never the key). The emulator keeps
// the log in its database, so requests made by any command on the same data dir are seen; it writes
// them to one held connection as they are logged (request-stream.ts), which spends none of the
// key's budget: an idle tail makes no requests.
import { commandText } from '../suggest.js';
import { followRequestLog } from '../../api/emulator.js';
import { ApiError, ExitCode, HireError, NetworkError, UsageError } from '../../errors.js';
import { inert, inertJson } from '../../output/cells.js';
import { streamLine, streamWidth, words } from '../../output/fields.js';
import { defineCommand, flag } from '../define.js';
import { localClient } from '../emulator/local.js';

/** Silence after which the stream is taken for dead: three heartbeats missed (the emulator sends one every 15 s). */
const IDLE_MS = 45_000;
/** Reconnects beyond the first few come at most this often: a server or proxy that ends streams must not make the tail poll. */
const RECONNECT_EVERY_MS = 60_000;
/** Reconnects allowed at once (an emulator restarted), before the pace above applies. */
const RECONNECT_BURST = 3;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** `4xx`, `404`, `2xx,5xx` → a test of a status. */
export function parseStatuses(text: string): ((status: number) => boolean) | undefined {
  const parts = text.split(',').map((part) => part.trim().toLowerCase());
  if (parts.some((part) => !/^[1-5](?:xx|\d\d)$/.test(part))) return undefined;
  return (status) =>
    parts.some((part) =>
      part.endsWith('xx') ? Math.floor(status / 100) === Number(part[0]) : status === Number(part),
    );
}

/** `get,post` → the methods, upper case. */
function parseMethods(text: string): string[] | undefined {
  const methods = text.split(',').map((part) => part.trim().toUpperCase());
  return methods.every((method) => METHODS.includes(method)) ? methods : undefined;
}

/** The path below the API's version (and the sandbox's prefix), without the query: what --path matches. */
export function apiPath(path: string): string {
  const bare = path.split('?')[0]!;
  return bare.replace(/^(?:\/sandbox)?(?:\/api\/v\d+)?/, '') || '/';
}

export default defineCommand({
  path: ['logs', 'tail'],
  summary: "stream the local emulator's request log (every command's requests, as they come)",
  effect: 'read',
  local: 'runs until stopped',
  flags: {
    status: flag.parsed(parseStatuses, {
      value: 'codes',
      example: '4xx,5xx',
      help: 'only these statuses: 4xx, 404, or a comma list (2xx,5xx)',
      message: '--status takes statuses such as 4xx, 404 or 2xx,5xx (got "{value}").',
    }),
    path: flag.string({
      help: 'only paths that start with this, with or without /api/v1 (/jobs, /candidates/cand_abc)',
    }),
    method: flag.parsed(parseMethods, {
      value: 'methods',
      example: 'POST,PATCH',
      help: `only these methods, comma-separated: ${METHODS.join(', ')}`,
      message: `--method takes ${METHODS.join(', ')}, comma-separated (got "{value}").`,
    }),
  },
  examples: [
    'hire logs tail',
    'hire logs tail --status 4xx,5xx',
    'hire logs tail --path /jobs --method POST,PATCH --json',
  ],
  async run(ctx, flags) {
    ctx.streaming();
    if (ctx.settings.format === 'csv')
      throw new UsageError(
        'logs tail prints lines, or one JSON object per line with --json or -o ndjson; it has no CSV form.',
      );
    if (ctx.settings.fields) throw new UsageError('logs tail shows every field of a request; --fields does not apply.');
    if (flags.path === '') throw new UsageError('--path is empty: give the start of a path, such as /jobs.');
    const client = await localClient(
      ctx,
      'hire logs tail works',
      'The platform publishes no request log API; its dashboard is the place for the requests it received.',
    );
    const profileName = (await ctx.profile()).name;
    const wanted = (entry: Record<string, unknown>): boolean => {
      const path = String(entry.path ?? '');
      if (flags.status && !flags.status(Number(entry.status))) return false;
      if (flags.method && !flags.method.includes(String(entry.method))) return false;
      if (flags.path !== undefined && !path.startsWith(flags.path) && !apiPath(path).startsWith(flags.path))
        return false;
      return true;
    };
    const json = ctx.settings.format === 'json' || ctx.settings.format === 'ndjson';
    const paint = await ctx.painter('stdout');
    const width = streamWidth(ctx.io, 'stdout');
    const print = (entry: Record<string, unknown>) => {
      if (json) {
        const { seq: _seq, ...shown } = entry;
        ctx.output.line(inertJson(shown));
        return;
      }
      const time = typeof entry.at === 'string' ? entry.at.slice(11, 19) : '';
      const status = Number(entry.status);
      const statusText = String(status || '---');
      const coloured =
        status >= 500 || status === 0
          ? paint.red(statusText)
          : status >= 400
            ? paint.yellow(statusText)
            : paint.green(statusText);
      const ms = typeof entry.ms === 'number' ? `${entry.ms.toFixed(1)} ms` : '';
      const method = inert(String(entry.method ?? '')).padEnd(6);
      // docs/output.md "Stream lines": wrapped between fields, under the method; a path or an id stays whole.
      ctx.output.line(
        streamLine(
          [
            time,
            method,
            { text: coloured, gap: ' ' },
            ms.padStart(9),
            inert(String(entry.path ?? '')),
            inert(String(entry.request_id ?? '')),
            paint.dim(inert(String(entry.key_name ?? '-'))),
          ],
          width,
          { indent: time === '' ? 2 : 10 },
        ),
      );
    };

    let signal: 'SIGINT' | 'SIGTERM' | undefined;
    let wake: (() => void) | undefined;
    const removeInterrupt = ctx.io.onInterrupt((received) => {
      signal ??= received;
      client.abort();
      wake?.();
    });
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    try {
      // One held connection; the emulator writes each request to it as it is logged. A stream that
      // ends or drops is opened again from the last request seen: at once a few times, then at most
      // once a minute (a server or proxy that ends every stream must not turn the tail into a poll).
      let last: number | undefined;
      let announced = false;
      let failures = 0;
      let credit = RECONNECT_BURST;
      let creditAt = performance.now();
      let retryAt = 0;
      while (signal === undefined) {
        const now = performance.now();
        credit = Math.min(RECONNECT_BURST, credit + (now - creditAt) / RECONNECT_EVERY_MS);
        creditAt = now;
        const wait = Math.max(retryAt - now, credit >= 1 ? 0 : (1 - credit) * RECONNECT_EVERY_MS);
        if (wait > 0) await pause(wait);
        if (signal !== undefined) break;
        credit -= 1;
        try {
          await followRequestLog(client, last, IDLE_MS, {
            onPosition(position) {
              failures = 0;
              last ??= position;
              if (announced) return;
              announced = true;
              ctx.output.say(
                streamLine(
                  words(
                    `Tailing the local emulator's request log (profile ${profileName})${describe(flags)}. Ctrl-C stops.`,
                  ),
                  streamWidth(ctx.io, 'stderr'),
                ),
              );
            },
            onRequest(entry) {
              last = entry.seq;
              if (wanted(entry)) print(entry);
            },
          });
        } catch (error) {
          if (signal !== undefined) break;
          if (error instanceof ApiError && error.status === 404 && !announced) {
            throw new HireError('This emulator has no request log stream: it is older than this hire.', {
              exitCode: ExitCode.failure,
              code: 'emulator_outdated',
              hint: `Stop it and run \`${commandText(['emulator', 'start'])}\` again.`,
            });
          }
          // Not reachable (an emulator restarting): tried again as --max-retries says, then the tail ends.
          if (!(error instanceof NetworkError) || !announced || failures >= ctx.settings.maxRetries) throw error;
          failures += 1;
          // Refused: nothing was sent; tried again after 1 s, 2 s, 4 s… without spending a reconnect.
          if (error.code === 'connection_refused') {
            retryAt = performance.now() + 1_000 * 2 ** (failures - 1);
            credit += 1;
          }
        }
      }
    } catch (error) {
      if (signal === undefined) throw error;
    } finally {
      removeInterrupt();
    }
    // docs/exit-codes.md: Ctrl-C is 130, as for `webhooks listen`; SIGTERM is a normal end.
    if (signal === 'SIGINT') ctx.exitCode = ExitCode.interrupted;
  },
});

function describe(flags: { status?: unknown; path?: string | undefined; method?: string[] | undefined }): string {
  const parts: string[] = [];
  if (flags.status) parts.push('the statuses asked for');
  if (flags.method) parts.push(flags.method.join(', '));
  if (flags.path !== undefined) parts.push(`paths starting ${inert(flags.path)}`);
  return parts.length > 0 ? ` (only ${parts.join('; ')})` : '';
}
