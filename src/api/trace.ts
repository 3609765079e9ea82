// What --verbose shows of a request and its answer, with the key and secrets redacted, so that a
// trace can be pasted anywhere (docs/profiles.md "Keys stay secret").
const REDACTED = 'Bearer [redacted]';

/** The most of an answer's body a trace shows. */
const SHOWN_BODY_CHARS = 2000;

/**
 * A body as --verbose shows it: signing secrets and keys replaced, by field name (`secret`,
 * `key`, …) and by shape (hk_… keys, whsec_… secrets), so that a trace can be pasted anywhere.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/("(?:secret|signing_secret|key|api_key|token|password)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, '$1"[redacted]"')
    .replace(/\b(hk_(?:live|test|local)_|whsec_)[A-Za-z0-9+/=_-]+/g, '$1[redacted]');
}

export function traceRequest(
  trace: (line: string) => void,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
): void {
  trace(`> ${method} ${url}`);
  for (const [name, value] of Object.entries(headers))
    trace(`> ${name}: ${name === 'authorization' ? REDACTED : value}`);
  if (body !== undefined) trace(`> ${redactSecrets(body)}`);
}

export function traceResponse(
  trace: (line: string) => void,
  status: number,
  headers: Readonly<Record<string, string>>,
  text: string,
  elapsedMs: number,
): void {
  trace(`< ${status} (${Math.round(elapsedMs)} ms)`);
  for (const [name, value] of Object.entries(headers)) trace(`< ${name}: ${value}`);
  const long = text.length > SHOWN_BODY_CHARS;
  const shown = redactSecrets(long ? text.slice(0, SHOWN_BODY_CHARS) : text);
  trace(`< ${long ? `${shown}… (${text.length} bytes)` : shown}`);
}
