// The key's redaction (src/redaction.ts): which spellings are found, what is left, and a stream
// whose writes pass through it while everything else stays the stream's own.
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { KeyRedactor, REDACTED_KEY, redactingStream } from '../../src/redaction.js';

const KEY = 'hk_test_Zq9abcdefghijklmnop';

describe('KeyRedactor', () => {
  it('replaces the key whole, wherever it appears, and leaves a part of it', () => {
    const redactor = new KeyRedactor([KEY]);
    expect(redactor.text(`The key ${KEY} is not valid (${KEY})`)).toBe(
      `The key ${REDACTED_KEY} is not valid (${REDACTED_KEY})`,
    );
    expect(redactor.text('The key Zq9… is not valid')).toBe('The key Zq9… is not valid');
    expect(redactor.text(KEY.slice(0, -1))).toBe(KEY.slice(0, -1));
  });

  it('finds the JSON spellings (once, and twice inside an MCP result) and the percent-encoded one', () => {
    const key = 'ab"cd\\ef gh/ij';
    const redactor = new KeyRedactor([key]);
    const once = JSON.stringify({ message: key });
    expect(redactor.text(once)).toBe(JSON.stringify({ message: REDACTED_KEY }));
    expect(redactor.text(JSON.stringify({ text: once }))).not.toContain('cd');
    expect(redactor.text(`/jobs/${encodeURIComponent(key)}`)).toBe(`/jobs/${REDACTED_KEY}`);
  });

  it('does not look for a value shorter than 8 characters: it would mangle ordinary words', () => {
    expect(new KeyRedactor(['k', 'abc1234']).text('kind abc1234')).toBe('kind abc1234');
  });

  it('removes the keys of a joined redactor too, added after the join', () => {
    const session = new KeyRedactor();
    const client = new KeyRedactor();
    session.join(client);
    client.add(KEY);
    expect(session.text(KEY)).toBe(REDACTED_KEY);
  });

  it('redacts bytes only when they hold the key, leaving other bytes untouched', () => {
    const redactor = new KeyRedactor([KEY]);
    const binary = Buffer.from([0xff, 0xfe, 0x00, 0x41]);
    expect(redactor.chunk(binary)).toBe(binary);
    expect(Buffer.from(redactor.chunk(Buffer.from(`x ${KEY}`)) as Buffer).toString()).toBe(`x ${REDACTED_KEY}`);
  });
});

describe('redactingStream', () => {
  it('redacts write() and end(), and keeps the stream its own: fd, columns, events', async () => {
    const inner = new PassThrough() as PassThrough & { fd?: number; columns?: number };
    inner.fd = 1;
    inner.columns = 42;
    let written = '';
    inner.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const redactor = new KeyRedactor([KEY]);
    const stream = redactingStream(inner, redactor);
    expect(stream.fd).toBe(1);
    expect(stream.columns).toBe(42);
    expect(stream).toBeInstanceOf(Writable);
    const finished = new Promise<void>((resolve) => stream.once('finish', resolve));
    stream.write(`one ${KEY}\n`);
    stream.write(Buffer.from(`two ${KEY}\n`));
    stream.end(`three ${KEY}\n`);
    await finished;
    expect(written).toBe(`one ${REDACTED_KEY}\ntwo ${REDACTED_KEY}\nthree ${REDACTED_KEY}\n`);
  });

  it('a library that wraps its write (ora, before a spinner) wraps the redacting one, without a loop', () => {
    const inner = new PassThrough();
    const stream = redactingStream(inner, new KeyRedactor([KEY]));
    const original = stream.write as (chunk: string) => boolean;
    let seen = 0;
    (stream as { write: (chunk: string) => boolean }).write = (chunk: string) => {
      seen++;
      return original.call(stream, chunk);
    };
    stream.write(`x ${KEY}`);
    expect(seen).toBe(1);
    expect(String(inner.read())).toBe(`x ${REDACTED_KEY}`);
  });

  it('reads the keys at each write: a key learnt after the stream was made is removed', () => {
    const inner = new PassThrough();
    const redactor = new KeyRedactor();
    const stream = redactingStream(inner, redactor);
    redactor.add(KEY);
    stream.write(KEY);
    expect(String(inner.read())).toBe(REDACTED_KEY);
  });
});
