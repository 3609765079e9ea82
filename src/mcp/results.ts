// What an MCP call hands back: the objects its command handed over (a ResultSink instead of
// stdout), turned into the tool result in one place, toolResult(): `structuredContent` (the data,
// as the tool's outputSchema says: mcp/outputs.ts) and beside it the same document as compact JSON
// text; a failure the error envelope with `isError`. Every result leaves through toolResult(), so
// what no result may carry is taken out there: what a webhook target answered (docs/mcp.md).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { inertJson } from '../output/cells.js';
import type { ResultSink } from '../output/output.js';
import type { Warning } from '../warnings.js';
import { ANSWER_FIELD, structured } from './outputs.js';

/** What a call handed over, in order: records as objects, other data (a raw API body) as text. */
export class Results implements ResultSink {
  readonly parts: ({ data: unknown } | { text: string })[] = [];
  failureBody: unknown;
  data(value: unknown): void {
    this.parts.push({ data: value });
  }
  text(text: string): void {
    this.parts.push({ text });
  }
  failure(body: unknown): void {
    this.failureBody = body;
  }
}

export type CallOutcome =
  | { ok: true; results: Results; warnings: readonly Warning[] }
  /** The error envelope with `exit_code`, as `--json` prints it on stderr. */
  | { ok: false; document: Record<string, unknown> };

/** The tool result of a call: the one way out of the server for what a call produced. */
export function toolResult(outcome: CallOutcome): CallToolResult {
  if (!outcome.ok) {
    withoutAnswers(outcome.document);
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(outcome.document) }] };
  }
  const { results, warnings } = outcome;
  const documents: unknown[] = [];
  const texts: string[] = [];
  let body: unknown;
  for (const part of results.parts) {
    if ('data' in part) {
      withoutAnswers(part.data);
      documents.push(part.data);
      texts.push(inertJson(part.data));
      continue;
    }
    // A raw body (`hire api`): returned as the server sent it, unless it held a target's answer.
    const parsed = parsedOrText(part.text);
    body = parsed;
    texts.push(withoutAnswers(parsed) ? JSON.stringify(parsed) : part.text.trim());
  }
  const text = texts.join('\n').trim();
  return {
    content: [
      { type: 'text', text: text === '' ? 'Done.' : text },
      // The same document `--json` prints on stderr after a success (docs/output.md "Warnings").
      ...(warnings.length > 0 ? [{ type: 'text' as const, text: JSON.stringify({ warnings }) }] : []),
    ],
    structuredContent: structured(documents, body),
  };
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Takes out, in place, every `response_body` (what a webhook target answered to a delivery
 * attempt) anywhere in a call's value: the call's records are its own, read for it alone.
 * A loop, not recursion: a server may send a value nested thousands deep. True when one was there.
 */
export function withoutAnswers(value: unknown): boolean {
  let found = false;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    const record = node as Record<string, unknown>;
    if (Object.hasOwn(record, ANSWER_FIELD)) {
      delete record[ANSWER_FIELD];
      found = true;
    }
    for (const item of Object.values(record)) stack.push(item);
  }
  return found;
}
