// The README's CI recipe (section "Using hire in CI"), run as written through bash with `hire` the
// built binary: `hire jobs get job_missing --json 2> error.json` and `jq -r .error.code error.json`.
// It works only if stderr under --json is exactly the error envelope (issue 29 item 1): on the local
// profile (no emulator notice before it), against a server that is not there (no retry lines before
// it), and on a 404 from a standing emulator.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sandbox, unusedPort, type Sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The recipe's lines: the key exported from the data dir, and the branch on the error code. */
function recipe(): { exportKey: string; branch: string } {
  const section = README.slice(README.indexOf('## Using hire in CI'));
  const block = /^```sh\n([\s\S]*?)^```/m.exec(section)![1]!.split('\n');
  const exportKey = block.find((line) => line.startsWith('export HIRE_API_KEY='))!;
  const branch = block.find((line) => line.includes('2> error.json'))!;
  expect(branch).toContain('jq -r .error.code error.json');
  return { exportKey, branch };
}

/** Runs the lines through bash, without blocking this process (a test's emulator answers from it). */
async function run(
  box: Sandbox,
  lines: string[],
  env: Record<string, string> = {},
): Promise<{ status: number; stdout: string; stderr: string; errorJson: string }> {
  const script = [`hire() { "${process.execPath}" "${join(ROOT, 'bin', 'hire.js')}" "$@"; }`, ...lines].join('\n');
  const { status, stdout, stderr } = await new Promise<{ status: number; stdout: string; stderr: string }>(
    (resolve) => {
      execFile(
        'bash',
        ['-c', script],
        { cwd: box.root, env: { ...box.env, ...env }, encoding: 'utf8' },
        (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    },
  );
  return { status, stdout, stderr, errorJson: readFileSync(join(box.root, 'error.json'), 'utf8') };
}

/** error.json holds exactly one JSON document: the envelope. */
function envelope(text: string): { error: { code: string } } {
  return JSON.parse(text) as { error: { code: string } };
}

describe('the README CI recipe, as written', () => {
  it('on the local profile: the 404 is read from error.json (the emulator notice stays out of it)', async () => {
    const box = await sandbox();
    const { exportKey, branch } = recipe();
    // The data dir's key exists once hire has used the local profile.
    const first = await run(box, ['hire jobs list > /dev/null 2>&1; true > error.json']);
    expect(first.status).toBe(0);
    const result = await run(box, [exportKey, branch]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('exit 4 (not_found)\n');
    expect(envelope(result.errorJson).error.code).toBe('not_found');
  });

  it('against a server that is not there: exit 6 and the network error code, after the retries', async () => {
    const box = await sandbox();
    const { branch } = recipe();
    const env = {
      HIRE_BASE_URL: `http://127.0.0.1:${await unusedPort()}/api/v1`,
      HIRE_API_KEY: 'hk_test_0000000000000000000000000000',
    };
    const result = await run(box, [branch], env);
    expect(result.stdout).toBe('exit 6 (connection_refused)\n');
    expect(envelope(result.errorJson).error.code).toBe('connection_refused');
  });

  it('on a 404 from a standing emulator named by HIRE_BASE_URL', async () => {
    const box = await sandbox();
    const emulator = await testEmulator(box.dataDir);
    const { exportKey, branch } = recipe();
    const result = await run(box, [exportKey, branch], { HIRE_BASE_URL: emulator.apiUrl });
    expect(result.stdout).toBe('exit 4 (not_found)\n');
    expect(envelope(result.errorJson)).toMatchObject({
      error: { code: 'not_found' },
      meta: { request_id: expect.stringMatching(/^req_/) },
    });
  });
});
