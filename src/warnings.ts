// The warnings a script should know too (docs/output.md "Warnings"): every `ctx.messages.warn` and
// `note` goes through one collector, whatever said it (the API layer's deprecations and read-backs,
// a command's own). What becomes of them is decided where a run ends: under machine output, one
// `{"warnings": […]}` document on stderr after a success (cli.ts), the error envelope's `warnings`
// after a failure, and in an MCP call's result (mcp/serve.ts).

/** The facts of a warning: a stable `code`, and fields a script can read (`sunset`, `link`, `request_id`…). */
export interface WarningFacts {
  readonly code: string;
  readonly [fact: string]: string | number | boolean | readonly string[] | undefined;
}

/** One warning as a script reads it: its code, the sentence a person reads, and its facts. */
export type Warning = WarningFacts & { readonly message: string };

/** The code of a warning said without one. */
export const PLAIN_WARNING = 'warning';

/** A write whose answer was lost, found done by reading the record back (docs/api-choices.md §7). */
export const WRITE_RECONCILED = 'write_reconciled';

/** The API version or an operation is deprecated: a /api/v0 base URL, or a Deprecation header (docs/api-choices.md §1). */
export const API_DEPRECATED = 'api_deprecated';

export class WarningLog {
  readonly #said: Warning[] = [];

  /**
   * Keeps a warning; facts without a value are left out. One said again (a command that connects
   * twice hears the same deprecation from each client) is kept once.
   */
  add(message: string, facts: WarningFacts = { code: PLAIN_WARNING }): void {
    if (this.#said.some((said) => said.code === facts.code && said.message === message)) return;
    const warning: Record<string, unknown> = { code: facts.code, message };
    for (const [name, value] of Object.entries(facts))
      if (value !== undefined && name !== 'code') warning[name] = value;
    this.#said.push(warning as Warning);
  }

  /** Every warning kept, in the order said. */
  get all(): readonly Warning[] {
    return this.#said;
  }

  /** Their sentences, as the error envelope's `warnings` carries them (docs/exit-codes.md). */
  get messages(): readonly string[] {
    return this.#said.map((warning) => warning.message);
  }

  /** What a success prints on stderr under machine output: `{"warnings": […]}`, or nothing when none was said. */
  document(): { warnings: readonly Warning[] } | undefined {
    return this.#said.length > 0 ? { warnings: this.#said } : undefined;
  }
}
