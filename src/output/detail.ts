// Detail views at a terminal: one record's fields as the drawn key/value table, then sections a
// person reads (a job's description, an assessment's questions), wrapped to the terminal's width.
// Piped, --fields and the other formats print as printRecord does: this is for eyes only.
import type { Token } from 'markdown-it';
import { cellText, displayWidth, inert, widest } from './cells.js';
import { copyKind, wrapWords as wrapCell } from './fit.js';
import { clusters } from './width.js';
import type { Output } from './output.js';
import type { Painter } from './paint.js';
import { showText } from './pager.js';
import { drawnRecord, printRecord, type Column, type Columns } from './render.js';

/** A titled block of lines under the table, already fitted to the width it was given. */
export interface Section {
  heading: string;
  lines: string[];
}

export interface DetailView {
  /** Columns of the drawn table at a terminal, when they differ from the record's defaults. */
  drawn?: readonly Column[];
  /** More rows for the drawn table and the piped lines (values inert, one line each). */
  extra?: readonly [string, string][];
  /** More `key<TAB>value` lines when piped only. */
  piped?: readonly [string, string][];
  /** The sections under the table, for a body `width` columns wide. */
  sections(width: number, paint: Painter): Promise<Section[]> | Section[];
}

/** Sections are indented by this much under their heading. */
const INDENT = '  ';

export async function printDetail(
  out: Output,
  record: Record<string, unknown>,
  columns: Columns,
  view: DetailView,
): Promise<void> {
  const extra = view.extra ?? [];
  if (out.format !== 'table' || out.fields) return printRecord(out, record, columns, extra);
  if (!out.isStdoutTTY) return printRecord(out, record, columns, [...extra, ...(view.piped ?? [])]);
  const table = await drawnRecord(out, record, view.drawn ?? columns, extra);
  const paint = await out.painter('stdout');
  const width = terminalWidth(out) - INDENT.length;
  const sections = (await view.sections(width, paint))
    .filter((section) => section.lines.length > 0)
    .map(
      (section) =>
        `\n${paint.bold(section.heading)}\n${section.lines.map((line) => (line === '' ? '' : INDENT + line)).join('\n')}\n`,
    )
    .join('');
  // The table and its sections page as one view (docs/output.md "Pager").
  await showText(out, table + sections);
}

/** The terminal's width; 80 when it reports none (a pseudo-terminal may say 0). */
export function terminalWidth(out: Output): number {
  return out.columns && out.columns > 0 ? out.columns : 80;
}

/**
 * Word wrap by display width, for prose: `\n` starts a new line, runs of spaces count as one, and
 * a word longer than the line breaks (fit.ts: after a `.` `-` `/` `_`, else anywhere), nothing
 * cut — but a URL, an email address, an id or a `hire …` command gets a line of its own, whole
 * (docs/output.md "Values a person copies"). Expects inert text: nothing here is a control.
 */
export function wrapWords(text: string, width: number): string[] {
  const limit = Math.max(1, width);
  return text.split('\n').flatMap((paragraph) =>
    wrapCell(
      paragraph
        .split(' ')
        .filter((word) => word !== '')
        .join(' '),
      limit,
    ),
  );
}

/** `prefix` before the first line, as many spaces before the others: a list item, a label. */
export function hanging(prefix: string, lines: readonly string[]): string[] {
  const pad = ' '.repeat(displayWidth(prefix));
  return lines.map((line, index) => (index === 0 ? prefix : pad) + line);
}

/** Label/value rows with the values aligned and wrapped beside their labels. */
export function labelled(rows: readonly [string, string][], width: number, paint: Painter): string[] {
  const labelWidth = widest(rows.map(([label]) => label)) + 2;
  return rows.flatMap(([label, value]) => {
    const lines = wrapWords(value, width - labelWidth);
    return lines.map(
      (line, index) =>
        (index === 0 ? paint.dim(label) + ' '.repeat(labelWidth - displayWidth(label)) : ' '.repeat(labelWidth)) + line,
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Markdown as plain text: headings, paragraphs, lists, quotes and code as a reader sees them,
// without the markup. Every piece of text is made inert here, after markdown-it has decoded
// entities (`&#x1b;` must not become an escape at the terminal).

type MarkdownIt = { parse(source: string, env: object): Token[] };
let parser: Promise<MarkdownIt> | undefined;

function markdown(): Promise<MarkdownIt> {
  // Raw HTML stays text (html: false); links are not guessed from bare URLs.
  return (parser ??= import('markdown-it').then(
    ({ default: MarkdownIt }) => new MarkdownIt({ html: false, linkify: false, typographer: false }),
  ));
}

/** A Markdown document as lines of plain text at most `width` columns wide. */
export async function markdownLines(source: string, width: number, paint: Painter): Promise<string[]> {
  const tokens = (await markdown()).parse(source.replace(/\t/g, '    '), {});
  const lines = joinBlocks(blocks(tokens, 0, tokens.length, Math.max(10, width), paint), true);
  // Nesting deeper than markdown-it follows (its maxNesting) yields nothing: the text as written.
  if (lines.every((line) => line.trim() === '') && source.trim() !== '') return plainLines(source, Math.max(10, width));
  return lines;
}

function plainLines(source: string, width: number): string[] {
  return source
    .trim()
    .split('\n')
    .flatMap((line) => wrapWords(inert(line), width));
}

/** Blocks separated by an empty line (a document, a quote), or packed (a list item). */
function joinBlocks(chunks: string[][], spaced: boolean): string[] {
  return chunks.flatMap((chunk, index) => (spaced && index > 0 ? ['', ...chunk] : chunk));
}

/** The index of the token closing the one opened at `start` (same nesting level). */
function closing(tokens: Token[], start: number): number {
  const type = tokens[start]!.type.replace(/_open$/, '_close');
  let depth = 0;
  for (let index = start; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === tokens[start]!.type) depth++;
    else if (token.type === type && --depth === 0) return index;
  }
  return tokens.length - 1;
}

function blocks(tokens: Token[], from: number, to: number, width: number, paint: Painter): string[][] {
  const chunks: string[][] = [];
  for (let index = from; index < to; index++) {
    const token = tokens[index]!;
    switch (token.type) {
      case 'paragraph_open': {
        chunks.push(wrapWords(inlineText(tokens[index + 1]), width));
        index = closing(tokens, index);
        break;
      }
      case 'heading_open': {
        const lines = wrapWords(inlineText(tokens[index + 1]), width);
        // h1 and h2 underlined, so that they stand out without colour too.
        const rule = Number(token.tag.slice(1)) <= 2 ? [paint.dim('─'.repeat(Math.min(width, widest(lines))))] : [];
        chunks.push([...lines.map((line) => paint.bold(line)), ...rule]);
        index = closing(tokens, index);
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const end = closing(tokens, index);
        const ordered = token.type === 'ordered_list_open';
        let number = Number(token.attrGet('start') ?? 1);
        const items: string[] = [];
        for (let item = index + 1; item < end; item++) {
          if (tokens[item]!.type !== 'list_item_open') continue;
          const itemEnd = closing(tokens, item);
          const marker = ordered ? `${number++}. ` : '• ';
          const body = joinBlocks(blocks(tokens, item + 1, itemEnd, width - displayWidth(marker), paint), false);
          items.push(...hanging(marker, body.length > 0 ? body : ['']));
          item = itemEnd;
        }
        chunks.push(items);
        index = end;
        break;
      }
      case 'blockquote_open': {
        const end = closing(tokens, index);
        const body = joinBlocks(blocks(tokens, index + 1, end, width - 2, paint), true);
        chunks.push(body.map((line) => `${paint.dim('│')} ${line}`));
        index = end;
        break;
      }
      case 'fence':
      case 'code_block': {
        // Code keeps its lines; one longer than the width is cut onto the next, unless that would
        // break a URL, an email address or an id in it (docs/output.md "Values a person copies").
        const lines = token.content.replace(/\n$/, '').split('\n');
        chunks.push(lines.flatMap((line) => cutLine(inert(line), width - 2)).map((line) => `  ${line}`));
        break;
      }
      case 'hr':
        chunks.push([paint.dim('─'.repeat(Math.min(width, 20)))]);
        break;
      case 'table_open': {
        const end = closing(tokens, index);
        const rows: string[] = [];
        for (let row = index + 1; row < end; row++) {
          if (tokens[row]!.type !== 'tr_open') continue;
          const rowEnd = closing(tokens, row);
          const cells = tokens
            .slice(row, rowEnd)
            .filter((cell) => cell.type === 'inline')
            .map((cell) => inlineText(cell));
          rows.push(...wrapWords(cells.join(' │ '), width));
          row = rowEnd;
        }
        chunks.push(rows);
        index = end;
        break;
      }
      case 'html_block':
      case 'inline':
        chunks.push(wrapWords(inert(token.content), width));
        break;
      default:
        break;
    }
  }
  return chunks;
}

/**
 * A line cut into pieces of at most `width` columns (code, where spaces matter), between grapheme
 * clusters; whole when it holds a value copied whole.
 */
function cutLine(line: string, width: number): string[] {
  if (displayWidth(line) > width && line.split(' ').some((word) => copyKind(word) !== undefined)) return [line];
  const pieces: string[] = [];
  let start = 0;
  let used = 0;
  for (const cluster of clusters(line)) {
    if (used + cluster.width > Math.max(1, width) && used > 0) {
      pieces.push(line.slice(start, cluster.start));
      [start, used] = [cluster.start, 0];
    }
    used += cluster.width;
  }
  pieces.push(line.slice(start));
  return pieces;
}

/** An inline token's text without markup: emphasis dropped, links as "text (url)", images as their alt text. */
function inlineText(token: Token | undefined): string {
  if (!token) return '';
  let text = '';
  const links: { href: string; start: number }[] = [];
  for (const child of token.children ?? []) {
    switch (child.type) {
      case 'text':
      case 'code_inline':
      case 'html_inline':
        text += inert(child.content);
        break;
      case 'softbreak':
        text += ' ';
        break;
      case 'hardbreak':
        text += '\n';
        break;
      case 'image':
        text += `[image: ${inert(child.content)}]`;
        break;
      case 'link_open':
        links.push({ href: child.attrGet('href') ?? '', start: text.length });
        break;
      case 'link_close': {
        const link = links.pop();
        if (!link || link.href === '') break;
        const shown = inert(link.href);
        if (text.slice(link.start) !== shown && `mailto:${text.slice(link.start)}` !== shown) text += ` (${shown})`;
        break;
      }
      default:
        break;
    }
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// An assessment's settings and questions (the emulator's shape, docs/api-choices.md §2: a question has an
// id, a type, a prompt, and options, items or a rubric). Anything else a server sends is in --json.

const SETTING_LABELS: readonly [string, string][] = [
  ['question_count', 'Questions'],
  ['time_limit', 'Time limit'],
  ['question_types', 'Question types'],
  ['proctoring', 'Proctoring'],
  ['auto_generate', 'Auto-generate'],
];

/** Label/value rows of the settings a record has (a job's assessment_config, an assessment). */
export function settingRows(settings: Record<string, unknown>): [string, string][] {
  return SETTING_LABELS.filter(([key]) => settings[key] !== undefined && settings[key] !== null).map(([key, label]) => [
    label,
    settingText(key, settings[key]),
  ]);
}

function settingText(key: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (key === 'time_limit' && typeof value === 'number') {
    return value % 60 === 0 ? `${value / 60} min (${value} s)` : `${value} s`;
  }
  if (key === 'question_types' && Array.isArray(value))
    return value.map((type) => cellText(type).replace(/_/g, ' ')).join(', ');
  return cellText(value);
}

/** Every question, numbered, with its choices, ranking items or rubric, wrapped to `width`. */
export function questionLines(questions: readonly unknown[], width: number, paint: Painter): string[] {
  const numberWidth = String(questions.length).length + 2;
  return questions.flatMap((question, index) => {
    const number = `${index + 1}.`.padStart(numberWidth - 1) + ' ';
    const inner = width - numberWidth;
    const lines = index > 0 ? [''] : [];
    if (question === null || typeof question !== 'object' || Array.isArray(question))
      return [...lines, ...hanging(number, wrapWords(cellText(question), inner))];
    const { type, prompt, options, answer_index: answer, items, rubric } = question as Record<string, unknown>;
    const kind = typeof type === 'string' ? `[${cellText(type).replace(/_/g, ' ')}] ` : '';
    const body = wrapWords(`${kind}${cellText(prompt)}`, inner);
    if (kind !== '' && body[0]!.startsWith(kind.trimEnd()))
      body[0] = paint.dim(kind.trimEnd()) + body[0]!.slice(kind.length - 1);
    if (Array.isArray(options)) {
      options.forEach((option, choice) => {
        const letter = `${choice < 26 ? String.fromCharCode(97 + choice) : choice + 1}) `;
        // The mark is held to the option's last word (a no-break space), never on a line alone.
        const mark = choice === answer ? '\u00a0✓' : '';
        body.push(
          ...hanging(
            letter,
            wrapWords(cellText(option) + mark, inner - letter.length).map((line) => line.replace('\u00a0✓', ' ✓')),
          ),
        );
      });
    }
    if (Array.isArray(items))
      for (const item of items) body.push(...hanging('• ', wrapWords(cellText(item), inner - 2)));
    if (Array.isArray(rubric) && rubric.length > 0) {
      body.push(paint.dim('Rubric:'));
      for (const line of rubric) body.push(...hanging('• ', wrapWords(cellText(line), inner - 2)));
    }
    return [...lines, ...hanging(number, body)];
  });
}
