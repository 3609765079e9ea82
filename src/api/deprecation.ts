// API version deprecation (docs/api-choices.md §1): said once per client, whether the base URL uses /api/v0
// or an answer carries a Deprecation header (with its Sunset, when given).

export class DeprecationNotice {
  #said = false;
  readonly #say: ((message: string) => void) | undefined;

  constructor(say: ((message: string) => void) | undefined) {
    this.#say = say;
  }

  /** Says it, once: `what` is deprecated (and removed after the Sunset header's date, if any). */
  deprecated(what: string, headers?: Readonly<Record<string, string>>): void {
    if (this.#said) return;
    this.#said = true;
    const sunset = headers?.sunset ? ` It will be removed after ${headers.sunset}.` : '';
    this.#say?.(`API version deprecated: ${what}.${sunset} Use /api/v1.`);
  }

  /** An answer: deprecated when it says so. */
  answer(method: string, path: string, headers: Readonly<Record<string, string>>): void {
    if (headers.deprecation) this.deprecated(`the server marks ${method} ${path} as deprecated`, headers);
  }
}
