// From a command's options to the API fields its flags set (a flag's `field`, a dotted path), with
// the fields given by flags, so that messages name the flag of each.
import { setPath } from '../domain/merge.js';
import type { Flags } from './define.js';

export function fieldsFromOptions(
  flags: Flags,
  options: Readonly<Record<string, unknown>>,
): { input: Record<string, unknown>; fromFlags: Set<string> } {
  const input: Record<string, unknown> = {};
  const fromFlags = new Set<string>();
  for (const [key, spec] of Object.entries(flags)) {
    const value = options[key];
    if (value === undefined || spec.field === undefined) continue;
    setPath(input, spec.field, value);
    fromFlags.add(spec.field);
  }
  return { input, fromFlags };
}
