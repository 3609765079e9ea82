// The sandbox environment (docs/emulator.md "Environments: production and sandbox"): served at {origin}/sandbox/api/v1 from a
// data dir of its own (DATA_DIR/sandbox: its database and its local key), and reset at 00:00 UTC
// by the emulator's clock to the same seeded jobs and candidates. The reset is checked on each
// sandbox request, so a day that began while no emulator ran is reset by the first request after.
// Loaded with the first sandbox request: it seeds jobs and generates their questions. Where the
// sandbox lives is sandbox-place.ts's.
import type { Candidate } from '../../domain/candidate.js';
import { validateJobInput } from '../../domain/job-schema.js';
import type { CandidateStatus } from '../../domain/vocabulary.js';
import { generateAssessment } from './question-bank.js';
import type { IdPrefix } from '../storage/ids.js';
import type { PlatformContext } from './context.js';
import { applicationUrl, jobRecord } from './jobs.js';
import { seededRandom } from './random.js';
import type { CollectionName } from '../storage/schema.js';
import { transaction } from '../storage/transaction.js';

/** The seed of the sandbox's data: the same seed, the same jobs and candidates after every reset. */
export const SANDBOX_SEED = 16;

const DAY_MS = 86_400_000;
/** Meta entry: the reset boundary (ISO, 00:00 UTC) the sandbox data was last reset at. */
const RESET_META = 'sandbox_reset_at';
/** What a reset clears. Keys stay (they are credentials), and so do webhooks: a developer's receiver stays registered. */
const RESET_COLLECTIONS: readonly CollectionName[] = [
  'jobs',
  'assessments',
  'candidates',
  'applications',
  'idempotency',
  'events',
  'deliveries',
];

/** The latest 00:00 UTC at or before `now`. */
export function resetBoundary(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}

/** When the sandbox data was last reset (the boundary it was reset at), if ever. */
export function lastReset(ctx: Pick<PlatformContext, 'store'>): string | undefined {
  return ctx.store.meta(RESET_META);
}

/** A reset refreshSandbox made: the boundary it was reset at, and what the last reset recorded was. */
export interface SandboxReset {
  at: string;
  /** The recorded last reset, as stored (absent: never reset). */
  previous: string | undefined;
  /** `future`: recorded later than the emulator's clock, by a clock set ahead or moved back, or copied data. */
  reason: 'first' | 'earlier' | 'future' | 'unreadable';
}

/**
 * Resets the sandbox unless its last reset was at the latest 00:00 UTC of the emulator's clock
 * (never reset, reset on an earlier day, or stamped later than now by another clock): clears
 * its data and stores the seeded set, in one write transaction. Returns the reset, if it reset.
 */
export function refreshSandbox(ctx: PlatformContext): SandboxReset | undefined {
  const boundary = resetBoundary(ctx.now()).toISOString();
  // Any boundary but today's: an earlier day's, or a later one, which a run with a clock set ahead
  // (HIRE_EMULATOR_NOW) recorded: stale, or the sandbox would not reset again until that day.
  const due = () => lastReset(ctx) !== boundary;
  if (!transaction(ctx, 'read', due)) return undefined;
  return transaction(ctx, 'write', () => {
    if (!due()) return undefined; // another process on this data dir reset it first
    const previous = lastReset(ctx);
    reseedSandbox(ctx);
    return { at: boundary, previous, reason: resetReason(previous, boundary) };
  });
}

function resetReason(previous: string | undefined, boundary: string): SandboxReset['reason'] {
  if (previous === undefined) return 'first';
  const stamp = Date.parse(previous);
  if (!/^\d{4}-\d\d-\d\dT/.test(previous) || Number.isNaN(stamp)) return 'unreadable';
  return stamp > Date.parse(boundary) ? 'future' : 'earlier';
}

/**
 * What a reset people should hear of says, once, from the process that made it (docs/emulator.md
 * "Environments: production and sandbox"): a last reset recorded in the future, or unreadable.
 * The daily reset itself goes unsaid. The stored stamp is outside text: only its parsed time, or
 * its JSON form cut short, is shown.
 */
export function sandboxResetNotice(reset: SandboxReset): string | undefined {
  if (reset.reason === 'future') {
    const recorded = new Date(Date.parse(reset.previous!)).toISOString();
    return `Sandbox reset: its last reset was recorded in the future (${recorded}; today began ${reset.at} by the emulator's clock): the clock moved back or the data was copied. It resets at every 00:00 UTC from now on.`;
  }
  if (reset.reason === 'unreadable') {
    const shown = JSON.stringify(reset.previous!.slice(0, 40));
    return `Sandbox reset: its last reset was recorded as ${shown}, which is not a time. It resets at every 00:00 UTC from now on.`;
  }
  return undefined;
}

/** Clears the sandbox's data and stores the seeded set, stamped with the latest 00:00 UTC; in the caller's write transaction. */
export function reseedSandbox(ctx: PlatformContext): void {
  const boundary = resetBoundary(ctx.now());
  for (const name of RESET_COLLECTIONS) ctx.store.clear(name);
  seedSandbox(ctx, boundary);
  ctx.store.setMeta(RESET_META, boundary.toISOString());
}

interface SeedJob {
  input: Record<string, unknown>;
  candidates: [name: string, status: CandidateStatus, score: number | null][];
}

/** The seeded set: three jobs (two taking applications, one draft) and their candidates along the pipeline. */
const SEED_JOBS: SeedJob[] = [
  {
    input: {
      title: 'Senior Backend Engineer',
      department: 'Engineering',
      location: { type: 'remote', country: 'DE' },
      description:
        'Build and run the services behind our hiring platform: APIs used by thousands of companies, the queues behind them, and the data they keep. You will own features from design to production.',
      requirements: ['5+ years building web services', 'Experience operating PostgreSQL in production'],
      skills: ['TypeScript', 'Node.js', 'PostgreSQL'],
      experience_level: 'senior',
      employment_type: 'full_time',
      salary: { min: 85000, max: 110000, currency: 'EUR', period: 'yearly' },
      assessment_config: { question_count: 6, time_limit: 1800 },
      publish: true,
    },
    candidates: [
      ['Ada Lovelace', 'hired', 94],
      ['Grace Hopper', 'offer', 88],
      ['Alan Turing', 'interview', 81],
      ['Barbara Liskov', 'review', 67],
      ['Ken Thompson', 'new', null],
    ],
  },
  {
    input: {
      title: 'Product Designer',
      department: 'Design',
      location: { type: 'hybrid', city: 'Berlin', state: 'BE', country: 'DE' },
      description:
        'Shape how recruiters and candidates use our product: research with customers, prototype, and ship interfaces that are clear, accessible and fast. You will work closely with engineering and support.',
      skills: ['Figma', 'User research', 'Accessibility'],
      experience_level: 'mid',
      employment_type: 'full_time',
      assessment_config: { question_count: 5, question_types: ['multiple_choice', 'scenario'] },
      publish: true,
    },
    candidates: [
      ['Radia Perlman', 'screening', null],
      ['Hedy Lamarr', 'rejected', 32],
      ['Margaret Hamilton', 'review', 76],
    ],
  },
  {
    input: {
      title: 'Data Analyst',
      department: 'Operations',
      location: { type: 'onsite', city: 'Lisbon', state: 'Lisboa', country: 'PT' },
      description:
        'Turn hiring data into decisions: build the reports our teams rely on, find where candidates drop out of the funnel, and help product teams measure what they ship. SQL and clear writing matter most.',
      skills: ['SQL', 'Python'],
      experience_level: 'entry',
      employment_type: 'part_time',
    },
    candidates: [],
  },
];

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stores the seeded jobs, assessments and candidates, stamped `at`. Emits no events: nobody did anything. */
export function seedSandbox(ctx: PlatformContext, at: Date, seed = SANDBOX_SEED): void {
  const random = seededRandom(seed);
  const seededId = (prefix: IdPrefix) =>
    `${prefix}_${Array.from({ length: 20 }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('')}`;
  const stamp = at.toISOString();
  // Stored last first: lists, newest first, then open on the main job.
  for (const { input, candidates } of [...SEED_JOBS].reverse()) {
    const result = validateJobInput(input);
    if (!result.ok)
      throw new Error(
        `The sandbox's seeded job "${String(input.title)}" is not valid: ${JSON.stringify(result.errors)}`,
      );
    const { publish, title, ...fields } = result.value;
    const id = seededId('job');
    const assessment = {
      ...generateAssessment({ id, title, ...fields }, fields.assessment_config, at),
      id: seededId('asmt'),
    };
    const job = jobRecord({
      id,
      title,
      publish,
      input: fields,
      assessment,
      url: applicationUrl(ctx, id),
      stamp,
      candidateCount: candidates.length,
    });
    ctx.store.put('assessments', assessment);
    ctx.store.put('jobs', job);
    for (const [name, status, score] of candidates) {
      const candidate: Candidate = {
        id: seededId('cand'),
        job_id: id,
        name,
        email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
        status,
        score,
        note: null,
        applied_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      };
      ctx.store.put('candidates', candidate);
    }
  }
}
