// fast-check arbitraries from the JSON Schemas (draft 2020-12) of an OpenAPI document: values valid
// by a schema, and for each rule a schema states, values that break exactly that rule. No package on
// the registry does both (json-schema-fast-check, the one that converts schemas, is archived and
// knows neither if/then/else nor minProperties), so this does, for the subset the emulator's
// document uses: type, const, enum, properties/required/additionalProperties, minProperties,
// min/maxLength, pattern, format (date, date-time, uri, email), minimum/maximum and their exclusive
// forms, integer, items/min/maxItems/uniqueItems, anyOf/oneOf/allOf, if/then/else, $ref.
//
// The generator proposes; ajv judges. Every valid value is checked valid by ajv against the
// document, and every breaking value must be invalid with each of ajv's errors at the field it
// breaks (or a field holding it, as an anyOf around it reports): so a mistake here can narrow what
// is tried, never make the test claim a value is valid, or breaks one rule, when it does not.
import fc from 'fast-check';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

export type Schema = Record<string, any>;

/** How to check the formats the document uses (ajv knows none by itself). */
export const FORMATS: Record<string, (value: string) => boolean> = {
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value),
  'date-time': (value) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value) &&
    isCalendarDate(value.slice(0, 10)) &&
    Number(value.slice(11, 13)) < 24 &&
    Number(value.slice(14, 16)) < 60 &&
    Number(value.slice(17, 19)) < 60,
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  uri: (value) => /^[a-z][a-z0-9+.-]*:[^\s]*$/i.test(value) && URL.canParse(value),
};

function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Values of a format, as a client would write them. */
const FORMAT_VALUES: Record<string, fc.Arbitrary<string>> = {
  date: fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  'date-time': fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString()),
  email: fc.emailAddress(),
  uri: fc.webUrl(),
};

/** Strings that are not of a format (then filtered through the format's own check). */
const FORMAT_BREAKERS: Record<string, string[]> = {
  date: ['2026-13-01', '2026-02-30', 'yesterday', '2026/11/01', '01-11-2026', '2026-11-01T'],
  'date-time': ['2026-11-01 12:00', 'now', '2026-11-01T25:00:00Z', '2026-11-31T00:00:00Z', '1764000000'],
  email: ['no-at-sign', 'a@', '@example.com', 'a b@example.com'],
  uri: ['not a uri', '//example.com/path', 'example.com', '::'],
};

/** One rule a schema states, and values that break it alone. */
export interface Violation {
  /** The keyword broken: minLength, pattern, required, then, … */
  rule: string;
  /**
   * The field, as the emulator names fields: `location.city`, `question_types[0]`; `*` for a name
   * generated with the value; `job_id | title` when naming any of them will do (none is there).
   */
  field: string;
  /** Values that break the rule alone, each with the field it names. */
  sample: fc.Arbitrary<{ value: unknown; field: string }>;
}

export interface Options {
  /** The characters of generated strings: any Unicode code point, or visible ASCII (header values). */
  unit?: 'binary' | 'visible-ascii';
}

/** How many proposals, from a fixed seed, decide that a schema admits what is proposed. */
const PROBES = 200;

const VISIBLE_ASCII = fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code));
const TYPES = ['null', 'boolean', 'integer', 'number', 'string', 'array', 'object'] as const;
/** A value of each JSON type, for breaking `type`. */
const OF_TYPE: Record<string, unknown> = {
  null: null,
  boolean: true,
  integer: 12345,
  number: 1.5,
  string: 'text',
  array: [],
  object: {},
};

/** `a.b` + `c` → `a.b.c`; an array index as `[0]`. */
export function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** The field an ajv error names, in the emulator's notation. */
export function fieldOf(error: ErrorObject): string {
  const base = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((path: string, part) => join(path, /^\d+$/.test(part) ? Number(part) : part), '');
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string')
    return join(base, params.missingProperty);
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string')
    return join(base, params.additionalProperty);
  return base;
}

/** A field below `path`: `path` + `city`, `path` + `[0]`. */
export function below(path: string, field: string): string {
  if (field === '') return path;
  if (path === '' || field.startsWith('[')) return `${path}${field}`;
  return `${path}.${field}`;
}

/** `field` is `holder` or lies below it. */
export function within(field: string, holder: string): boolean {
  return holder === '' || field === holder || field.startsWith(`${holder}.`) || field.startsWith(`${holder}[`);
}

export class SchemaArbitraries {
  readonly #ajv: Ajv2020;
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(readonly doc: Schema) {
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    for (const [name, check] of Object.entries(FORMATS)) this.#ajv.addFormat(name, check);
    this.#ajv.addSchema(doc, 'doc');
  }

  /** The schema a `$ref` points at (local references only). */
  resolve(schema: Schema | boolean): Schema {
    if (typeof schema === 'boolean') return schema ? {} : { not: {} };
    if (typeof schema.$ref !== 'string') return schema;
    const target = schema.$ref
      .slice(2)
      .split('/')
      .reduce((at: any, part) => at?.[part.replaceAll('~1', '/').replaceAll('~0', '~')], this.doc);
    if (target === undefined) throw new Error(`unresolved $ref ${schema.$ref}`);
    const { $ref: _ref, ...rest } = schema;
    return Object.keys(rest).length === 0 ? this.resolve(target) : merge(this.resolve(target), rest);
  }

  /** ajv's errors for a value (none when it is valid). */
  errors(schema: Schema, value: unknown): ErrorObject[] {
    const key = JSON.stringify(schema);
    let validate = this.#compiled.get(key);
    if (!validate) {
      validate = this.#ajv.compile(JSON.parse(key.replaceAll('"#/', '"doc#/')));
      this.#compiled.set(key, validate);
    }
    return validate(value) ? [] : [...(validate.errors ?? [])];
  }

  /** Values mostly valid by the schema: what valid() filters. */
  proposals(schema: Schema, options: Options = {}): fc.Arbitrary<unknown> {
    return this.#propose(schema, options, 0);
  }

  /**
   * Values valid by the schema. A schema whose proposals are never valid (PROBES of them, the same
   * every run) is an error naming it, not a filter that draws forever.
   */
  valid(schema: Schema, options: Options = {}): fc.Arbitrary<unknown> {
    const proposals = this.#propose(schema, options, 0);
    const isValid = (value: unknown) => this.errors(schema, value).length === 0;
    if (!fc.sample(proposals, { numRuns: PROBES, seed: 1 }).some(isValid))
      throw new Error(`no valid value proposed for ${JSON.stringify(schema).slice(0, 300)}`);
    return proposals.filter(isValid);
  }

  /**
   * For each rule the schema states (at any depth), values that break it and nothing else: ajv's
   * errors all name the field (or a field holding it) and at least one names exactly it.
   */
  violations(schema: Schema, options: Options = {}, path = ''): Violation[] {
    return this.#violations(schema, options, path).map((violation) => ({
      ...violation,
      sample: violation.sample.filter(({ value, field }) => this.breaksAlone(schema, value, field, path)),
    }));
  }

  /**
   * The value breaks the schema only at `field`: ajv's errors all name it or a field holding it
   * (an anyOf around it), and one names it (fields below `path`, where the schema's value sits).
   */
  breaksAlone(schema: Schema, value: unknown, field: string, path = ''): boolean {
    const named = this.errors(schema, value).map((error) => below(path, fieldOf(error)));
    const fields = field.split(' | ');
    return (
      named.length > 0 &&
      named.every((holder) => fields.some((one) => within(one, holder))) &&
      named.some((one) => fields.includes(one))
    );
  }

  /** The same as violations(), unfiltered: for a caller that adds its own condition before filtering. */
  candidates(schema: Schema, options: Options = {}, path = ''): Violation[] {
    return this.#violations(schema, options, path);
  }

  #violations(schema: Schema, options: Options, path: string): Violation[] {
    const s = this.resolve(schema);
    const out: Violation[] = [];
    const at = (rule: string, values: fc.Arbitrary<unknown>, field = path) =>
      out.push({ rule, field, sample: values.map((value) => ({ value, field })) });

    const { anyOf, oneOf, allOf, if: condition, then, else: otherwise, ...rest } = s;
    if (allOf)
      return this.#violations((allOf as Schema[]).map((part) => this.resolve(part)).reduce(merge, rest), options, path);
    const branches = (anyOf ?? oneOf) as Schema[] | undefined;
    if (branches) {
      // A value breaking a rule of one branch that no other branch admits (ajv's filter decides).
      const resolved = branches.map((branch) => this.resolve(branch));
      // "one of these fields is required" (anyOf of required lists): none of them.
      if (resolved.every((branch) => Object.keys(branch).every((key) => key === 'required'))) {
        const keys = [...new Set(resolved.flatMap((branch) => branch.required as string[]))];
        at(
          'anyOf required',
          this.valid(rest, options).map((value) => keys.reduce((left, key) => omit(left, key), value)),
          keys.map((key) => join(path, key)).join(' | '),
        );
      }
      for (const branch of resolved) out.push(...this.#violations(merge(rest, branch), options, path));
      const allowed = new Set(branches.flatMap((branch) => typesOf(merge(rest, this.resolve(branch)))));
      const wrong = TYPES.filter((type) => !allowed.has(type) && !(type === 'integer' && allowed.has('number')));
      if (wrong.length > 0 && allowed.size > 0) at('type', fc.constantFrom(...wrong.map((type) => OF_TYPE[type])));
      return out;
    }
    if (condition) {
      // then's required fields, each missing from a value that meets if.
      const when = merge(rest, this.resolve(condition));
      const must = this.resolve(then ?? {});
      for (const key of (must.required as string[] | undefined) ?? []) {
        if (((rest.required as string[] | undefined) ?? []).includes(key)) continue;
        at(
          'then',
          this.valid(merge(when, must), options).map((value) => omit(value, key)),
          join(path, key),
        );
      }
      const both = merge(rest, otherwise ? this.resolve(otherwise) : {});
      out.push(...this.#violations(both, options, path));
      return out;
    }
    if ('const' in s) {
      at('const', fc.constant(typeof s.const === 'string' ? `${s.const}x` : 'x'));
      return out;
    }
    const types = typesOf(s);
    const wrong = TYPES.filter((type) => !types.includes(type) && !(type === 'integer' && types.includes('number')));
    if (types.length > 0 && wrong.length > 0) at('type', fc.constantFrom(...wrong.map((type) => OF_TYPE[type])));
    if (s.enum) {
      const values = s.enum as unknown[];
      at(
        'enum',
        fc
          .oneof(
            fc.constantFrom(
              ...values.filter((value) => typeof value === 'string').map((value) => `${value}x`),
              'other',
            ),
            this.#string({}, options),
          )
          .filter((value) => !values.includes(value)),
      );
      return out;
    }
    for (const type of types) out.push(...this.#typedViolations(s, type, options, path));
    return out;
  }

  #typedViolations(s: Schema, type: string, options: Options, path: string): Violation[] {
    const out: Violation[] = [];
    const at = (rule: string, values: fc.Arbitrary<unknown>, field = path) =>
      out.push({ rule, field, sample: values.map((value) => ({ value, field })) });
    if (type === 'string') {
      const min = (s.minLength as number | undefined) ?? 0;
      const max = s.maxLength as number | undefined;
      if (min > 0) at('minLength', this.#string({ maxLength: min - 1 }, options));
      if (max !== undefined) at('maxLength', this.#string({ minLength: max + 1, maxLength: max + 8 }, options));
      if (typeof s.pattern === 'string') {
        const pattern = new RegExp(s.pattern, 'u');
        const blanks = fc.string({
          unit: fc.constantFrom(' ', '\t', '\n'),
          minLength: min,
          maxLength: max ?? min + 5,
        });
        at(
          'pattern',
          fc
            .oneof(
              this.#string({ minLength: min, ...(max === undefined ? {} : { maxLength: max }) }, options),
              blanks,
              fc.constantFrom('', '-', 'x', '0'),
            )
            .filter(
              (value) => !pattern.test(value) && length(value) >= min && (max === undefined || length(value) <= max),
            ),
        );
      }
      const format = s.format as string | undefined;
      if (format && FORMATS[format]) {
        const check = FORMATS[format];
        at(
          'format',
          fc
            .oneof(fc.constantFrom(...FORMAT_BREAKERS[format]!), this.#string({ minLength: Math.max(min, 1) }, options))
            .filter((value) => !check(value)),
        );
      }
    }
    if (type === 'integer' || type === 'number') {
      const integer = type === 'integer';
      const step = integer ? 1 : 0.5;
      if (typeof s.minimum === 'number') at('minimum', under(s.minimum, integer, true));
      if (typeof s.exclusiveMinimum === 'number') at('exclusiveMinimum', under(s.exclusiveMinimum, integer, false));
      if (typeof s.maximum === 'number') at('maximum', above(s.maximum, integer, true));
      if (typeof s.exclusiveMaximum === 'number') at('exclusiveMaximum', above(s.exclusiveMaximum, integer, false));
      if (integer) {
        const low = (s.minimum as number | undefined) ?? ((s.exclusiveMinimum as number | undefined) ?? -1000) + step;
        at(
          'integer',
          fc.integer({ min: 0, max: 1000 }).map((n) => low + n + 0.5),
        );
      }
    }
    if (type === 'array') {
      const items = (s.items as Schema | undefined) ?? {};
      const min = (s.minItems as number | undefined) ?? 0;
      const max = s.maxItems as number | undefined;
      const item = this.valid(items, options);
      if (min > 0) at('minItems', fc.array(item, { maxLength: min - 1 }));
      if (max !== undefined) at('maxItems', fc.array(item, { minLength: max + 1, maxLength: max + 3 }));
      if (s.uniqueItems === true && (max === undefined || max >= 2))
        at(
          'uniqueItems',
          fc
            .array(item, { minLength: Math.max(min, 1), maxLength: Math.max(min, 1) + 2 })
            .map((list) => [list[0], ...list]),
        );
      const others = fc.array(item, { minLength: Math.max(min - 1, 0), maxLength: Math.max(min - 1, 0) + 2 });
      for (const broken of this.#violations(items, options, join(path, 0)))
        out.push({
          ...broken,
          sample: fc
            .tuple(broken.sample, others)
            .map(([{ value, field }, rest]) => ({ value: [value, ...rest], field })),
        });
    }
    if (type === 'object') {
      const properties = (s.properties as Record<string, Schema> | undefined) ?? {};
      const required = (s.required as string[] | undefined) ?? [];
      const whole = this.valid(s, options).map((value) => value as Record<string, unknown>);
      for (const key of required)
        at(
          'required',
          whole.map((value) => omit(value, key)),
          join(path, key),
        );
      if (s.additionalProperties === false) {
        const name = fc.stringMatching(/^[a-z][a-z_]{0,11}$/).filter((key) => !Object.hasOwn(properties, key));
        out.push({
          rule: 'additionalProperties',
          field: join(path, '*'),
          sample: fc
            .tuple(whole, name)
            .map(([value, key]) => ({ value: { ...value, [key]: 'x' }, field: join(path, key) })),
        });
      }
      if (typeof s.minProperties === 'number' && s.minProperties > 0 && required.length < s.minProperties)
        at('minProperties', fc.constant({}));
      for (const [key, property] of Object.entries(properties)) {
        for (const broken of this.#violations(property, options, join(path, key)))
          out.push({
            ...broken,
            sample: fc
              .tuple(whole, broken.sample)
              .map(([value, { value: bad, field }]) => ({ value: { ...value, [key]: bad }, field })),
          });
      }
    }
    return out;
  }

  /** Proposals: mostly valid, and exactly valid once filtered by ajv (valid() does). */
  #propose(schema: Schema, options: Options, depth: number): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const { anyOf, oneOf, allOf, if: condition, then, else: otherwise, ...rest } = s;
    if (allOf)
      return this.#propose((allOf as Schema[]).map((part) => this.resolve(part)).reduce(merge, rest), options, depth);
    const branches = (anyOf ?? oneOf) as Schema[] | undefined;
    if (branches)
      return fc.oneof(...branches.map((branch) => this.#propose(merge(rest, this.resolve(branch)), options, depth)));
    if (condition) {
      const when = merge(merge(rest, this.resolve(condition)), this.resolve(then ?? {}));
      const unless = merge(rest, this.resolve(otherwise ?? {}));
      return fc.oneof(this.#propose(when, options, depth), this.#propose(unless, options, depth));
    }
    if ('const' in s) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...(s.enum as unknown[]));
    const types = typesOf(s);
    if (types.length === 0)
      return depth > 2 ? fc.constant(null) : fc.oneof(this.#string({}, options), fc.integer(), fc.boolean());
    return fc.oneof(...types.map((type) => this.#typed(s, type, options, depth)));
  }

  #typed(s: Schema, type: string, options: Options, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer': {
        const min = Math.ceil(
          Math.max(
            (s.minimum as number | undefined) ?? -(2 ** 31),
            ((s.exclusiveMinimum as number | undefined) ?? -Infinity) + 1,
          ),
        );
        const max = Math.floor(
          Math.min(
            (s.maximum as number | undefined) ?? min + 2 ** 32,
            ((s.exclusiveMaximum as number | undefined) ?? Infinity) - 1,
          ),
        );
        return fc.integer({ min, max });
      }
      case 'number': {
        const bounds = {
          min: (s.minimum as number | undefined) ?? (s.exclusiveMinimum as number | undefined) ?? -1e9,
          max: (s.maximum as number | undefined) ?? (s.exclusiveMaximum as number | undefined) ?? 1e9,
          minExcluded: typeof s.exclusiveMinimum === 'number',
          maxExcluded: typeof s.exclusiveMaximum === 'number',
        };
        return fc.oneof(
          fc.integer({ min: Math.ceil(bounds.min), max: Math.floor(bounds.max) }),
          fc.double({ ...bounds, noNaN: true, noDefaultInfinity: true }),
        );
      }
      case 'string': {
        const format = s.format as string | undefined;
        if (format && FORMAT_VALUES[format]) return FORMAT_VALUES[format];
        const lengths = {
          minLength: (s.minLength as number | undefined) ?? 0,
          ...(s.maxLength === undefined ? {} : { maxLength: s.maxLength as number }),
        };
        // A loose pattern (`\\S`) is met by most strings; a strict one (a date, a URL) by those made from it.
        if (typeof s.pattern === 'string')
          return fc.oneof(this.#string(lengths, options), fc.stringMatching(new RegExp(s.pattern, 'u')));
        return this.#string(lengths, options);
      }
      case 'array': {
        const minLength = (s.minItems as number | undefined) ?? 0;
        const constraints = { minLength, maxLength: (s.maxItems as number | undefined) ?? minLength + 4 };
        const item = this.#propose((s.items as Schema | undefined) ?? {}, options, depth + 1);
        return s.uniqueItems === true
          ? fc.uniqueArray(item, { ...constraints, selector: (value) => JSON.stringify(value) })
          : fc.array(item, constraints);
      }
      case 'object': {
        const properties = (s.properties as Record<string, Schema> | undefined) ?? {};
        const required = ((s.required as string[] | undefined) ?? []).filter((key) => Object.hasOwn(properties, key));
        const model = Object.fromEntries(
          Object.entries(properties).map(([key, property]) => [key, this.#propose(property, options, depth + 1)]),
        );
        return fc.record(model, { requiredKeys: required });
      }
      default:
        throw new Error(`no arbitrary for type ${type}`);
    }
  }

  #string(lengths: { minLength?: number; maxLength?: number }, options: Options): fc.Arbitrary<string> {
    return fc.string({ ...lengths, unit: options.unit === 'visible-ascii' ? VISIBLE_ASCII : 'binary' });
  }
}

/** The JSON types a schema admits (from `type`, or what its keywords imply). */
function typesOf(s: Schema): string[] {
  if (Array.isArray(s.type)) return s.type as string[];
  if (typeof s.type === 'string') return [s.type];
  if (s.properties || s.required || s.additionalProperties !== undefined) return ['object'];
  if (s.items || s.minItems !== undefined) return ['array'];
  if (s.minLength !== undefined || s.pattern || s.format) return ['string'];
  if (s.minimum !== undefined || s.maximum !== undefined) return ['number'];
  return [];
}

/** Two schemas that must both hold, as one (the subset allOf and if/then use here). */
export function merge(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a, ...b };
  if (a.properties && b.properties) {
    out.properties = { ...a.properties };
    for (const [key, value] of Object.entries(b.properties as Record<string, Schema>))
      out.properties[key] = a.properties[key] ? merge(a.properties[key], value) : value;
  }
  if (a.required || b.required) out.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  if (a.type && b.type) {
    const left = [a.type].flat();
    const both = [b.type]
      .flat()
      .filter((type) => left.includes(type) || (type === 'integer' && left.includes('number')));
    out.type = both.length === 1 ? both[0] : both;
  }
  return out;
}

function omit(value: unknown, key: string): unknown {
  const { [key]: _gone, ...rest } = value as Record<string, unknown>;
  return rest;
}

function length(text: string): number {
  return [...text].length;
}

function under(bound: number, integer: boolean, inclusive: boolean): fc.Arbitrary<number> {
  const top = inclusive ? bound - (integer ? 1 : Number.EPSILON * Math.max(1, Math.abs(bound))) : bound;
  return integer
    ? fc.integer({ min: top - 1000, max: top })
    : fc.double({ min: top - 1000, max: top, noNaN: true, noDefaultInfinity: true });
}

function above(bound: number, integer: boolean, inclusive: boolean): fc.Arbitrary<number> {
  const bottom = inclusive ? bound + (integer ? 1 : Number.EPSILON * Math.max(1, Math.abs(bound))) : bound;
  return integer
    ? fc.integer({ min: bottom, max: bottom + 1000 })
    : fc.double({ min: bottom, max: bottom + 1000, noNaN: true, noDefaultInfinity: true });
}
