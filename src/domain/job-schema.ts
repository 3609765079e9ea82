// The job input's rules (spec "Job input fields", docs/api-choices.md §11) as zod schemas: one set,
// used by flags, --from-file, the wizard and the emulator. Apart from the job's record (job.ts),
// which an answer to a GET needs without them: zod and these schemas load only where input is checked.
import * as z from 'zod/mini';
import {
  amount,
  builtOnce,
  documented,
  evenWhenOthersFail,
  filledText,
  flag,
  isoCode,
  listOf,
  minCodePoints,
  nonEmptyText,
  oneOf,
  textList,
  typeError,
  validateWith,
  wholeNumberBetween,
  wholeNumberForNumber,
  type Validation,
} from './rules.js';
import {
  ASSESSMENT_FLAG_DEFAULTS,
  DESCRIPTION_MAX_CHARS,
  DESCRIPTION_MIN_CHARS,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  LOCATION_TYPES,
  PUBLISH_DEFAULT,
  QUESTION_COUNT,
  QUESTION_TYPES,
  SALARY_PERIODS,
  JOB_STATUSES,
  TIME_LIMIT_SECONDS,
} from './vocabulary.js';

/** The job input's zod schemas (about forty), built at first use (builtOnce). */
function buildSchemas() {
  const objectError = typeError('an object');

  /** Salary min ≤ max, when both are numbers. */
  const salaryRange = z.superRefine(({ min, max }: { min?: unknown; max?: unknown }, ctx) => {
    if (
      typeof min === 'number' &&
      typeof max === 'number' &&
      Number.isFinite(min) &&
      Number.isFinite(max) &&
      min > max
    ) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: `must not be less than salary.min (${min})` });
    }
  }, evenWhenOthersFail);

  const locationFields = {
    type: oneOf(LOCATION_TYPES),
    city: z.optional(filledText()),
    state: z.optional(filledText()),
    country: z.optional(isoCode('country')),
  };

  /** Spec "Location object": city and state are required for these types. */
  const PLACED_TYPES = ['onsite', 'hybrid'] as const satisfies readonly (typeof LOCATION_TYPES)[number][];

  const LocationRule = z.strictObject(locationFields, { error: objectError }).check(
    z.superRefine((location, ctx) => {
      const { type } = location;
      if (!(PLACED_TYPES as readonly unknown[]).includes(type)) return;
      for (const field of ['city', 'state'] as const) {
        if (location[field] === undefined) {
          ctx.addIssue({ code: 'custom', path: [field], message: `is required when location.type is ${type}` });
        }
      }
    }, evenWhenOthersFail),
  );
  const LocationSchema = documented(LocationRule, {
    schema: {
      if: { properties: { type: { enum: PLACED_TYPES } }, required: ['type'] },
      then: { properties: { city: { type: 'string' }, state: { type: 'string' } }, required: ['city', 'state'] },
    },
  });

  const SalarySchema = z
    .strictObject(
      {
        min: z.optional(amount()),
        max: z.optional(amount()),
        currency: z.optional(
          isoCode('currency', 'An ISO 4217 code: the spec says "currency code such as a three-letter code".'),
        ),
        period: z.optional(oneOf(SALARY_PERIODS)),
      },
      { error: objectError },
    )
    .check(salaryRange);
  documented(SalarySchema, {
    // JSON Schema cannot compare two values: said in words.
    assumed: { keywords: [], why: '`max` is not less than `min` when both are given.' },
  });

  const AssessmentConfigSchema = z.strictObject(
    {
      auto_generate: z.optional(documented(flag(), { schema: { default: ASSESSMENT_FLAG_DEFAULTS.auto_generate } })),
      question_count: z.optional(wholeNumberForNumber(QUESTION_COUNT.min, QUESTION_COUNT.max, QUESTION_COUNT.default)),
      time_limit: z.optional(
        wholeNumberForNumber(TIME_LIMIT_SECONDS.min, TIME_LIMIT_SECONDS.max, TIME_LIMIT_SECONDS.default),
      ),
      proctoring: z.optional(documented(flag(), { schema: { default: ASSESSMENT_FLAG_DEFAULTS.proctoring } })),
      question_types: z.optional(
        documented(
          listOf(oneOf(QUESTION_TYPES), 'a list of question types').check(
            z.minLength(1, { error: 'must name at least one question type' }),
          ),
          {
            schema: { default: [...QUESTION_TYPES] },
            assumed: {
              keywords: ['minItems', 'default'],
              why: 'At least one type, every type when not given: the spec shows neither.',
            },
          },
        ),
      ),
    },
    { error: objectError },
  );

  /** Fields of a job that a client may set, shared by create and update. */
  const jobFields = {
    title: nonEmptyText(),
    department: z.optional(filledText()),
    location: z.optional(LocationSchema),
    description: minCodePoints(
      DESCRIPTION_MIN_CHARS,
      DESCRIPTION_MAX_CHARS,
      // Grouped by hand, not toLocaleString: this runs when the schemas are built, and a process's first
      // Intl number format costs about 20 ms (ICU's data), a third of a one-request command.
      `At most ${String(DESCRIPTION_MAX_CHARS).replace(/\B(?=(\d{3})+$)/g, ',')} characters: the spec shows no maximum.`,
    ),
    requirements: z.optional(textList()),
    skills: z.optional(textList()),
    experience_level: z.optional(oneOf(EXPERIENCE_LEVELS)),
    employment_type: z.optional(oneOf(EMPLOYMENT_TYPES)),
    salary: z.optional(SalarySchema),
    assessment_config: z.optional(AssessmentConfigSchema),
  };

  const JobInputSchema = z.strictObject(
    { ...jobFields, publish: z.optional(documented(flag(), { schema: { default: PUBLISH_DEFAULT } })) },
    { error: typeError('a JSON object') },
  );

  /** The fields of a patch before any may be cleared: what a draft (the wizard's start) may hold too. */
  const patchShape = {
    ...jobFields,
    title: z.optional(jobFields.title),
    description: z.optional(jobFields.description),
    // A patch may name only some of the location's fields; the job it makes is checked whole.
    location: z.optional(
      z.strictObject({ ...locationFields, type: z.optional(locationFields.type) }, { error: objectError }),
    ),
    status: z.optional(oneOf(JOB_STATUSES)),
  };

  const clearable = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
  const { type: locationType, ...locationDetails } = locationFields;

  /** PATCH /jobs/{id} (assumed, docs/api-choices.md §3): any job field, and/or a status transition; null clears a field. */
  const JobPatchSchema = z.strictObject(
    {
      ...patchShape,
      department: clearable(nonEmptyText()),
      location: clearable(
        z.strictObject(
          {
            type: z.optional(locationType),
            ...Object.fromEntries(Object.entries(locationDetails).map(([key, schema]) => [key, z.nullable(schema)])),
          } as { type: z.ZodMiniOptional<typeof locationType> } & {
            [K in keyof typeof locationDetails]: z.ZodMiniNullable<(typeof locationDetails)[K]>;
          },
          { error: objectError },
        ),
      ),
      requirements: clearable(textList()),
      skills: clearable(textList()),
      experience_level: clearable(oneOf(EXPERIENCE_LEVELS)),
      employment_type: clearable(oneOf(EMPLOYMENT_TYPES)),
      salary: clearable(
        z
          .strictObject(
            Object.fromEntries(
              Object.entries(SalarySchema.shape).map(([key, schema]) => [key, z.nullable(schema)]),
            ) as {
              [K in keyof typeof SalarySchema.shape]: z.ZodMiniNullable<(typeof SalarySchema.shape)[K]>;
            },
            { error: objectError },
          )
          .check(salaryRange),
      ),
    },
    { error: typeError('a JSON object') },
  );
  // validateJobPatch refuses a patch that names no field; the emulator checks the job a patch leaves
  // as a whole (emulator/platform/job-writes.ts), a rule across fields the document can state only in words.
  documented(JobPatchSchema, {
    schema: {
      minProperties: 1,
      description:
        'Only the fields given change (JSON Merge Patch: null clears a field). The job after the patch must still be a valid job (JobInput): a patch that leaves an onsite or hybrid job without its city or state, or a salary whose max is less than its min, is refused with 400 naming the field.',
    },
  });
  /** Single fields of a job input, to check one answer at a time (the wizard) with the same rules. */
  const FIELD_SCHEMAS = {
    title: jobFields.title,
    department: nonEmptyText(),
    description: jobFields.description,
    'location.city': nonEmptyText(),
    'location.state': nonEmptyText(),
    'location.country': locationFields.country,
    requirement: nonEmptyText(),
    skill: nonEmptyText(),
    'salary.min': amount(),
    'salary.max': amount(),
    'salary.currency': SalarySchema.shape.currency,
    'assessment_config.question_count': wholeNumberBetween(QUESTION_COUNT.min, QUESTION_COUNT.max),
    'assessment_config.time_limit': wholeNumberBetween(TIME_LIMIT_SECONDS.min, TIME_LIMIT_SECONDS.max),
    'assessment_config.question_types': AssessmentConfigSchema.shape.question_types,
  } as const;
  /** Part of a job input: what flags and a file gave, before the wizard asks for the rest. */
  const { status: _status, ...patchFields } = patchShape;
  const JobDraftSchema = z.strictObject(
    { ...patchFields, publish: z.optional(flag()) },
    { error: typeError('a JSON object') },
  );

  return {
    LocationSchema,
    SalarySchema,
    AssessmentConfigSchema,
    JobInputSchema,
    JobPatchSchema,
    JobDraftSchema,
    FIELD_SCHEMAS,
  };
}

type Schemas = ReturnType<typeof buildSchemas>;
const schemas = builtOnce(buildSchemas);

/** POST /jobs's body (the OpenAPI document and MCP's input schemas describe it). */
export const jobInputSchema = (): Schemas['JobInputSchema'] => schemas().JobInputSchema;
/** PATCH /jobs/{id}'s body. */
export const jobPatchSchema = (): Schemas['JobPatchSchema'] => schemas().JobPatchSchema;

export type JobInput = z.infer<Schemas['JobInputSchema']>;
export type Location = z.infer<Schemas['LocationSchema']>;
export type Salary = z.infer<Schemas['SalarySchema']>;
export type AssessmentConfig = z.infer<Schemas['AssessmentConfigSchema']>;
export type JobPatch = z.infer<Schemas['JobPatchSchema']>;
export type JobField = keyof Schemas['FIELD_SCHEMAS'];

export function validateJobInput(input: unknown): Validation<JobInput> {
  return validateWith(schemas().JobInputSchema, input);
}

export function validateJobPatch(input: unknown): Validation<JobPatch> {
  const result = validateWith(schemas().JobPatchSchema, input);
  if (result.ok && Object.keys(result.value).length === 0) {
    return { ok: false, errors: { body: 'names no field to change' } };
  }
  return result;
}

/** The message a field's value gets (the one a flag or file would get), or undefined when valid. */
export function jobFieldError(field: JobField, value: unknown): string | undefined {
  const result = validateWith(schemas().FIELD_SCHEMAS[field] as z.ZodMiniType<unknown>, value);
  return result.ok ? undefined : Object.values(result.errors)[0];
}

export function validateJobDraft(input: unknown): Validation<z.infer<Schemas['JobDraftSchema']>> {
  return validateWith(schemas().JobDraftSchema, input);
}
