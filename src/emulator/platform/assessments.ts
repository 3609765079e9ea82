// Assessments as stored and found. A new one (assessment-writes.ts) generates its questions: code
// an answer to a GET does not load.
import { everyKey } from '../../domain/record-fields.js';
import type { Assessment } from './question-bank.js';
import type { PlatformContext } from './context.js';
import { notFound } from './errors.js';

/** What GET /assessments may sort by, select and filter on. */
export const ASSESSMENT_RECORD_FIELDS: readonly string[] = everyKey<Assessment>()([
  'id',
  'job_id',
  'status',
  'question_count',
  'time_limit',
  'proctoring',
  'question_types',
  'questions',
  'created_at',
  'updated_at',
]);

export function findAssessment(ctx: PlatformContext, id: string): Assessment {
  const assessment = ctx.store.get<Assessment>('assessments', id);
  if (!assessment) throw notFound('assessment', id);
  return assessment;
}
