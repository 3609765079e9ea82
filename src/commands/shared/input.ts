// Reading what a command is given: repeatable flags, numbers, files and stdin.
import { readFile } from 'node:fs/promises';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';

/** Repeatable and comma-separated: `--skill go,rust --skill sql`. */
export function splitCommas(values: readonly string[] | undefined): string[] | undefined {
  if (!values) return undefined;
  return values.flatMap((value) => value.split(',')).map((value) => value.trim()).filter((value) => value !== '');
}

/**
 * A number from a flag, handed to the schema for its rules. What is not a number is passed on as
 * text, so that the schema's message ("must be a whole number from 5 to 20") is the one shown.
 */
export function numeric(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  const number = Number(trimmed);
  return trimmed !== '' && Number.isFinite(number) ? number : value;
}

/** A whole number flag such as --page, checked here because no schema sees it. */
export function wholeNumberFlag(flag: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < min) {
    throw new UsageError(`${flag} must be a whole number of at least ${min} (got "${value}").`);
  }
  return number;
}

/** The text of FILE, or of stdin for `-`. */
export async function readTextInput(ctx: Context, flag: string, path: string): Promise<string> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.io.stdin as AsyncIterable<Buffer | string>) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
    throw new UsageError(`${flag} ${path}: cannot read it (${reason}).`);
  }
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
