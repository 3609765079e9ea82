export type OutputFormat = 'table' | 'json' | 'ndjson' | 'csv';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['table', 'json', 'ndjson', 'csv'];

/** Whether raw global flags, read before they are parsed (or when they do not parse), ask for JSON. */
export const namesJson = (flags: { readonly json?: unknown; readonly output?: unknown }): boolean =>
  flags.json === true || flags.output === 'json';
