// hire assessments create: POST /assessments from flags, --data JSON and/or --from-file FILE
// (the spec does not show this request: docs/api-choices.md §3 lets users send any fields with --data).
import { createAssessment } from '../../api/assessments.js';
import { unknownAssessmentFields, validateAssessmentInput } from '../../domain/assessment.js';
import { QUESTION_TYPES } from '../../domain/vocabulary.js';
import { dictionary, isPlainObject, overlay } from '../../domain/merge.js';
import { UsageError, ValidationError } from '../../errors.js';
import { printDetail } from '../../output/detail.js';
import { defineCommand, flag, flagForField } from '../define.js';
import { fieldsFromOptions } from '../fields.js';
import { QUESTION_COUNT_RANGE, TIME_LIMIT_RANGE } from '../jobs/job-flags.js';
import { inputName, parseDocument, readTextInput } from '../shared/input.js';
import { ASSESSMENT_DETAIL_COLUMNS, assessmentView } from './columns.js';
import { confirmProductionWrite } from '../shared/confirm.js';

const FLAGS = {
  job: flag.string({ value: 'id', help: 'the job to generate questions for', field: 'job_id' }),
  // Checked by the assessment schema with --data's and the file's fields, naming field and flag.
  questionCount: flag.fieldNumber({
    value: 'n',
    help: 'questions, 5-20',
    field: 'question_count',
    ...QUESTION_COUNT_RANGE,
  }),
  timeLimit: flag.fieldNumber({
    value: 'seconds',
    help: 'time limit, 300-1800 s',
    field: 'time_limit',
    ...TIME_LIMIT_RANGE,
  }),
  questionType: flag.enum(QUESTION_TYPES, {
    value: 'type',
    help: '{choices} (repeatable, or comma-separated)',
    many: true,
    field: 'question_types',
  }),
  proctoring: flag.boolean({ help: 'enable anti-cheating proctoring', field: 'proctoring' }),
  data: flag.string({ value: 'json', help: 'more fields as a JSON object (flags win)' }),
  fromFile: flag.string({ value: 'file', file: 'read', help: 'fields from a JSON or YAML file (- for stdin)' }),
};

export default defineCommand({
  path: ['assessments', 'create'],
  summary: 'create an assessment (POST /assessments)',
  effect: 'write',
  operations: ['createAssessment'],
  flags: FLAGS,
  examples: [
    'hire assessments create --job job_abc123 --question-count 8',
    'hire assessments create --job job_abc123 --data \'{"time_limit": 600}\' --json',
  ],
  async run(ctx, flags) {
    let body: Record<string, unknown> = {};
    if (flags.fromFile !== undefined) {
      const document = await parseDocument(
        '--from-file',
        flags.fromFile,
        await readTextInput(ctx, '--from-file', flags.fromFile),
      );
      if (!isPlainObject(document))
        throw new UsageError(`--from-file ${inputName(flags.fromFile)}: must hold a JSON or YAML object.`);
      body = document;
    }
    if (flags.data !== undefined) body = overlay(body, jsonObject('--data', flags.data));
    body = { ...body, ...fieldsFromOptions(FLAGS, flags).input };
    const result = validateAssessmentInput(body);
    if (!result.ok) {
      const errors = Object.assign(dictionary(), result.errors);
      // The schema speaks of the request's `title`, which no flag sets: say how to give either.
      if (body.job_id === undefined && body.title === undefined) {
        errors.job_id =
          'is required (or "title", with --data or --from-file, to generate questions from a title alone)';
      }
      throw new ValidationError('The assessment is not valid; nothing was sent.', errors, {
        labelField: (field) => {
          const flag = flagForField(FLAGS, field);
          return flag ? `${field} (${flag})` : field;
        },
      });
    }
    const unknown = unknownAssessmentFields(body);
    if (unknown.length > 0)
      ctx.messages.warn(
        `Sending ${unknown.length === 1 ? 'a field' : 'fields'} the API spec does not show, unchecked: ${unknown.join(', ')}.`,
        { code: 'unpublished_fields', fields: unknown },
      );
    if (
      !(await confirmProductionWrite(
        ctx,
        `Create an assessment${result.value.job_id ? ` for job ${result.value.job_id}` : ''}`,
      ))
    )
      return;
    const { assessment, generationMs } = await createAssessment(await ctx.session.api(), result.value);
    const extra: [string, string][] =
      generationMs !== undefined ? [['assessment_generation_time', `${generationMs} ms`]] : [];
    await printDetail(ctx.output, assessment, ASSESSMENT_DETAIL_COLUMNS, assessmentView(assessment, extra));
  },
});

function jsonObject(flag: string, text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${flag} is not valid JSON (${(error as Error).message}).`);
  }
  if (!isPlainObject(value)) throw new UsageError(`${flag} must be a JSON object, such as '{"question_count": 8}'.`);
  return value;
}
