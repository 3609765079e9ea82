// POST /assessments: the spec does not show its request (CONTRACT §3/§6 choose): an assessment
// for a job (`job_id`), or from a title and skills, with the job's assessment settings.
import * as z from 'zod/mini';
import { flag, listOf, nonEmptyText, oneOf, textList, typeError, validateWith, wholeNumberBetween, type Validation } from './rules.js';
import { QUESTION_COUNT, QUESTION_TYPES, TIME_LIMIT_SECONDS } from './vocabulary.js';

export const AssessmentInputSchema = z
  .strictObject(
    {
      job_id: z.optional(nonEmptyText()),
      title: z.optional(nonEmptyText()),
      skills: z.optional(textList()),
      question_count: z.optional(wholeNumberBetween(QUESTION_COUNT.min, QUESTION_COUNT.max)),
      time_limit: z.optional(wholeNumberBetween(TIME_LIMIT_SECONDS.min, TIME_LIMIT_SECONDS.max)),
      question_types: z.optional(listOf(oneOf(QUESTION_TYPES), 'a list of question types')),
      proctoring: z.optional(flag()),
    },
    { error: typeError('a JSON object') },
  )
  .check(
    z.superRefine((input, ctx) => {
      if (input.job_id === undefined && input.title === undefined) {
        ctx.addIssue({ code: 'custom', path: ['job_id'], message: 'is required (or a title to generate questions from)' });
      }
    }),
  );
export type AssessmentInput = z.infer<typeof AssessmentInputSchema>;

export function validateAssessmentInput(input: unknown): Validation<AssessmentInput> {
  return validateWith(AssessmentInputSchema, input);
}
