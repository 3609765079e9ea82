// A config or data directory that refuses writes (docs/exit-codes.md): every write is exit 2 naming
// the directory and what failed, never "unexpected failure"; what only reads still works. The
// directory is made read-only for real: as root (where modes stop nothing) a read-only bind mount
// in a mount namespace of the command's own (EROFS, as on a read-only mount); otherwise mode 0500
// (EACCES).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/bin.js';
import { sandbox, type Sandbox } from '../helpers/env.js';

const ROOT_USER = process.getuid?.() === 0;

/** The reason the message gives for the refused write, as this way of making it read-only makes it. */
const REASON = ROOT_USER ? 'it is on a read-only file system' : 'permission denied';

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built hire with `dir` read-only for that run only. */
function hireWithReadOnly(box: Sandbox, dir: string, args: string[], stdin?: string): Ran {
  const hire = [process.execPath, join(ROOT, 'bin', 'hire.js'), ...args];
  const options = {
    cwd: ROOT,
    env: box.env,
    encoding: 'utf8' as const,
    ...(stdin === undefined ? {} : { input: stdin }),
  };
  if (ROOT_USER) {
    const script = 'mount -o bind,ro "$1" "$1" && shift && exec "$@"';
    return spawnSync('unshare', ['-m', 'sh', '-c', script, 'sh', dir, ...hire], options);
  }
  chmodSync(dir, 0o500);
  try {
    return spawnSync(hire[0]!, hire.slice(1), options);
  } finally {
    chmodSync(dir, 0o700);
  }
}

function hire(box: Sandbox, args: string[], stdin?: string): Ran {
  return spawnSync(process.execPath, [join(ROOT, 'bin', 'hire.js'), ...args], {
    cwd: ROOT,
    env: box.env,
    encoding: 'utf8',
    ...(stdin === undefined ? {} : { input: stdin }),
  });
}

function refusedConfig(box: Sandbox, ran: Ran): void {
  expect(ran.stderr).not.toContain('unexpected failure');
  expect(ran.stderr).toContain(`Error: Cannot write to the config directory ${box.configDir}: ${REASON}`);
  expect(ran.stderr).toContain('nothing was changed');
  expect(ran.status).toBe(2);
}

const KEY = 'hk_test_0123456789abcdefghijklmnopqrstuv';

describe('a read-only config directory', () => {
  it('auth login: exit 2 naming the directory, and the config is as it was', async () => {
    const box = await sandbox();
    const before = hire(box, ['profiles', 'list', '--json']).stdout;
    const ran = hireWithReadOnly(
      box,
      box.configDir,
      ['auth', 'login', '-p', 'other', '--base-url', 'http://127.0.0.1:9/api/v1', '--with-key', '--skip-verify'],
      `${KEY}\n`,
    );
    refusedConfig(box, ran);
    expect(hire(box, ['profiles', 'list', '--json']).stdout).toBe(before);
  });

  it('profiles use: exit 2, and under --json the envelope says unwritable_directory', async () => {
    const box = await sandbox();
    refusedConfig(box, hireWithReadOnly(box, box.configDir, ['profiles', 'use', 'local-sandbox']));
    const json = hireWithReadOnly(box, box.configDir, ['profiles', 'use', 'local-sandbox', '--json']);
    expect(json.status).toBe(2);
    expect(JSON.parse(json.stderr).error).toMatchObject({
      code: 'unwritable_directory',
      message: expect.stringContaining(box.configDir),
    });
  });

  it('webhooks listen --rotate-secret: exit 2; --print-secret of the kept secret still works', async () => {
    const box = await sandbox();
    const kept = hire(box, ['webhooks', 'listen', '--print-secret']);
    expect(kept.status).toBe(0);
    refusedConfig(
      box,
      hireWithReadOnly(box, box.configDir, ['webhooks', 'listen', '--print-secret', '--rotate-secret']),
    );
    const read = hireWithReadOnly(box, box.configDir, ['webhooks', 'listen', '--print-secret']);
    expect(read.status).toBe(0);
    expect(read.stdout).toBe(kept.stdout);
  });

  it('reads still work: profiles list and show', async () => {
    const box = await sandbox();
    const list = hireWithReadOnly(box, box.configDir, ['profiles', 'list']);
    expect(list.status).toBe(0);
    expect(list.stdout).toContain('local-sandbox');
    const show = hireWithReadOnly(box, box.configDir, ['profiles', 'show', 'local', '--json']);
    expect(show.status).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({ name: 'local' });
  });
});

describe('a read-only emulator data directory', () => {
  it('an empty one: emulator start is exit 2 naming it and the local key it could not make', async () => {
    const box = await sandbox();
    mkdirSync(box.dataDir, { mode: 0o700 });
    const ran = hireWithReadOnly(box, box.dataDir, ['emulator', 'start', '--port', '0']);
    expect(ran.stderr).not.toContain('could not start: E');
    expect(ran.stderr).toContain(`Error: Cannot write to the data directory ${box.dataDir}: ${REASON}`);
    expect(ran.stderr).toContain('no local key could be made');
    expect(ran.status).toBe(2);
  });

  it('one with data: a command on the in-process emulator is exit 2 naming it', async () => {
    const box = await sandbox();
    expect(hire(box, ['jobs', 'list']).status).toBe(0);
    const ran = hireWithReadOnly(box, box.dataDir, ['jobs', 'list']);
    expect(ran.stderr).not.toContain('unexpected failure');
    expect(ran.stderr).toContain(`Error: Cannot write to the data directory ${box.dataDir}: ${REASON}`);
    expect(ran.status).toBe(2);
  });
});
