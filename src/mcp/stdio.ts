// The MCP server's stdio: one JSON-RPC message a line on stdin, one a line on stdout. A line it
// cannot read is answered here, as JSON-RPC 2.0 says, with id null, and the server goes on reading
// (docs/mcp.md): not JSON (-32700), no JSON-RPC message (-32600), longer than MAX_LINE_BYTES
// (-32600, naming the limit; the rest of the line is skipped unread, so a client's runaway line
// costs no more memory than the limit). The SDK's own stdio transport drops the first two without
// an answer and closes on the third, which ended the server with exit 0 and nothing said.
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { jsonText } from '../output/cells.js';

/** The longest line read: 10 MiB, as the SDK's stdio transport (a tool's input is far smaller). */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

const NEWLINE = 0x0a;

export class StdioLines implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #stdin: Readable;
  readonly #stdout: Writable;
  readonly #limit: number;
  /** The current line so far, in pieces. */
  #pieces: Buffer[] = [];
  #length = 0;
  /** The current line passed the limit: skipped up to its newline. */
  #skipping = false;
  #closed = false;

  constructor(stdin: Readable, stdout: Writable, limit = MAX_LINE_BYTES) {
    this.#stdin = stdin;
    this.#stdout = stdout;
    this.#limit = limit;
  }

  start(): Promise<void> {
    this.#stdin.on('data', this.#onData);
    this.#stdin.on('error', this.#onError);
    return Promise.resolve();
  }

  readonly #onError = (error: Error) => this.onerror?.(error);

  readonly #onData = (chunk: Buffer | string) => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (data.length > 0 && !this.#closed) {
      const end = data.indexOf(NEWLINE);
      const piece = end === -1 ? data : data.subarray(0, end);
      data = end === -1 ? Buffer.alloc(0) : data.subarray(end + 1);
      if (!this.#skipping) {
        if (this.#length + piece.length > this.#limit) {
          // Answered as soon as it is known; the rest of the line is read past, not kept.
          this.#pieces = [];
          this.#length = 0;
          this.#skipping = true;
          this.#answer(
            ErrorCode.InvalidRequest,
            `Invalid Request: the line is longer than ${this.#limit / 1024 / 1024} MiB (${this.#limit} bytes), the most hire mcp reads; it was skipped.`,
          );
        } else {
          this.#pieces.push(piece);
          this.#length += piece.length;
        }
      }
      if (end === -1) break;
      if (this.#skipping) this.#skipping = false;
      else this.#line(Buffer.concat(this.#pieces, this.#length).toString('utf8').replace(/\r$/, ''));
      this.#pieces = [];
      this.#length = 0;
    }
  };

  #line(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return this.#answer(ErrorCode.ParseError, 'Parse error: the line is not JSON.');
    }
    const message = JSONRPCMessageSchema.safeParse(value);
    if (!message.success) return this.#answer(ErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message.');
    this.onmessage?.(message.data);
  }

  #answer(code: ErrorCode, message: string): void {
    void this.send({ jsonrpc: '2.0', id: null, error: { code, message } } as unknown as JSONRPCMessage);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      // A result nested deeper than JSON.stringify recurses is written by jsonText's loop.
      if (this.#stdout.write(`${jsonText(message)}\n`)) resolve();
      else this.#stdout.once('drain', resolve);
    });
  }

  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    this.#stdin.off('data', this.#onData);
    this.#stdin.off('error', this.#onError);
    // Reading stops: a stdin still open no longer keeps the process alive.
    this.#stdin.pause();
    this.#pieces = [];
    this.onclose?.();
    return Promise.resolve();
  }
}
