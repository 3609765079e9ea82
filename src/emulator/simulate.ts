// Candidates applying to a job, for `hire emulator simulate` (CONTRACT §6): deterministic for a
// seed, spread over the pipeline, with assessment scores for those past screening.
import type { Candidate } from '../domain/candidate.js';
import type { Job } from '../domain/job.js';
import type { CandidateStatus } from '../domain/vocabulary.js';
import type { RouteContext } from './http.js';
import { newId } from './ids.js';

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Margaret', 'Dennis', 'Radia', 'Linus', 'Hedy', 'John', 'Katherine', 'Tim'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson', 'Hamilton', 'Ritchie', 'Perlman', 'Torvalds', 'Lamarr', 'Backus', 'Johnson', 'Berners-Lee'];

/** Where simulated candidates end up, in parts per hundred. */
const SPREAD: [CandidateStatus, number][] = [
  ['new', 20],
  ['screening', 20],
  ['review', 22],
  ['interview', 14],
  ['offer', 6],
  ['hired', 4],
  ['rejected', 14],
];

/** mulberry32: a small seeded PRNG, so that a seed gives the same candidates. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SimulationResult {
  job_id: string;
  created: number;
  by_status: Record<string, number>;
}

export function simulateApplications(ctx: RouteContext, job: Job, applications: number, seed: number): SimulationResult {
  const random = seededRandom(seed);
  const byStatus: Record<string, number> = {};
  const stamp = ctx.now().toISOString();
  for (let index = 0; index < applications; index++) {
    const first = FIRST[Math.floor(random() * FIRST.length)]!;
    const last = LAST[Math.floor(random() * LAST.length)]!;
    let roll = random() * 100;
    const status = SPREAD.find(([, share]) => (roll -= share) < 0)?.[0] ?? 'new';
    const assessed = status !== 'new' && status !== 'screening';
    // Scores rise along the pipeline: those who got further scored better.
    const floor = { review: 45, interview: 65, offer: 75, hired: 80, rejected: 10 }[status as string] ?? 0;
    const score = assessed ? Math.min(100, Math.round(floor + random() * (100 - floor))) : null;
    const id = newId('cand');
    const candidate: Candidate = {
      id,
      job_id: job.id,
      name: `${first} ${last}`,
      email: `${first}.${last}.${id.slice(-6)}@example.com`.toLowerCase(),
      status,
      score,
      applied_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    };
    ctx.store.put('candidates', candidate);
    byStatus[status] = (byStatus[status] ?? 0) + 1;
  }
  ctx.store.put('jobs', { ...job, candidate_count: job.candidate_count + applications, updated_at: stamp });
  return { job_id: job.id, created: applications, by_status: byStatus };
}
