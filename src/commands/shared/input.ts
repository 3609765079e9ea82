// Reading what a command is given in files and on stdin.
import type { FileHandle } from 'node:fs/promises';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';

/**
 * The most read from a job file (--from-file, --description-file) or any other input a command
 * sends: the API's largest request body (the emulator's 1 MiB, docs/api-choices.md §1).
 */
export const MAX_JOB_FILE_BYTES = 1024 * 1024;

export interface ReadLimit {
  /** Bytes read at most; more is refused (read up to one byte past it, never the whole input). */
  maxBytes: number;
  /** What to do about a larger input. */
  hint?: string;
}

/**
 * The text of FILE, or of stdin for `-`: strict UTF-8 (a leading BOM is dropped), read up to a
 * cap that holds for devices and endless pipes too (/dev/zero has size 0 in stat).
 */
export async function readTextInput(
  ctx: Context,
  flag: string,
  path: string,
  limit: ReadLimit = { maxBytes: MAX_JOB_FILE_BYTES, hint: 'That is larger than any request body the API takes.' },
): Promise<string> {
  const name = inputName(path);
  const bytes = await readBytesInput(ctx, flag, path, limit);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // TextDecoder does not say where: the offset is found here, for a hex editor (counting from 0).
    throw new UsageError(
      `${flag} ${name}: not valid UTF-8 (an invalid byte sequence at byte offset ${invalidUtf8Offset(bytes)}, counting from 0).`,
      {
        hint: 'Save the file as UTF-8.',
      },
    );
  }
}

/** The bytes of FILE, or of stdin for `-`, as they are (a signature is over bytes), up to a cap. */
export async function readBytesInput(
  ctx: Context,
  flag: string,
  path: string,
  limit: ReadLimit = { maxBytes: MAX_JOB_FILE_BYTES, hint: 'That is larger than any request body the API takes.' },
): Promise<Buffer> {
  const tooLarge = () =>
    new UsageError(
      `${flag} ${inputName(path)}: larger than ${formatBytes(limit.maxBytes)}, the most hire reads from it.`,
      limit.hint ? { hint: limit.hint } : {},
    );
  const bytes =
    path === '-'
      ? await readStream(ctx.io.stdin, limit.maxBytes)
      : await readFileUpTo(flag, path, limit.maxBytes, tooLarge);
  if (bytes.length > limit.maxBytes) throw tooLarge();
  return bytes;
}

/** Up to maxBytes + 1 bytes of a stream, so that a longer one is known to be too long. */
async function readStream(stream: AsyncIterable<Buffer | string>, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = (typeof chunk === 'string' ? Buffer.from(chunk) : chunk).subarray(0, maxBytes + 1 - size);
    chunks.push(bytes);
    size += bytes.length;
    if (size > maxBytes) break; // stops reading (and ends the stream): the rest is never buffered
  }
  return Buffer.concat(chunks, size);
}

/** Up to maxBytes + 1 bytes of a file, device or FIFO, read from where it starts (no seeking: FIFOs cannot). */
async function readFileUpTo(flag: string, path: string, maxBytes: number, tooLarge: () => UsageError): Promise<Buffer> {
  let file: FileHandle | undefined;
  try {
    // node:fs/promises (with readline, which it loads) taken at the first file read, not with every
    // command (dist/cli.js holds this module).
    file = await process.getBuiltinModule('node:fs/promises').open(path, 'r');
    const stat = await file.stat();
    if (stat.isFile() && stat.size > maxBytes) throw tooLarge();
    const chunks: Buffer[] = [];
    const scratch = Buffer.allocUnsafe(Math.min(1024 * 1024, maxBytes + 1));
    let size = 0;
    while (size <= maxBytes) {
      const { bytesRead } = await file.read(scratch, 0, Math.min(scratch.length, maxBytes + 1 - size), null);
      if (bytesRead === 0) break;
      // Copied out: a pipe gives a few KiB a read, and each must not keep a whole scratch buffer.
      chunks.push(Buffer.from(scratch.subarray(0, bytesRead)));
      size += bytesRead;
    }
    return Buffer.concat(chunks, size);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
    throw new UsageError(`${flag} ${path}: cannot read it (${reason}).`);
  } finally {
    await file?.close();
  }
}

/** `1 MiB`, `100 MiB`, or bytes. */
function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/**
 * Where the first ill-formed UTF-8 sequence starts (the Unicode Standard's Table 3-7: no overlong
 * forms, no surrogates, nothing past U+10FFFF, no sequence cut short), or -1 when there is none.
 */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at]!;
    if (lead < 0x80) {
      at += 1;
      continue;
    }
    // The length of the sequence, and the range of its second byte (narrower after E0, ED, F0, F4).
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return at;
    for (let next = 1; next < length; next += 1) {
      const byte = bytes[at + next];
      if (byte === undefined || byte < (next === 1 ? low : 0x80) || byte > (next === 1 ? high : 0xbf)) return at;
    }
    at += length;
  }
  return -1;
}

/** How messages name an input: its path, or stdin for `-`. */
export const inputName = (path: string): string => (path === '-' ? 'stdin' : path);

/** Parses JSON or YAML (by extension; YAML otherwise, which also reads JSON). */
export async function parseDocument(flag: string, path: string, text: string): Promise<unknown> {
  const name = inputName(path);
  if (/\.json$/i.test(path)) {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new UsageError(`${flag} ${name}: not valid JSON (${(error as Error).message}).`);
    }
  }
  // yaml is CommonJS: bundled and loaded with import(), its exports sit on `default`.
  const yaml = await import('yaml');
  const { parseDocument: parseYaml } = (yaml as unknown as { default?: typeof yaml }).default ?? yaml;
  const document = parseYaml(text, { prettyErrors: true, uniqueKeys: true });
  const problem = document.errors[0];
  if (problem) {
    const where = problem.linePos?.[0] ? ` at line ${problem.linePos[0].line}, column ${problem.linePos[0].col}` : '';
    throw new UsageError(`${flag} ${name}: not valid YAML or JSON${where} (${problem.message.split('\n')[0]}).`);
  }
  try {
    // Aliases are resolved here (an unknown one, or a "billion laughs" past 100, throws).
    return document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    throw new UsageError(`${flag} ${name}: not valid YAML or JSON (${(error as Error).message.split('\n')[0]}).`);
  }
}
