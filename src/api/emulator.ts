// The local emulator's own controls (CONTRACT §6), under /_emulator beside /api/v1: keys,
// simulated applicants and reset. Only the emulator answers them.
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

/** Deletes every job, candidate, assessment and webhook; keys stay. */
export const resetEmulator = async (client: ApiClient): Promise<ApiRecord> => record('POST /_emulator/reset', await control(client, 'POST', '/reset', {}));
