// A standing emulator runs for hours; the package under it may be replaced meanwhile (`npm i -g`
// of a new version renames every chunk). It loads at its start all that a command's in-process
// emulator loads at first use (pipeline.ts `loadEverything`), so that no request of it then needs
// a file that is gone.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the built package (dist/, package.json, and the dependencies linked), in a temp dir. */
function packageCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hire-upgrade-'));
  dirs.push(dir);
  cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true });
  cpSync(join(root, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

describe('a standing emulator whose package is replaced under it', () => {
  it('answers writes, controls, the sandbox, the pages and the OpenAPI document with the files gone', () => {
    const dir = packageCopy();
    const chunks = join(dir, 'dist', 'chunks');
    const server = readdirSync(chunks).find((file) => file.startsWith('server-') && file.endsWith('.js'))!;
    // Started from the copy, which is then moved away whole; every request goes to the server it started.
    const script = `
      const { readFileSync, renameSync } = process.getBuiltinModule('node:fs');
      const { request } = process.getBuiltinModule('node:http');
      const dataDir = ${JSON.stringify(join(dir, 'data'))};
      const { startEmulator } = await import(${JSON.stringify(join(chunks, server))});
      const emulator = await startEmulator({ dataDir, port: 0, mode: 'server' });
      renameSync(${JSON.stringify(join(dir, 'dist'))}, ${JSON.stringify(join(dir, 'gone'))});
      const keyOf = (dir) => readFileSync(dir + '/local.key', 'utf8').trim();
      const ask = (method, path, body, key = keyOf(dataDir)) =>
        new Promise((resolve, reject) => {
          const req = request(emulator.origin + path, {
            method,
            headers: { authorization: 'Bearer ' + key, 'content-type': 'application/json' },
          }, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode, text }));
          });
          req.on('error', reject);
          req.end(body === undefined ? undefined : JSON.stringify(body));
        });
      const statuses = {};
      const created = await ask('POST', '/api/v1/jobs', { title: 'Backend Engineer', description: 'x'.repeat(120), publish: true });
      statuses.create = created.status;
      const job = JSON.parse(created.text).data;
      statuses.patch = (await ask('PATCH', '/api/v1/jobs/' + job.id, { department: 'Platform' })).status;
      statuses.badBody = (await ask('POST', '/api/v1/jobs', { title: '' })).status;
      statuses.assessment = (await ask('POST', '/api/v1/assessments', { job_id: job.id })).status;
      statuses.webhook = (await ask('POST', '/api/v1/webhooks', { url: 'https://hooks.example.com/a', events: ['job.created'], secret: 's'.repeat(24) })).status;
      statuses.simulate = (await ask('POST', '/_emulator/simulate', { job_id: job.id, applications: 2, seed: 1 })).status;
      statuses.page = (await ask('GET', '/apply/' + job.id)).status;
      statuses.sandbox = (await ask('GET', '/sandbox/api/v1/jobs', undefined, keyOf(dataDir + '/sandbox'))).status;
      statuses.openapi = (await ask('GET', '/openapi.json')).status;
      await emulator.close();
      console.log(JSON.stringify(statuses));`;
    const statuses = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: dir }),
    ) as Record<string, number>;
    expect(statuses).toEqual({
      create: 201,
      patch: 200,
      badBody: 400,
      assessment: 201,
      webhook: 201,
      simulate: 201,
      page: 200,
      sandbox: 200,
      openapi: 200,
    });
  });
});
