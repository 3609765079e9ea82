// Stream lines (`logs tail`, `webhooks listen`, `events resend`, the emulator's banner) laid out
// from fields for a terminal's width (docs/output.md "Stream lines"): fields are joined while they
// fit; the line breaks between fields and goes on indented; a field is never broken inside, so an
// id, a URL or a command stays whole where a person copies it from.
import type { IO } from '../context.js';
import { displayWidth, withoutColour } from './cells.js';

/** One field of a stream line: its text (escaped, maybe coloured) and what joins it to the field before. */
export interface Field {
  text: string;
  /** Between this field and the one before it on the same line (default two spaces). */
  gap?: string;
}

export interface LayoutOptions {
  /** Spaces before each continuation line (default 2). */
  indent?: number;
  /** The gap for fields that give none (default two spaces). */
  gap?: string;
}

/** Columns a field takes on screen: its display width, colour codes aside. */
export function visibleWidth(text: string): number {
  return displayWidth(withoutColour(text));
}

/**
 * The lines of one stream line for `width` columns (undefined: no terminal, one line as it always
 * was). A field that does not fit after the last starts a continuation line, indented; a field too
 * wide for the indent starts at the left edge; a field wider than the whole width stands alone on
 * its line, whole (the terminal then wraps it, but nothing else shares its line). Empty fields are
 * left out; the fields' order is kept.
 */
export function layoutFields(
  fields: readonly (string | Field)[],
  width: number | undefined,
  options: LayoutOptions = {},
): string[] {
  const indent = options.indent ?? 2;
  const defaultGap = options.gap ?? '  ';
  const lines: string[] = [];
  let current = '';
  let used = 0;
  for (const item of fields) {
    const field = typeof item === 'string' ? { text: item } : item;
    if (field.text === '') continue;
    const gap = field.gap ?? defaultGap;
    if (lines.length === 0 && current === '') {
      current = field.text;
      used = visibleWidth(field.text);
      continue;
    }
    const joined = used + visibleWidth(gap) + visibleWidth(field.text);
    if (width === undefined || joined <= width) {
      current += gap + field.text;
      used = joined;
      continue;
    }
    lines.push(current.trimEnd());
    // Padding that aligned the field after another means nothing at the start of a line.
    const text = field.text.trimStart();
    const own = visibleWidth(text);
    const lead = indent + own <= width ? ' '.repeat(indent) : '';
    current = lead + text;
    used = lead.length + own;
  }
  if (current !== '' || lines.length === 0) lines.push(current);
  return lines;
}

/** `layoutFields` joined by newlines: what to write as one stream line. */
export function streamLine(
  fields: readonly (string | Field)[],
  width: number | undefined,
  options: LayoutOptions = {},
): string {
  return layoutFields(fields, width, options).join('\n');
}

/**
 * Words of our own prose as fields, each joined to the one before by one space (the first by the
 * line's gap): wrapped between words, a URL or a `command` in backticks kept whole.
 */
export function words(text: string, style: (word: string) => string = (word) => word): Field[] {
  const found = text.match(/(?:`[^`]*`|[^ `]+|`)+/g) ?? [];
  return found.map((word, index) => (index === 0 ? { text: style(word) } : { text: style(word), gap: ' ' }));
}

/**
 * The width stream lines are laid out for on a stream: the terminal's, 80 when it is a terminal of
 * unknown width; undefined when it is no terminal (piped: one record a line, never wrapped).
 */
export function streamWidth(io: IO, stream: 'stdout' | 'stderr'): number | undefined {
  if (stream === 'stdout') return io.isStdoutTTY ? io.columns || 80 : undefined;
  return io.isStderrTTY ? io.stderrColumns || io.columns || 80 : undefined;
}
