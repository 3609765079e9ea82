// The API key's own value out of everything hire prints, logs or returns (docs/profiles.md "Keys
// stay secret"), not only the shapes hire knows (`hk_…`, an Authorization header): a server that
// echoes the key in an error, a header or a body, or a key pasted where an id was meant, never gets
// it onto stdout, stderr, a --json envelope, a --verbose trace or an MCP result. The key is
// replaced whole, wherever it appears; a part of it (a server's `Zq9…`) is left, as hire's own
// masked displays (`hk_…a1b2`) are. Applied where text leaves (the context's streams, which the MCP
// server writes its results to as well) and where a server's text enters (the API client), so that
// no wrapping or cutting of a line at a terminal can split the key before it is recognised.
import type { Writable } from 'node:stream';

export const REDACTED_KEY = '[redacted key]';

/**
 * A value shorter than this is not looked for: every key is far longer, and replacing a short one
 * everywhere would mangle ordinary words (a test's key `k`).
 */
export const SHORTEST_REDACTED = 8;

/**
 * The key as it may be written in what hire prints: as it is, inside a JSON string (and again
 * inside an MCP result, whose text is JSON carried in JSON), and percent-encoded in a URL.
 */
function spellings(key: string): string[] {
  const once = JSON.stringify(key).slice(1, -1);
  const twice = JSON.stringify(once).slice(1, -1);
  return [...new Set([key, once, twice, encodeURIComponent(key)])];
}

/** The keys of one session (and of the clients it made), and the one function that removes them. */
export class KeyRedactor {
  #spellings: string[] = [];
  readonly #joined: KeyRedactor[] = [];

  constructor(keys: readonly (string | undefined)[] = []) {
    for (const key of keys) this.add(key);
  }

  /** A key to remove from now on. */
  add(key: string | undefined): void {
    if (key === undefined || key.length < SHORTEST_REDACTED) return;
    const all = new Set([...this.#spellings, ...spellings(key)]);
    // Longest first: a spelling that holds another is replaced whole.
    this.#spellings = [...all].sort((a, b) => b.length - a.length);
  }

  /** Removes `other`'s keys too (a client's), without this redactor ever holding them. */
  join(other: KeyRedactor): void {
    if (other !== this && !this.#joined.includes(other)) this.#joined.push(other);
  }

  /** `text` with every key replaced by REDACTED_KEY. */
  text(text: string): string {
    let out = text;
    for (const spelling of this.#spellings) if (out.includes(spelling)) out = out.split(spelling).join(REDACTED_KEY);
    for (const other of this.#joined) out = other.text(out);
    return out;
  }

  /** Whether `bytes` hold a key (so that bytes without one are written as they are). */
  #holds(bytes: Uint8Array): boolean {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return this.#spellings.some((spelling) => buffer.includes(spelling)) || this.#joined.some((o) => o.#holds(bytes));
  }

  /** A chunk written to a stream: text redacted, bytes redacted only when they hold a key. */
  chunk(chunk: unknown): unknown {
    if (typeof chunk === 'string') return this.text(chunk);
    if (chunk instanceof Uint8Array && this.#holds(chunk))
      return Buffer.from(this.text(Buffer.from(chunk).toString('utf8')), 'utf8');
    return chunk;
  }
}

/**
 * `stream`, every write of which goes through `redactor` first; anything else (its descriptor, its
 * width, its events) is the stream's own. A write is redacted whole: the key is found as long as
 * one write holds it, as each line, document and body hire prints is written at once.
 */
export function redactingStream<T extends Writable>(stream: T, redactor: KeyRedactor): T {
  const write = (chunk: unknown, ...rest: unknown[]) =>
    (stream.write as (...args: unknown[]) => boolean)(redactor.chunk(chunk), ...rest);
  const end = (chunk?: unknown, ...rest: unknown[]) =>
    chunk === undefined || typeof chunk === 'function'
      ? (stream.end as (...args: unknown[]) => T)(chunk, ...rest)
      : (stream.end as (...args: unknown[]) => T)(redactor.chunk(chunk), ...rest);
  const bound = new Map<PropertyKey, unknown>();
  // A library that wraps a stream's write (ora, to clear its spinner first) wraps this one: kept
  // here, not set on the stream, whose own write this one calls (else each would call the other).
  const installed = new Map<PropertyKey, unknown>();
  return new Proxy(stream, {
    set(target, name, value) {
      if (name === 'write' || name === 'end') installed.set(name, value);
      else Reflect.set(target, name, value, target);
      return true;
    },
    get(target, name) {
      if (installed.has(name)) return installed.get(name);
      if (name === 'write') return write;
      if (name === 'end') return end;
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      // The stream's own methods run on the stream itself (its internal state lives there).
      if (!bound.has(name)) bound.set(name, (value as (...args: unknown[]) => unknown).bind(target));
      return bound.get(name);
    },
  });
}
