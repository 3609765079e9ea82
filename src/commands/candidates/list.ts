// hire candidates list: filters status, score_min (spec) and job_id (CONTRACT §3).
import type { Context } from '../../context.js';
import { CANDIDATE_STATUSES } from '../../domain/vocabulary.js';
import { UsageError } from '../../errors.js';
import type { ListFlags } from '../shared/list-flags.js';
import { enumFlag, runList } from '../shared/list.js';
import { CANDIDATE_LIST_COLUMNS } from './columns.js';

export interface CandidateListFlags extends ListFlags {
  status?: string;
  scoreMin?: string;
  job?: string;
}

export async function run(ctx: Context, flags: CandidateListFlags): Promise<void> {
  await runList(ctx, flags, {
    path: '/candidates',
    noun: 'candidates',
    columns: CANDIDATE_LIST_COLUMNS,
    query: {
      status: enumFlag('--status', flags.status, CANDIDATE_STATUSES),
      score_min: scoreFlag(flags.scoreMin),
      job_id: flags.job,
    },
  });
}

function scoreFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const score = Number(value);
  if (value.trim() === '' || !Number.isFinite(score) || score < 0 || score > 100) {
    throw new UsageError(`--score-min must be a number from 0 to 100 (got "${value}").`);
  }
  return score;
}
