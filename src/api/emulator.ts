// The local emulator's own controls (CONTRACT §6, §7), under /_emulator beside /api/v1: keys,
// simulated applicants, reset, triggered events and the request log. Only the emulator answers them.
import type { ApiClient } from './client.js';
import { RecordSchema, isRecordList, type ApiRecord } from './envelope.js';
import { unexpectedShape } from './errors.js';

async function control(client: ApiClient, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
  const { data } = await client.request(method, `/_emulator${path}`, { fromRoot: true, ...(body !== undefined ? { body } : {}) });
  return data;
}

function record(operation: string, data: unknown): ApiRecord {
  const parsed = RecordSchema.safeParse(data);
  if (!parsed.success) throw unexpectedShape(operation, 'an object', undefined);
  return parsed.data;
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

/** The emulator's request log after `after` (or, without it, only where the log stands). */
export async function readRequestLog(client: ApiClient, after: number | undefined): Promise<{ requests: ApiRecord[]; last: number }> {
  const { data, meta } = await client.request('GET', '/_emulator/requests', { fromRoot: true, query: { after } });
  const last = (meta as { last?: unknown }).last;
  if (!isRecordList(data) || typeof last !== 'number') throw unexpectedShape('GET /_emulator/requests', 'a list of requests and meta.last', meta.request_id);
  return { requests: data, last };
}

/** Deletes every job, candidate, assessment and webhook; keys stay. */
export const resetEmulator = async (client: ApiClient): Promise<ApiRecord> => record('POST /_emulator/reset', await control(client, 'POST', '/reset', {}));
