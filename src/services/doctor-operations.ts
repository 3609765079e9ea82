// Which operations a server offers, told without writing (docs/profiles.md "Checking a server: hire
// doctor"): each read is asked (a `{id}` read with an id its list just gave), and a 404, 405 or 501
// from a path the server has a record for means it is not offered; the server's own OpenAPI
// description, when it serves one, lists what it offers; the API spec publishes six; what a command
// learned earlier speaks for the writes. What nothing tells stays unknown (null).
import type { ApiClient, RawResponse } from '../api/client.js';
import { OPERATIONS, OPERATION_IDS, type OperationId } from '../domain/operations.js';
import { HireError } from '../errors.js';

export interface OperationVerdict {
  offered: boolean | null;
  /** What told: a read asked now, the server's description, the API spec, what was learned earlier. */
  source: 'read' | 'description' | 'spec' | 'learned' | 'none';
  /** How that was told, for people. */
  how: string;
}

export interface Judged {
  verdicts: { id: OperationId; verdict: OperationVerdict }[];
  /** The server's OpenAPI description: the operations it lists (`GET /jobs/{id}`), when it serves one. */
  document: { listed: Set<string> | undefined; detail: string };
  /** The last answer of the API with rate-limit headers (the freshest), else the first answer. */
  last: RawResponse;
}

/** Answers that mean "no such operation here" (not "no such record"): gateways answer 404 too. */
const NOT_OFFERED = new Set([404, 405, 501]);

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Where the emulator serves its description, beside `/api/v1` (docs/emulator.md "OpenAPI description"). */
const DESCRIPTION_PATH = '/openapi.json';

/**
 * Asks the reads, then judges every operation. `first`: the answer to GET /jobs?per_page=1 already
 * made; `learned`: the operations the profile had learned not offered, before doctor forgot them.
 */
export async function judgeOperations(
  client: ApiClient,
  first: RawResponse,
  learned: ReadonlySet<OperationId>,
): Promise<Judged> {
  const document = await readDescription(client);
  let last = first;
  const answers = new Map<OperationId, RawResponse | HireError>([['listJobs', first]]);
  const ask = async (id: OperationId, path: string): Promise<RawResponse | HireError> => {
    try {
      const answer = await client.send('GET', path, id.startsWith('list') ? { query: { per_page: 1 } } : {});
      // A gateway's own 404 may carry no rate-limit headers: the freshest answer that does is kept.
      if (answer.headers['x-ratelimit-remaining'] !== undefined || answer.headers['x-ratelimit-limit'] !== undefined)
        last = answer;
      return answer;
    } catch (error) {
      if (error instanceof HireError) return error;
      throw error;
    }
  };
  const reads = OPERATION_IDS.filter((id) => OPERATIONS[id].method === 'GET');
  // The collections first: their first record's id is what each `{id}` read is asked with.
  for (const id of reads.filter((id) => !OPERATIONS[id].path.includes('{id}') && !answers.has(id)))
    answers.set(id, await ask(id, OPERATIONS[id].path));
  const verdicts: Judged['verdicts'] = [];
  for (const id of OPERATION_IDS) {
    const operation = OPERATIONS[id];
    let probed: OperationVerdict | undefined;
    if (operation.method === 'GET' && operation.path.includes('{id}')) {
      const list = collectionOf(operation.path);
      const fromList = list ? firstField(answers.get(list), 'id') : undefined;
      // An assessment is also named by the job it belongs to, when the assessment list is not there.
      const fromJob = id === 'getAssessment' ? firstField(answers.get('listJobs'), 'assessment_id') : undefined;
      const record = fromList ?? fromJob;
      probed = record
        ? verdictOf(
            await ask(id, operation.path.replace('{id}', encodeURIComponent(record))),
            fromList ? `with ${record}, which its list shows` : `with ${record}, which a job names`,
          )
        : { offered: null, source: 'none', how: 'no record to read it with' };
    } else if (operation.method === 'GET') probed = verdictOf(answers.get(id)!, '');
    verdicts.push({ id, verdict: decide(id, probed, document.listed, learned) });
  }
  return { verdicts, document, last };
}

/** What a read's answer says; an answer that tells nothing is null. */
function verdictOf(answer: RawResponse | HireError, withWhat: string): OperationVerdict {
  const asked = withWhat ? `asked ${withWhat}` : 'asked';
  if (answer instanceof HireError) return { offered: null, source: 'none', how: `${asked}: ${answer.message}` };
  if (answer.status >= 200 && answer.status < 300)
    return { offered: true, source: 'read', how: `${asked}: HTTP ${answer.status}` };
  if (NOT_OFFERED.has(answer.status)) return { offered: false, source: 'read', how: `${asked}: HTTP ${answer.status}` };
  return { offered: null, source: 'none', how: `${asked}: HTTP ${answer.status}, which does not tell` };
}

/** A decisive answer first; then the server's description, the API spec, and what was learned. */
function decide(
  id: OperationId,
  probed: OperationVerdict | undefined,
  listed: Set<string> | undefined,
  learned: ReadonlySet<OperationId>,
): OperationVerdict {
  if (probed && probed.offered !== null) return probed;
  const { method, path, published } = OPERATIONS[id];
  if (listed?.has(`${method} ${path}`))
    return { offered: true, source: 'description', how: "listed in the server's OpenAPI description" };
  if (published) return { offered: true, source: 'spec', how: 'published by the API spec' };
  if (learned.has(id))
    return {
      offered: false,
      source: 'learned',
      how: 'learned earlier from its answer (forgotten now: the next command tries it again)',
    };
  return probed ?? { offered: null, source: 'none', how: 'only a write would tell' };
}

/** The published collection a `{id}` path is read from: `/webhooks/{id}/deliveries` → GET /webhooks. */
function collectionOf(path: string): OperationId | undefined {
  const base = path.slice(0, path.indexOf('/{id}'));
  return OPERATION_IDS.find((id) => OPERATIONS[id].method === 'GET' && OPERATIONS[id].path === base);
}

/** A field (an id) of a list answer's first record, if the list answered and the field is text. */
function firstField(answer: RawResponse | HireError | undefined, field: 'id' | 'assessment_id'): string | undefined {
  if (answer === undefined || answer instanceof HireError || answer.status >= 300) return undefined;
  try {
    const body = JSON.parse(answer.text) as { data?: unknown };
    const record: unknown = Array.isArray(body.data) ? body.data[0] : undefined;
    const id = record !== null && typeof record === 'object' ? (record as Record<string, unknown>)[field] : undefined;
    return typeof id === 'string' && id !== '' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The server's OpenAPI description, beside the API (a read with no side effect), when it serves one. */
async function readDescription(client: ApiClient): Promise<Judged['document']> {
  const where = client.url(DESCRIPTION_PATH, undefined, true);
  let answer: RawResponse;
  try {
    answer = await client.send('GET', DESCRIPTION_PATH, { fromRoot: true });
  } catch (error) {
    if (error instanceof HireError) return { listed: undefined, detail: `not read from ${where}: ${error.message}` };
    throw error;
  }
  if (answer.status !== 200) return { listed: undefined, detail: `not served at ${where} (HTTP ${answer.status})` };
  let paths: unknown;
  try {
    paths = (JSON.parse(answer.text) as { paths?: unknown }).paths;
  } catch {
    paths = undefined;
  }
  if (paths === null || typeof paths !== 'object' || Array.isArray(paths))
    return { listed: undefined, detail: `${where} answers, but with no OpenAPI paths` };
  const listed = new Set<string>();
  for (const [path, item] of Object.entries(paths as Record<string, unknown>))
    if (item !== null && typeof item === 'object')
      // A path item holds its operations by method, beside `parameters`, `summary` and the like.
      for (const method of Object.keys(item))
        if (HTTP_METHODS.has(method)) listed.add(`${method.toUpperCase()} ${path}`);
  const ours = OPERATION_IDS.filter((id) => listed.has(`${OPERATIONS[id].method} ${OPERATIONS[id].path}`)).length;
  return { listed, detail: `served at ${where}: it lists ${ours} of the ${OPERATION_IDS.length} operations hire uses` };
}
