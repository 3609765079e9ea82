// An assumed operation a server does not offer, told from a record that is missing
// (docs/api-choices.md "Running against a real platform"). A 404, 405 or 501 from an operation the
// API spec does not publish says one of two things: the record is not there, or the operation is
// not. The published list that holds the record tells them apart (the spec: any field name is a
// filter, so `GET /jobs?id=…`): a record that is there means the operation is not offered. What is
// learned goes into the client's book (per profile in the CLI, in memory in the library), so that
// the next call goes straight to the published way: a read from the list, or a refusal before
// anything is sent. This is the one place the decision is made; the resource modules call it.
import { OPERATIONS, operationName, type OperationId, type OperationSpec } from '../domain/operations.js';
import { ApiError, ExitCode, HireError, InterruptedError } from '../errors.js';
import type { ApiClient } from './client.js';
import type { ApiRecord } from './envelope.js';
import { readPage } from './page.js';

export { memoryBook, type OfferedBook } from './offered-book.js';

/**
 * The pages of a list looked through for the record when the server ignores the id filter, at
 * the API's largest page: beyond that, whether the record is there cannot be told.
 */
export const LOOK_PAGES = 5;
const LOOK_PER_PAGE = 100;

/** The answers that may mean "no such operation" as well as "no such record". */
export function mayBeNotOffered(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || error.status === 405 || error.status === 501);
}

export type Finding =
  | { kind: 'there'; record: ApiRecord }
  | { kind: 'absent' }
  /** `why`: what was seen, in words that follow "cannot tell which:". */
  | { kind: 'unknown'; why: string };

/**
 * Whether the published list holds a record whose `id` is exactly `id`: asked with the id as a
 * filter; a server that ignores the filter answers with other records, and then the list's first
 * LOOK_PAGES pages are looked through.
 */
export async function findInList(client: ApiClient, list: OperationId, id: string): Promise<Finding> {
  const path = OPERATIONS[list].path;
  const first = await readPage(client, path, { id, per_page: LOOK_PER_PAGE });
  const match = (items: readonly ApiRecord[]) => items.find((item) => item.id === id);
  const found = match(first.items);
  if (found) return { kind: 'there', record: found };
  // Nothing but the record asked for (here: nothing at all): the filter was honoured.
  if (first.items.length === 0) return { kind: 'absent' };
  const size = first.items.length;
  let items = first.items;
  let meta = first.meta;
  for (let page = 1; ; page++) {
    const ended =
      meta?.total_pages !== undefined
        ? page >= meta.total_pages
        : items.length === 0 || (page > 1 && items.length < size);
    if (ended) return { kind: 'absent' };
    if (page >= LOOK_PAGES)
      return {
        kind: 'unknown',
        why: `the server ignored the id filter of ${operationName(list)}, and ${id} is not in its first ${LOOK_PAGES * size} records`,
      };
    ({ items, meta } = await readPage(client, path, { id, per_page: LOOK_PER_PAGE, page: page + 1 }));
    const later = match(items);
    if (later) return { kind: 'there', record: later };
  }
}

/** What to do instead of an operation the server does not offer (hire doctor checks them all). */
const INSTEAD: Partial<Record<OperationId, string>> = {
  updateJob: "Change the job (its fields or its status: publish, pause, close, reopen) in the platform's web app",
  deleteJob: "Delete the job in the platform's web app",
  moveCandidate: "Change the candidate's status in the platform's web app",
  deleteWebhook: "Remove the webhook in the platform's web app",
  resendEvent: "Send the event again from the platform's web app, if it offers that",
  listWebhooks: "See the webhooks in the platform's web app",
  listEvents: "See the events in the platform's web app, or receive them as they happen through a webhook",
  listDeliveries: "See the webhook deliveries in the platform's web app",
  listAssessments: "See the assessments in the platform's web app",
};

const DOCTOR = '`hire doctor` shows what the server offers, and checks again.';

/** Exit 1, `operation_not_offered`: the operation named, that the spec does not publish it, what to do instead. */
export function operationNotOffered(operation: OperationId, id: string | undefined, learned: boolean): HireError {
  const name = operationName(operation);
  const list = listOf(operation);
  const why = learned
    ? 'as learned earlier from this server; nothing was sent'
    : id === undefined
      ? `it answered ${name} as if it were not there, while ${operationName('listJobs')} on the same base URL answered`
      : `${id} is there (${list ? operationName(list) : 'the published list'} lists it), but the server answered ${name} as if it were not`;
  const instead = INSTEAD[operation];
  return new HireError(
    `The server does not offer ${name}: the API spec does not publish it, and hire assumed it (${why}).`,
    {
      exitCode: ExitCode.failure,
      code: 'operation_not_offered',
      hint: instead ? `${instead}. ${DOCTOR}` : DOCTOR,
    },
  );
}

/**
 * A not_found that says both (exit 4): the record may not exist, or the server may not offer the
 * operation; nothing published could tell which.
 */
function eitherOr(error: ApiError, operation: OperationId, id: string, why: string): HireError {
  const name = operationName(operation);
  const doubt = `the server may not offer ${name}, which the API spec does not publish, and ${why}`;
  // The server's own words first where it sent its error envelope ("No job with id …").
  const message =
    error.code === 'invalid_response'
      ? `${id} was not found, or ${doubt}.`
      : `${error.message.replace(/([^.!?])$/, '$1.')} Or ${doubt}.`;
  return notFound(error, message, `If ${id} exists, the server may not offer ${name}; ${DOCTOR}`);
}

/** A record the published list does not hold: the server's own not_found as it was, or one that says where hire looked. */
function missing(error: ApiError | undefined, operation: OperationId, id: string, list: OperationId): HireError {
  // The API's own JSON 404 for a missing record: as today.
  if (error && error.status === 404 && error.code !== 'invalid_response') return error;
  const answered = error
    ? `the server answered ${operationName(operation)} with HTTP ${error.status}`
    : `the server does not offer ${operationName(operation)}, as learned earlier`;
  return notFound(error, `${id} was not found: ${operationName(list)} has no record with that id (${answered}).`);
}

/**
 * Exit 4, `not_found`: an API error when the server answered 404 (a bulk move counts those as not
 * found), its envelope kept with this message in it (--json prints the envelope).
 */
function notFound(error: ApiError | undefined, message: string, hint?: string): HireError {
  if (error?.status === 404) {
    const sent = error.body as { error?: Record<string, unknown> } | undefined;
    const body =
      sent !== null && typeof sent === 'object' && typeof sent.error === 'object' && sent.error !== null
        ? { ...sent, error: { ...sent.error, code: 'not_found', message } }
        : undefined;
    return new ApiError({
      status: 404,
      code: 'not_found',
      message,
      ...(hint ? { hint } : {}),
      ...(body ? { body } : {}),
      ...(error.requestId ? { requestId: error.requestId } : {}),
    });
  }
  return new HireError(message, { exitCode: ExitCode.notFound, code: 'not_found', ...(hint ? { hint } : {}) });
}

export interface AssumedOptions {
  /** Says that the record was read from the list (one line for stderr: the API layer never prints). */
  onNote?: (message: string, facts: RecordFromList) => void;
}

/** What a script reads of that note (docs/output.md "Warnings"): its code, the record, and the two operations. */
export type RecordFromList = { code: 'record_from_list'; id: string; operation: string; list: string };

/**
 * Runs `attempt`, the request of an assumed operation on record `id`, telling "the record is
 * missing" from "the operation is not offered" after a 404, 405 or 501 (module comment). A read
 * that is not offered answers with the record from the list, which the caller returns as its own.
 */
export async function runAssumed<T>(
  client: ApiClient,
  operation: OperationId,
  id: string,
  attempt: () => Promise<T>,
  fromList: ((record: ApiRecord) => T) | undefined,
  options: AssumedOptions = {},
): Promise<T> {
  if (OPERATIONS[operation].published) return attempt();
  const list = listOf(operation);
  const book = client.offered;
  if (book.isNotOffered(operation)) {
    if (!(fromList && list)) throw operationNotOffered(operation, id, true);
    const finding = await findInList(client, list, id);
    if (finding.kind === 'there') {
      options.onNote?.(readNote(operation, id, list, true), fromListFacts(operation, id, list));
      return fromList(finding.record);
    }
    if (finding.kind === 'absent') throw missing(undefined, operation, id, list);
    throw notFound(
      undefined,
      `${id} was not found: ${finding.why} (and the server does not offer ${operationName(operation)}, as learned earlier).`,
      DOCTOR,
    );
  }
  try {
    return await attempt();
  } catch (error) {
    if (!mayBeNotOffered(error)) throw error;
    if (!list) throw eitherOr(error, operation, id, 'no published operation can tell which');
    let finding: Finding;
    try {
      finding = await findInList(client, list, id);
    } catch (listError) {
      if (listError instanceof InterruptedError) throw listError;
      // The published list is not there either (a 404 page): the base URL itself is in doubt, as the error says.
      if (listError instanceof ApiError && listError.status === 404) throw error;
      const reason = listError instanceof Error ? listError.message.replace(/\.$/, '') : String(listError);
      throw eitherOr(error, operation, id, `${operationName(list)} could not tell which (${reason})`);
    }
    if (finding.kind === 'absent') throw missing(error, operation, id, list);
    if (finding.kind === 'unknown')
      throw eitherOr(error, operation, id, `the published list cannot tell which: ${finding.why}`);
    await book.learnNotOffered(operation).catch(() => undefined);
    if (!fromList) throw operationNotOffered(operation, id, false);
    options.onNote?.(readNote(operation, id, list, false), fromListFacts(operation, id, list));
    return fromList(finding.record);
  }
}

/**
 * Runs `read`, one page of a list (`id`: the record in its path, as in `/webhooks/{id}/deliveries`).
 * A published list is read as it is. An assumed one that answers 404, 405 or 501 is told apart
 * with the published GET /jobs on the same base URL: when that answers, the list is not offered
 * (exit 1, learned as a record operation's is); when it does not, the base URL is in doubt and the
 * first answer stands. A list under a record no published list holds says both.
 */
export async function runAssumedList<T>(
  client: ApiClient,
  operation: OperationId,
  id: string | undefined,
  read: () => Promise<T>,
  filtered: boolean,
): Promise<T> {
  if (OPERATIONS[operation].published) return read();
  const book = client.offered;
  if (book.isNotOffered(operation)) throw operationNotOffered(operation, id, true);
  try {
    return await read();
  } catch (error) {
    if (!mayBeNotOffered(error)) throw error;
    if (id !== undefined) throw eitherOr(error, operation, id, 'no published operation can tell which');
    // A filter may name what is not there (`GET /assessments?job_id=` a job that is not): the list
    // asked without filters says whether the operation itself is.
    if (filtered && !(await answersNotOffered(() => readPage(client, OPERATIONS[operation].path, { per_page: 1 }))))
      throw error;
    try {
      await readPage(client, OPERATIONS.listJobs.path, { per_page: 1 });
    } catch (probeError) {
      if (probeError instanceof InterruptedError) throw probeError;
      throw error;
    }
    await book.learnNotOffered(operation).catch(() => undefined);
    throw operationNotOffered(operation, undefined, false);
  }
}

/** Whether a read answers as an operation that is not there would (404, 405, 501); any other failure: false. */
async function answersNotOffered(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read();
    return false;
  } catch (error) {
    if (error instanceof InterruptedError) throw error;
    return mayBeNotOffered(error);
  }
}

/** The published list that holds the operation's record, if there is one. */
function listOf(operation: OperationId): OperationId | undefined {
  const spec: OperationSpec = OPERATIONS[operation];
  return spec.list as OperationId | undefined;
}

const fromListFacts = (operation: OperationId, id: string, list: OperationId): RecordFromList => ({
  code: 'record_from_list',
  id,
  operation: operationName(operation),
  list: operationName(list),
});

/** The note after a read from the list: what was read, and why. */
function readNote(operation: OperationId, id: string, list: OperationId, learned: boolean): string {
  return `Read ${id} from ${operationName(list)}: the server does not offer ${operationName(operation)}, which the API spec does not publish${learned ? ' (learned earlier; `hire doctor` checks again)' : ''}.`;
}
