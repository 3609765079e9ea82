// Building a job input from the flags of job-flags.ts, and naming those flags in messages.
import { numeric, splitCommas } from '../shared/input.js';
import { setPath } from '../../domain/merge.js';
import { JOB_FLAGS } from './job-flags.js';

export type FlagValues = Record<string, unknown>;

/** Builds the part of a job input that flags give, and notes which fields they set. */
export function jobInputFromFlags(values: FlagValues): { input: Record<string, unknown>; fromFlags: Set<string> } {
  const input: Record<string, unknown> = {};
  const fromFlags = new Set<string>();
  for (const flag of JOB_FLAGS) {
    const raw = values[flag.key];
    if (raw === undefined) continue;
    let value: unknown = raw;
    if (flag.kind === 'number') value = numeric(raw as string);
    else if (flag.kind === 'commaList') value = splitCommas(raw as string[]);
    setPath(input, flag.field, value);
    fromFlags.add(flag.field);
  }
  return { input, fromFlags };
}

/** The flag that sets a field (`assessment_config.question_types[1]` → `--question-type`). */
export function flagForField(field: string): string | undefined {
  const path = field.replace(/\[\d+\]$/, '');
  const flag = JOB_FLAGS.find((candidate) => candidate.field === path);
  if (flag) return flag.flags.split(' ')[0];
  if (path === 'location') return '--location-type';
  return undefined;
}
