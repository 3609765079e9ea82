// What `hire api` shows of a response at a terminal: the body re-indented and coloured (like
// `gh api`), the status line and headers for -i, and the pages of --paginate --slurp merged.
// Work is on the body's own tokens, not on a parsed value: numbers and string escapes stay exactly
// as the server wrote them (a 20-digit id is not rounded, "\u00e9" is not rewritten).
import { STATUS_CODES } from 'node:http';
import { inert } from './cells.js';
import type { Painter } from './paint.js';

interface Token {
  kind: 'string' | 'number' | 'literal' | 'punct';
  text: string;
  start: number;
  end: number;
}

// Strings as "unrolled loops" (runs of plain characters between escapes): an alternation repeated
// per character overflowed the regex stack on a 10 MB string.
const TOKEN =
  /[ \t\r\n]*(?:("[^"\\]*(?:\\.[^"\\]*)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)|([{}[\],:]))/y;

/** The tokens of a JSON text, or undefined when it is not JSON. */
function tokenise(text: string): Token[] | undefined {
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const match = TOKEN.exec(text);
    if (!match) break; // only trailing whitespace is left: JSON.parse accepted the text
    const [, string, number, literal, punct] = match;
    const tokenText = (string ?? number ?? literal ?? punct)!;
    const end = TOKEN.lastIndex;
    tokens.push({
      kind: string ? 'string' : number ? 'number' : literal ? 'literal' : 'punct',
      text: tokenText,
      start: end - tokenText.length,
      end,
    });
  }
  return tokens;
}

/**
 * A JSON body with two-space indents, keys, strings, numbers and true/false/null each in a colour
 * of the painter, and inert: what JSON.stringify leaves raw (C1, DEL, bidi) is written \uXXXX, so
 * it is still the same JSON. undefined when the body is not JSON.
 */
export function prettyJson(text: string, painter: Painter): string | undefined {
  const tokens = tokenise(text);
  if (!tokens) return undefined;
  const containers: ('{' | '[')[] = [];
  const newline = () => `\n${'  '.repeat(containers.length)}`;
  let out = '';
  for (const [index, token] of tokens.entries()) {
    const previous = tokens[index - 1]?.text;
    const next = tokens[index + 1]?.text;
    switch (token.kind) {
      case 'string': {
        const isKey = containers.at(-1) === '{' && (previous === '{' || previous === ',');
        out += isKey ? painter.bold(painter.cyan(inert(token.text))) : painter.green(inert(token.text));
        break;
      }
      case 'number':
        out += painter.yellow(token.text);
        break;
      case 'literal':
        out += painter.dim(token.text);
        break;
      case 'punct':
        if (token.text === '{' || token.text === '[') {
          // An empty object or list stays on one line, as JSON.stringify writes it.
          if (next === (token.text === '{' ? '}' : ']')) out += token.text;
          else {
            containers.push(token.text);
            out += token.text + newline();
          }
        } else if (token.text === '}' || token.text === ']') {
          if (previous === (token.text === '}' ? '{' : '[')) out += token.text;
          else {
            containers.pop();
            out += newline() + token.text;
          }
        } else if (token.text === ',') out += `,${newline()}`;
        else out += ': ';
    }
  }
  return out;
}

/**
 * The items of a page's `data`, each as the server wrote it: a list's elements, or an object as one
 * item. undefined when the body is not a JSON object with `data`.
 */
export function pageItems(text: string): string[] | undefined {
  const tokens = tokenise(text);
  if (!tokens || tokens[0]?.text !== '{') return undefined;
  // Find the top-level "data" key: depth 1, a string followed by ':'.
  let depth = 0;
  let at = -1;
  for (const [index, token] of tokens.entries()) {
    if (token.text === '{' || token.text === '[') depth++;
    else if (token.text === '}' || token.text === ']') depth--;
    else if (
      depth === 1 &&
      token.kind === 'string' &&
      tokens[index + 1]?.text === ':' &&
      JSON.parse(token.text) === 'data'
    )
      at = index + 2;
  }
  if (at < 0) return undefined;
  const value = tokens[at]!;
  const spanEnd = (from: number): number => {
    // The index of the last token of the value starting at `from`.
    let level = 0;
    for (let index = from; index < tokens.length; index++) {
      const text = tokens[index]!.text;
      if (text === '{' || text === '[') level++;
      else if (text === '}' || text === ']') level--;
      if (level === 0) return index;
    }
    return tokens.length - 1;
  };
  if (value.text !== '[') return [text.slice(value.start, tokens[spanEnd(at)]!.end)];
  const items: string[] = [];
  let index = at + 1;
  while (tokens[index] && tokens[index]!.text !== ']') {
    const last = spanEnd(index);
    items.push(text.slice(tokens[index]!.start, tokens[last]!.end));
    index = last + 1;
    if (tokens[index]?.text === ',') index++;
  }
  return items;
}

/** `content-type` → `Content-Type`, as gh and curl users read them. */
const canonical = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_whole, dash: string, letter: string) => dash + letter.toUpperCase());

/**
 * The status line and headers of a response, as `curl -i` shows them, then an empty line. The
 * client speaks HTTP/1.1 (undici without allowH2). Header values come from the server: inert.
 */
export function responseHead(status: number, headers: Readonly<Record<string, string>>, painter: Painter): string {
  const reason = STATUS_CODES[status] ?? '';
  const colour = status < 300 ? painter.green : status < 400 ? painter.yellow : painter.red;
  const lines = [painter.bold(colour(`HTTP/1.1 ${status}${reason ? ` ${reason}` : ''}`))];
  for (const name of Object.keys(headers).sort())
    lines.push(`${painter.cyan(inert(canonical(name)))}: ${inert(headers[name]!)}`);
  return `${lines.join('\n')}\n\n`;
}
