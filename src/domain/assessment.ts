// POST /assessments: the spec does not show its request (docs/api-choices.md §3 chooses): an assessment
// for a job (`job_id`), or from a title and skills, with the job's assessment settings.
import * as z from 'zod/mini';
import {
  builtOnce,
  documented,
  evenWhenOthersFail,
  flag,
  listOf,
  nonEmptyText,
  oneOf,
  textList,
  typeError,
  validateWith,
  wholeNumberBetween,
  type Validation,
} from './rules.js';
import { QUESTION_COUNT, QUESTION_TYPES, TIME_LIMIT_SECONDS } from './vocabulary.js';

/** The fields docs/api-choices.md §3 knows of an assessment request; others are the sender's, passed on. */
const ASSESSMENT_FIELD_NAMES = [
  'job_id',
  'title',
  'skills',
  'question_count',
  'time_limit',
  'question_types',
  'proctoring',
] as const;

/** POST /assessments's body, built at first use (builtOnce). */
export const assessmentInputSchema = builtOnce(() => {
  const fields = {
    job_id: z.optional(nonEmptyText()),
    title: z.optional(nonEmptyText()),
    skills: z.optional(textList()),
    question_count: z.optional(wholeNumberBetween(QUESTION_COUNT.min, QUESTION_COUNT.max)),
    time_limit: z.optional(wholeNumberBetween(TIME_LIMIT_SECONDS.min, TIME_LIMIT_SECONDS.max)),
    question_types: z.optional(
      listOf(oneOf(QUESTION_TYPES), 'a list of question types').check(
        z.minLength(1, { error: 'must name at least one question type' }),
      ),
    ),
    proctoring: z.optional(flag()),
  } satisfies Record<(typeof ASSESSMENT_FIELD_NAMES)[number], unknown>;

  // Loose: the spec does not show this request, so fields it may take beyond these are sent as given
  // (the CLI names them in a warning); those known here are checked.
  const AssessmentInputRule = z.looseObject(fields, { error: typeError('a JSON object') }).check(
    z.superRefine((input, ctx) => {
      if (input.job_id === undefined && input.title === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['job_id'],
          message: 'is required (or a title to generate questions from)',
        });
      }
    }, evenWhenOthersFail),
  );
  return documented(AssessmentInputRule, {
    schema: {
      description:
        'A job_id, or a title to generate questions from. Settings not given are the job\'s (its assessment_config), else the defaults of "Assessment config".',
      anyOf: [{ required: ['job_id'] }, { required: ['title'] }],
    },
  });
});
export type AssessmentInput = z.infer<ReturnType<typeof assessmentInputSchema>>;

export function validateAssessmentInput(input: unknown): Validation<AssessmentInput> {
  return validateWith(assessmentInputSchema(), input);
}

/** The fields of an assessment request this side does not know (sent unchecked). */
export function unknownAssessmentFields(input: Record<string, unknown>): string[] {
  const known: readonly string[] = ASSESSMENT_FIELD_NAMES;
  return Object.keys(input).filter((field) => !known.includes(field));
}
