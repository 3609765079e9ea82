// hire assessments create: POST /assessments from flags, --data JSON and/or --from-file FILE
// (the spec does not show this request: CONTRACT §3 lets users send any fields with --data).
import { postRecord } from '../../api/records.js';
import type { Context } from '../../context.js';
import { validateAssessmentInput } from '../../domain/assessment.js';
import { isPlainObject, overlay } from '../../domain/merge.js';
import { UsageError, ValidationError } from '../../errors.js';
import { printRecord } from '../../output/render.js';
import { inputName, numeric, parseDocument, readTextInput, splitCommas } from '../shared/input.js';
import { ASSESSMENT_DETAIL_COLUMNS } from './columns.js';

export interface AssessmentFlags {
  job?: string;
  questionCount?: string;
  timeLimit?: string;
  questionType?: string[];
  proctoring?: boolean;
  data?: string;
  fromFile?: string;
}

const FLAG_FOR_FIELD: Record<string, string> = {
  job_id: '--job',
  question_count: '--question-count',
  time_limit: '--time-limit',
  question_types: '--question-type',
  proctoring: '--proctoring',
};

export async function run(ctx: Context, flags: AssessmentFlags): Promise<void> {
  let body: Record<string, unknown> = {};
  if (flags.fromFile !== undefined) {
    const document = await parseDocument('--from-file', flags.fromFile, await readTextInput(ctx, '--from-file', flags.fromFile));
    if (!isPlainObject(document)) throw new UsageError(`--from-file ${inputName(flags.fromFile)}: must hold a JSON or YAML object.`);
    body = document;
  }
  if (flags.data !== undefined) body = overlay(body, jsonObject('--data', flags.data));
  const fromFlags: Record<string, unknown> = {
    job_id: flags.job,
    question_count: numeric(flags.questionCount),
    time_limit: numeric(flags.timeLimit),
    question_types: splitCommas(flags.questionType),
    proctoring: flags.proctoring,
  };
  for (const [field, value] of Object.entries(fromFlags)) if (value !== undefined) body[field] = value;
  const result = validateAssessmentInput(body);
  if (!result.ok) {
    throw new ValidationError('The assessment is not valid; nothing was sent.', result.errors, {
      labelField: (field) => {
        const flag = FLAG_FOR_FIELD[field.replace(/\[\d+\]$/, '')];
        return flag ? `${field} (${flag})` : field;
      },
    });
  }
  const client = await ctx.api();
  const { record, meta } = await postRecord(client, '/assessments', result.value);
  const time = meta.assessment_generation_time;
  await printRecord(ctx, record, ASSESSMENT_DETAIL_COLUMNS, typeof time === 'number' ? [['assessment_generation_time', `${time} ms`]] : []);
}

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
