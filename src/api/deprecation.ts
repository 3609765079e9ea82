// API version deprecation (docs/api-choices.md §1): said once per client, whether the base URL uses /api/v0
// or an answer carries a Deprecation header (with its Sunset and Link, when given), with the facts
// as a script reads them (docs/output.md "Warnings").
import { API_DEPRECATED, type WarningFacts } from '../warnings.js';

export class DeprecationNotice {
  #said = false;
  readonly #say: ((message: string, facts: WarningFacts) => void) | undefined;

  constructor(say: ((message: string, facts: WarningFacts) => void) | undefined) {
    this.#say = say;
  }

  /** Says it, once: `what` is deprecated (and removed after the Sunset header's date, if any). */
  deprecated(
    what: string,
    headers?: Readonly<Record<string, string>>,
    facts: Readonly<Record<string, string | undefined>> = {},
  ): void {
    if (this.#said) return;
    this.#said = true;
    const sunset = headers?.sunset ? ` It will be removed after ${headers.sunset}.` : '';
    this.#say?.(`API version deprecated: ${what}.${sunset} Use /api/v1.`, {
      code: API_DEPRECATED,
      ...facts,
      deprecation: headers?.deprecation,
      sunset: headers?.sunset,
      link: headers?.link,
    });
  }

  /** An answer: deprecated when it says so. */
  answer(method: string, path: string, headers: Readonly<Record<string, string>>): void {
    if (headers.deprecation)
      this.deprecated(`the server marks ${method} ${path} as deprecated`, headers, { method, path });
  }
}
