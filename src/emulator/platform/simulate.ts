// Candidates applying to a job, for `hire emulator simulate` (docs/emulator.md): deterministic for a
// seed. They apply (status new); with `completeAssessments` they take the assessment (a score,
// then review); with `advance` they move along the pipeline as far as a realistic spread takes
// them. Each step emits its event.
import { CANDIDATE_PIPELINE } from '../../domain/candidate.js';
import type { CandidateStatus } from '../../domain/vocabulary.js';
import { newId } from '../storage/ids.js';
import { seededRandom } from './random.js';
import { addToCandidateCount, completeAssessment, createApplication } from './applications.js';
import { stepCandidate } from './candidates.js';
import type { PlatformContext } from './context.js';
import { findJob, requireOpenJob } from './jobs.js';
import { transaction } from '../storage/transaction.js';

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'Ken',
  'Margaret',
  'Dennis',
  'Radia',
  'Linus',
  'Hedy',
  'John',
  'Katherine',
  'Tim',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Thompson',
  'Hamilton',
  'Ritchie',
  'Perlman',
  'Torvalds',
  'Lamarr',
  'Backus',
  'Johnson',
  'Berners-Lee',
];

/** Where advanced candidates end up, in parts per hundred. */
const SPREAD: [CandidateStatus, number][] = [
  ['new', 20],
  ['screening', 20],
  ['review', 22],
  ['interview', 14],
  ['offer', 6],
  ['hired', 4],
  ['rejected', 14],
];

/** Scores rise along the pipeline: those who got further scored better. */
const SCORE_FLOOR: Partial<Record<CandidateStatus, number>> = {
  review: 45,
  interview: 65,
  offer: 75,
  hired: 80,
  rejected: 10,
};

export interface SimulationOptions {
  applications: number;
  seed: number;
  completeAssessments: boolean;
  advance: boolean;
}

export interface SimulationResult {
  job_id: string;
  created: number;
  by_status: Record<string, number>;
}

/** Candidates apply to an active job (in one write transaction), each step with its events. */
export function simulateApplications(
  ctx: PlatformContext,
  jobId: string,
  options: SimulationOptions,
): SimulationResult {
  return transaction(ctx, 'write', () => simulate(ctx, jobId, options));
}

function simulate(ctx: PlatformContext, jobId: string, options: SimulationOptions): SimulationResult {
  const job = requireOpenJob(findJob(ctx, jobId));
  const random = seededRandom(options.seed);
  const byStatus: Record<string, number> = {};
  for (let index = 0; index < options.applications; index++) {
    const first = FIRST[Math.floor(random() * FIRST.length)]!;
    const last = LAST[Math.floor(random() * LAST.length)]!;
    let roll = random() * 100;
    const spread = SPREAD.find(([, share]) => (roll -= share) < 0)?.[0] ?? 'new';
    const scoreRoll = random();
    const target: CandidateStatus = options.advance ? spread : options.completeAssessments ? 'review' : 'new';
    const id = newId('cand');
    const applicant = { name: `${first} ${last}`, email: `${first}.${last}.${id.slice(-6)}@example.com`.toLowerCase() };
    let candidate = createApplication(ctx, job, applicant, id);
    // Walk the pipeline to the target, one move (and its events) at a time; reaching review is
    // completing the assessment, with a score that rises with how far the candidate gets.
    const path =
      target === 'rejected'
        ? ['screening', 'review', 'rejected']
        : CANDIDATE_PIPELINE.slice(1, CANDIDATE_PIPELINE.indexOf(target) + 1);
    for (const status of path as CandidateStatus[]) {
      if (status === 'screening' && path.includes('review')) continue; // completeAssessment walks through it
      if (status === 'review') {
        const floor = SCORE_FLOOR[target] ?? 0;
        candidate = completeAssessment(
          ctx,
          job,
          candidate,
          Math.min(100, Math.round(floor + scoreRoll * (100 - floor))),
        );
      } else candidate = stepCandidate(ctx, candidate, status);
    }
    byStatus[candidate.status] = (byStatus[candidate.status] ?? 0) + 1;
  }
  addToCandidateCount(ctx, job, options.applications);
  return { job_id: job.id, created: options.applications, by_status: byStatus };
}
