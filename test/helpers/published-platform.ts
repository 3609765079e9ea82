// A platform that offers only what the API spec publishes, as a user's profile reaches it: the
// emulator with --published-only (every other API request a gateway's bare 404), a job and three
// new candidates on it, and a profile `gw` (the default) reaching it through a proxy that counts
// what arrives, so that a test can prove a request was not sent.
import { createServer } from 'node:http';
import { expect } from 'vitest';
import { DESCRIPTION } from './cli.js';
import { testEmulator, type TestEmulator } from './emulator.js';
import { sandbox, type Sandbox } from './env.js';
import { forward, listen, readBody, relay } from './scripted-server.js';

export interface Platform {
  box: Sandbox;
  emu: TestEmulator;
  /** The profile's base URL: the proxy's, `…/api/v1`. */
  baseUrl: string;
  /** `METHOD /path` of every request that reached the platform, in order. */
  seen: string[];
  job: string;
  candidates: string[];
}

/** A published-only emulator with a job and three new candidates, a profile `gw` reaching it through a counting proxy. */
export async function publishedPlatform(): Promise<Platform> {
  const box = await sandbox();
  const emu = await testEmulator(box.dataDir, { publishedOnly: true });
  const seen: string[] = [];
  const upstream = new URL(emu.origin);
  const proxy = await listen(
    createServer((req, res) => {
      void readBody(req).then(async (body) => {
        seen.push(`${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`);
        relay(res, await forward(req, body, upstream));
      });
    }),
  );
  const baseUrl = `${proxy}/api/v1`;
  box.writeConfig({
    default_profile: 'gw',
    profiles: { gw: { environment: 'sandbox', base_url: baseUrl, api_key: emu.key } },
  });
  const created = await emu.call('POST', '/jobs', {
    body: { title: 'Backend Engineer', description: DESCRIPTION, publish: true },
  });
  expect(created.status).toBe(201);
  const job = created.json.data.id as string;
  const simulated = await fetch(`${emu.origin}/_emulator/simulate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ job_id: job, applications: 3, seed: 7 }),
  });
  expect(simulated.status).toBeLessThan(300);
  const listed = await emu.call('GET', `/candidates?job_id=${job}`);
  const candidates = (listed.json.data as { id: string; status: string }[])
    .filter((candidate) => candidate.status === 'new')
    .map((candidate) => candidate.id);
  expect(candidates.length).toBeGreaterThan(0);
  return { box, emu, baseUrl, seen, job, candidates };
}
