// The request log within a bound (docs/emulator.md "The request log"): a flood of requests without a
// key, each with a 15 KB path and query, grows the data dir by less than 5 MB; past the address's
// allowance they are counted, not logged row by row; a kept path is cut, its length recorded; and
// the keyed requests made before the flood are still in the log `hire logs tail` reads.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testEmulator } from '../helpers/emulator.js';
import { sandbox } from '../helpers/env.js';
import { PATH_KEPT, type LoggedRequest } from '../../src/emulator/storage/request-log.js';

/** Bytes of every file in the data dir (the database, its WAL and shared memory, the key). */
function dataDirBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

/** Every entry of the request log, oldest first, read as `hire logs tail` reads it (GET /_emulator/requests). */
async function wholeLog(emu: Awaited<ReturnType<typeof testEmulator>>): Promise<LoggedRequest[]> {
  const entries: LoggedRequest[] = [];
  let after = 0;
  for (;;) {
    const page = await fetch(`${emu.origin}/_emulator/requests?after=${after}&limit=1000`, {
      headers: { authorization: `Bearer ${emu.key}` },
    });
    expect(page.status).toBe(200);
    const requests = ((await page.json()) as { data: LoggedRequest[] }).data;
    if (requests.length === 0) return entries;
    entries.push(...requests);
    after = requests.at(-1)!.seq;
  }
}

describe('requests without a key in the request log', () => {
  it('3,000 of 15 KB grow the data dir by less than 5 MB and leave the last 100 keyed requests', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    for (let index = 0; index < 100; index++) {
      const answer = await emu.call('GET', `/jobs?page=${index + 1}`);
      expect(answer.status).toBe(200);
    }
    const before = dataDirBytes(box.dataDir);
    const query = `?q=${'x'.repeat(15 * 1024)}`;
    const statuses = new Map<number, number>();
    let sent = 0;
    // Twenty at a time, as a careless script would.
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (sent < 3_000) {
          sent++;
          const response = await fetch(`${emu.apiUrl}/jobs${query}`);
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    // The allowance (1,000 an hour per address) and then 429s.
    expect(statuses.get(401)).toBe(1_000);
    expect(statuses.get(429)).toBe(2_000);
    expect(dataDirBytes(box.dataDir) - before).toBeLessThan(5 * 1024 * 1024);

    const log = await wholeLog(emu);
    const keyed = log.filter((entry) => entry.key_name !== null && entry.path.startsWith('/api/v1/jobs?page='));
    expect(keyed.map((entry) => entry.path)).toEqual(
      Array.from({ length: 100 }, (_, index) => `/api/v1/jobs?page=${index + 1}`),
    );
    const keyless = log.filter((entry) => entry.key_name === null);
    // Within the allowance each is logged, its path cut and its length kept.
    const refusedUnauthorized = keyless.filter((entry) => entry.status === 401);
    expect(refusedUnauthorized).toHaveLength(1_000);
    for (const entry of refusedUnauthorized) {
      expect(entry.path).toHaveLength(PATH_KEPT);
      expect(entry.path.endsWith('…')).toBe(true);
      expect(entry.path_length).toBe(`/api/v1/jobs${query}`.length);
    }
    // Past it, counted: the 1st, 10th, 100th and 1,000th are logged, with their count.
    expect(keyless.filter((entry) => entry.status === 429).map((entry) => entry.refused_count)).toEqual([
      1, 10, 100, 1_000,
    ]);
  });

  it('a path within the bound is kept whole, with no length', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const path = `/jobs/job_${'y'.repeat(400)}`;
    expect((await emu.call('GET', path)).status).toBe(404);
    const entry = (await wholeLog(emu)).find((logged) => logged.path.includes('yyy'))!;
    expect(entry.path).toBe(`/api/v1${path}`);
    expect(entry).not.toHaveProperty('path_length');
  });
});
