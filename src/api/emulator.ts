// The local emulator's own controls (docs/emulator.md "Running it"), under /_emulator beside /api/v1: keys,
// simulated applicants, reset, triggered events and the request log. Only the emulator answers them.
import type { ApiClient } from './client.js';
import { isRecord, isRecordList, type ApiRecord } from './envelope.js';
import { ApiError } from '../errors.js';
import { unexpectedShape } from './errors.js';

async function control(
  client: ApiClient,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const { data } = await client.request(method, `/_emulator${path}`, {
    fromRoot: true,
    ...(body !== undefined ? { body } : {}),
  });
  return data;
}

function record(operation: string, data: unknown): ApiRecord {
  if (!isRecord(data)) throw unexpectedShape(operation, 'an object', undefined);
  return data;
}

export interface KeyRequest {
  level: string;
  tier: string;
  name?: string;
  expires_in_seconds?: number;
  allow_ips: readonly string[];
  limits: { hour?: number; day?: number; concurrent?: number };
}

/** A new key, shown whole in this answer only. */
export const createKey = async (client: ApiClient, request: KeyRequest): Promise<ApiRecord> =>
  record('POST /_emulator/keys', await control(client, 'POST', '/keys', request));

/** Every key, masked. */
export async function listKeys(client: ApiClient): Promise<ApiRecord[]> {
  const data = await control(client, 'GET', '/keys');
  if (!isRecordList(data)) throw unexpectedShape('GET /_emulator/keys', 'a list of objects', undefined);
  return data;
}

export const revokeKey = async (client: ApiClient, id: string): Promise<void> => {
  await control(client, 'DELETE', `/keys/${encodeURIComponent(id)}`);
};

export interface SimulateRequest {
  job_id: string;
  applications: number;
  complete_assessments: boolean;
  advance: boolean;
  seed?: number;
}

export interface SimulateResult extends ApiRecord {
  created?: number;
  by_status?: Record<string, number>;
}

export const simulateApplications = async (client: ApiClient, request: SimulateRequest): Promise<SimulateResult> =>
  record('POST /_emulator/simulate', await control(client, 'POST', '/simulate', request));

export interface TriggerRequest {
  type: string;
  job_id?: string;
  overrides: Record<string, unknown>;
}

export interface TriggerResult extends ApiRecord {
  type?: string;
  event_id?: string;
  events?: ApiRecord[];
}

/** One event of a kind, from the records that produce it; answers every event they produced. */
export const triggerEvent = async (client: ApiClient, request: TriggerRequest): Promise<TriggerResult> =>
  record('POST /_emulator/trigger', await control(client, 'POST', '/trigger', request));

/** What the request log's stream says: where the log stands (at first, then as a heartbeat), and each request. */
export interface RequestLogHandlers {
  onPosition(last: number): void;
  onRequest(entry: ApiRecord & { seq: number }): void;
}

/** A line of the stream longer than this is not a logged request (an entry is a few hundred bytes). */
const MAX_LINE_BYTES = 1024 * 1024;

/**
 * Follows the emulator's request log over one held connection (GET /_emulator/requests/stream),
 * from after `after` (or from where the log stands), until the server ends the stream. `idleMs`:
 * how long it may be silent (it sends a heartbeat every 15 s) before it is taken for dead.
 */
export async function followRequestLog(
  client: ApiClient,
  after: number | undefined,
  idleMs: number,
  handlers: RequestLogHandlers,
): Promise<void> {
  const invalidStream = (what: string) =>
    new ApiError({
      status: 200,
      code: 'invalid_response',
      message: `The server's request log stream (GET /_emulator/requests/stream) sent ${what}.`,
    });
  let pending = '';
  const decoder = new TextDecoder();
  const take = (line: string) => {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      throw invalidStream('a line that is not JSON');
    }
    const { event, last, request } = (message ?? {}) as { event?: unknown; last?: unknown; request?: unknown };
    if (event === 'heartbeat' && Number.isSafeInteger(last)) return handlers.onPosition(last as number);
    if (event === 'request' && isRecord(request) && Number.isSafeInteger(request.seq))
      return handlers.onRequest(request as ApiRecord & { seq: number });
    // Kinds of line a later emulator may add are passed over; a known kind of the wrong shape is not.
    if (event === 'heartbeat' || event === 'request' || typeof event !== 'string')
      throw invalidStream('a line that is neither a heartbeat nor a logged request');
  };
  await client.stream('/_emulator/requests/stream', { fromRoot: true, query: { after } }, idleMs, (chunk) => {
    pending += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      take(line);
    }
    if (pending.length > MAX_LINE_BYTES) throw invalidStream(`a line longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB`);
  });
}

/** Deletes every job, candidate, assessment and webhook; keys stay. */
export const resetEmulator = async (client: ApiClient): Promise<ApiRecord> =>
  record('POST /_emulator/reset', await control(client, 'POST', '/reset', {}));
