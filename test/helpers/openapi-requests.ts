// Requests generated from an OpenAPI document alone: for each operation, requests valid by it (path
// and query parameters, headers, JSON body) and, for each rule it states, requests that break that
// rule and nothing else. Query and header values travel as text: each is judged as the server
// reads it back (a number parameter's "12" is 12), so a value that breaks a rule only before it is
// written (the number 12 for a string) is not counted as breaking it.
import fc from 'fast-check';
import { SchemaArbitraries, type Schema } from './schema-arbitrary.js';

export interface Parts {
  /** Path parameters the document constrains (others are the test's: the ids of its records). */
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The JSON body, when the operation takes one. */
  body?: unknown;
}

export interface Operation {
  id: string;
  method: string;
  /** As the document writes it: `/jobs/{id}`. */
  template: string;
  /** The statuses the document names for it. */
  statuses: string[];
  pathParameters: string[];
  valid: fc.Arbitrary<Parts>;
  /** Each rule, with requests breaking it alone and the field the 400 must name. */
  rules: { rule: string; field: string; sample: fc.Arbitrary<{ parts: Parts; field: string }> }[];
  /**
   * Rules no request can break alone as it travels (`type` of a string query parameter: any text is
   * a string), or that the generator found no way to (named, so that a test can say which).
   */
  unbreakable: string[];
}

/** How many proposals are tried, from a fixed seed, to learn whether a condition can be met at all. */
const PROBES = 200;

/**
 * The arbitrary's values that meet the condition, or undefined when none of PROBES proposals (the
 * same ones every run) does: a filter that nothing passes would draw forever.
 */
function bounded<T>(arbitrary: fc.Arbitrary<T>, condition: (value: T) => boolean): fc.Arbitrary<T> | undefined {
  const met = fc.sample(arbitrary, { numRuns: PROBES, seed: 1 }).some(condition);
  return met ? arbitrary.filter(condition) : undefined;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const PLACE = { path: 'path', query: 'query', header: 'headers' } as const;

export function operationsOf(doc: Schema): Operation[] {
  const schemas = new SchemaArbitraries(doc);
  const out: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths as Record<string, Schema>)) {
    for (const method of METHODS) {
      const operation = item[method] as Schema | undefined;
      if (!operation) continue;
      const parameters = [...((item.parameters as Schema[]) ?? []), ...((operation.parameters as Schema[]) ?? [])].map(
        (parameter) => schemas.resolve(parameter) as unknown as Parameter,
      );
      const body = operation.requestBody ? schemas.resolve(operation.requestBody) : undefined;
      const bodySchema = body?.content?.['application/json']?.schema as Schema | undefined;
      out.push({
        id: operation.operationId as string,
        method: method.toUpperCase(),
        template,
        statuses: Object.keys(operation.responses ?? {}),
        pathParameters: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        ...requests(schemas, parameters, bodySchema, body?.required === true),
      });
    }
  }
  return out;
}

function requests(
  schemas: SchemaArbitraries,
  parameters: Parameter[],
  body: Schema | undefined,
  bodyRequired: boolean,
): Pick<Operation, 'valid' | 'rules' | 'unbreakable'> {
  const text = parameters.filter((parameter) => parameter.in !== 'path' || constrains(parameter.schema));
  const unitOf = (parameter: Parameter): 'visible-ascii' | 'binary' =>
    parameter.in === 'header' ? 'visible-ascii' : 'binary';
  /** A parameter's value as sent, read back as the server reads it, is valid. */
  const readsValid = (parameter: Parameter, sent: string) =>
    schemas.errors(parameter.schema, readBack(schemas, parameter.schema, sent)).length === 0;
  const validText = (parameter: Parameter) =>
    schemas
      .valid(parameter.schema, { unit: unitOf(parameter) })
      .map((value) => write(value))
      .filter((sent) => readsValid(parameter, sent));
  const validParameters = fc.tuple(
    ...text.map((parameter) =>
      parameter.required || parameter.in === 'path'
        ? validText(parameter)
        : fc.option(validText(parameter), { nil: undefined, freq: 2 }),
    ),
  );
  const validBody = body ? schemas.valid(body) : fc.constant(undefined);
  const assemble = (values: (string | undefined)[], json: unknown): Parts => {
    const parts: Parts = { path: {}, query: {}, headers: {} };
    text.forEach((parameter, index) => {
      const value = values[index];
      if (value !== undefined) parts[PLACE[parameter.in]][parameter.name] = value;
    });
    if (body && (json !== undefined || bodyRequired)) parts.body = json;
    return parts;
  };
  const valid = fc.tuple(validParameters, validBody).map(([values, json]) => assemble(values, json));

  const rules: Operation['rules'] = [];
  const unbreakable: string[] = [];
  text.forEach((parameter, index) => {
    const others = (values: (string | undefined)[], value: string | undefined) =>
      values.map((old, at) => (at === index ? value : old));
    if (parameter.required && parameter.in !== 'path')
      rules.push({
        rule: 'required',
        field: parameter.name,
        sample: fc
          .tuple(validParameters, validBody)
          .map(([values, json]) => ({ parts: assemble(others(values, undefined), json), field: parameter.name })),
      });
    for (const broken of schemas.candidates(parameter.schema, { unit: unitOf(parameter) }, parameter.name)) {
      // Judged as sent: the number 12 for a string parameter arrives as the valid text "12".
      const sent = bounded(
        broken.sample.map(({ value, field }) => ({ sent: write(value), field })),
        ({ sent, field }) =>
          (parameter.in !== 'header' || /^[!-~]*$/.test(sent)) &&
          schemas.breaksAlone(parameter.schema, readBack(schemas, parameter.schema, sent), field, parameter.name),
      );
      if (!sent) {
        unbreakable.push(`${parameter.name} ${broken.rule}`);
        continue;
      }
      // A parameter's value is one text: the server names the parameter (`sort`, not `sort[0]`).
      rules.push({
        rule: broken.rule,
        field: parameter.name,
        sample: fc.tuple(validParameters, validBody, sent).map(([values, json, { sent: value }]) => ({
          parts: assemble(others(values, value), json),
          field: parameter.name,
        })),
      });
    }
  });
  if (body) {
    for (const broken of schemas.candidates(body)) {
      if (broken.field === '') continue; // the body as a whole: no field to name
      const sample = bounded(broken.sample, ({ value, field }) => schemas.breaksAlone(body, value, field));
      if (!sample) {
        unbreakable.push(`${broken.field} ${broken.rule}`);
        continue;
      }
      rules.push({
        rule: broken.rule,
        field: broken.field,
        sample: fc
          .tuple(validParameters, sample)
          .map(([values, { value, field }]) => ({ parts: assemble(values, value), field })),
      });
    }
  }
  return { valid, rules, unbreakable };
}

/** A path parameter with rules of its own (beyond being a string). */
function constrains(schema: Schema): boolean {
  return Object.keys(schema).some((key) => !['type', 'description', 'example', 'examples'].includes(key));
}

/** A value as a query string or header carries it: lists comma-separated. */
function write(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => write(item)).join(',');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The text read back by the parameter's type: "12" as 12 for a number, "a,b" as a list. */
function readBack(schemas: SchemaArbitraries, schema: Schema, sent: string): unknown {
  const s = schemas.resolve(schema);
  const types = [s.type ?? []].flat() as string[];
  if (types.includes('array'))
    return sent === '' ? [] : sent.split(',').map((item) => readBack(schemas, s.items ?? {}, item));
  if ((types.includes('integer') || types.includes('number')) && sent.trim() !== '' && Number.isFinite(Number(sent)))
    return Number(sent);
  if (types.includes('boolean') && (sent === 'true' || sent === 'false')) return sent === 'true';
  return sent;
}
