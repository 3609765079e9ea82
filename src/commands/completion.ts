// hire completion bash|zsh|fish, and the hidden hire __complete that the scripts call.
import type { Command } from 'commander';
import { complete, type CompletionSources } from '../completion/complete.js';
import { SHELLS, completionScript, type Shell } from '../completion/scripts.js';
import { ENVIRONMENTS, readConfig } from '../config/profiles.js';
import type { Context } from '../context.js';
import {
  CANDIDATE_STATUSES,
  EMPLOYMENT_TYPES,
  EVENT_KINDS,
  EXPERIENCE_LEVELS,
  JOB_STATUSES,
  KEY_LEVELS,
  LOCATION_TYPES,
  QUESTION_TYPES,
  SALARY_PERIODS,
  TIERS,
} from '../domain/vocabulary.js';
import { UsageError } from '../errors.js';
import { IMPORT_FORMATS } from '../importing/rows.js';
import { OUTPUT_FORMATS } from '../output/formats.js';
import { METHODS } from './api/methods.js';

export async function script(ctx: Context, _flags: unknown, shell: string): Promise<void> {
  if (!(SHELLS as readonly string[]).includes(shell)) throw new UsageError(`Shells: ${SHELLS.join(', ')} (got "${shell}").`);
  ctx.io.stdout.write(completionScript(shell as Shell));
}

const FLAG_VALUES: Record<string, readonly string[]> = {
  '--output': OUTPUT_FORMATS,
  '--location-type': LOCATION_TYPES,
  '--experience-level': EXPERIENCE_LEVELS,
  '--employment-type': EMPLOYMENT_TYPES,
  '--salary-period': SALARY_PERIODS,
  '--question-type': QUESTION_TYPES,
  '--event': EVENT_KINDS,
  '--events': EVENT_KINDS,
  '--level': KEY_LEVELS,
  '--tier': TIERS,
  '--environment': ENVIRONMENTS.filter((environment) => environment !== 'local'),
  '--format': IMPORT_FORMATS,
  '--method': METHODS,
};

function sources(ctx: Context): CompletionSources {
  return {
    values(path, flag) {
      if (flag === '--status') return path[0] === 'candidates' ? CANDIDATE_STATUSES : JOB_STATUSES;
      if (flag === '--profile') return profileNames(ctx);
      return FLAG_VALUES[flag];
    },
    positional(path) {
      if (path[0] === 'completion') return SHELLS;
      if (path[0] === 'profiles' && (path[1] === 'use' || path[1] === 'show' || path[1] === 'remove')) return profileNames(ctx);
      return undefined;
    },
  };
}

/** Profile names from the config; none when it cannot be read (completion never fails loudly). */
function profileNames(ctx: Context): string[] {
  try {
    const names = ['local'];
    const config = readConfig(ctx.env);
    for (const name of Object.keys(config.profiles ?? {})) if (!names.includes(name)) names.push(name);
    return names;
  } catch {
    return ['local'];
  }
}

export function candidates(ctx: Context, program: Command, words: string[]): void {
  for (const candidate of complete(program, words, sources(ctx))) {
    const description = candidate.description.split('\n')[0]!.replace(/\t/g, ' ');
    ctx.io.stdout.write(description ? `${candidate.value}\t${description}\n` : `${candidate.value}\n`);
  }
}
