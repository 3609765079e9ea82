// Candidates (spec "Candidate", "Candidate status"; the record and moves are docs/api-choices.md §3 choices).
// The move's body, as a zod schema, is candidate-schema.ts's: an answer to a GET loads no zod.
import { everyKey } from './record-fields.js';
import type { CandidateStatus } from './vocabulary.js';

export interface Candidate {
  id: string;
  job_id: string;
  name: string;
  email: string;
  status: CandidateStatus;
  /** 0–100 once the assessment is completed, else null. */
  score: number | null;
  /** What the candidate wrote in the application form's "Cover note or links" (their text, as sent); null when none. */
  note: string | null;
  applied_at: string;
  created_at: string;
  updated_at: string;
}

export const CANDIDATE_RECORD_FIELDS: readonly string[] = everyKey<Candidate>()([
  'id',
  'job_id',
  'name',
  'email',
  'status',
  'score',
  'note',
  'applied_at',
  'created_at',
  'updated_at',
]);

/** The pipeline in order; `rejected` stands outside it. */
export const CANDIDATE_PIPELINE: readonly CandidateStatus[] = [
  'new',
  'screening',
  'review',
  'interview',
  'offer',
  'hired',
];
const FINAL: readonly CandidateStatus[] = ['hired', 'rejected'];

/**
 * docs/api-choices.md §3: one step forward along the pipeline, one step back, or from any non-final status
 * to rejected. Anything else (including staying put) is a 409 conflict.
 */
export function canMoveCandidate(from: CandidateStatus, to: CandidateStatus): boolean {
  if (FINAL.includes(from)) return false;
  if (to === 'rejected') return true;
  const distance = CANDIDATE_PIPELINE.indexOf(to) - CANDIDATE_PIPELINE.indexOf(from);
  return distance === 1 || distance === -1;
}

/** Where a candidate in `from` may go (docs/api-choices.md §3), in pipeline order, `rejected` last. */
export function candidateMovesFrom(from: CandidateStatus): CandidateStatus[] {
  return [...CANDIDATE_PIPELINE, 'rejected' as const].filter((to) => canMoveCandidate(from, to));
}

/**
 * Why a move from `from` to `to` is refused, and the step toward `to` as a command: forward along
 * the pipeline when `to` lies ahead (the path when it takes several steps), back only when `to`
 * lies behind. `moveTo` words the command of a move to a status (the CLI's suggestion builder,
 * docs/output.md "Suggested commands"): the domain knows no command line.
 */
export function moveHint(
  from: CandidateStatus,
  to: CandidateStatus,
  moveTo: (status: CandidateStatus) => string,
): string {
  if (from === to) return `The candidate is ${to} already.`;
  if (FINAL.includes(from)) return `${from} is final: the candidate cannot move any more.`;
  const at = CANDIDATE_PIPELINE.indexOf(from);
  const target = CANDIDATE_PIPELINE.indexOf(to);
  const command = (status: CandidateStatus) => `\`${moveTo(status)}\``;
  if (target < 0 || at < 0) return `From ${from}, the candidate can move to ${sentence(candidateMovesFrom(from))}.`;
  const step = target > at ? 1 : -1;
  const path =
    target > at ? CANDIDATE_PIPELINE.slice(at + 1, target + 1) : CANDIDATE_PIPELINE.slice(target, at).reverse();
  const next = path[0]!;
  const way = step > 0 ? 'on' : 'back';
  return `From ${from}, ${to} is ${path.length} steps ${way} (${path.join(' → ')}), one at a time: ${command(next)} first.`;
}

/** "screening, interview or rejected". */
function sentence(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)!}`;
}
