// The suite's own secret-hygiene check (test/helpers/capture.ts, secrets.ts, global-setup.ts):
// that it sees what commands print, and that it would notice a key or a signing secret there.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/api/client.js';
import { capturedSoFar } from '../helpers/capture.js';
import { captureIO } from '../helpers/cli.js';
import { leaks } from '../helpers/secrets.js';

// Built from parts, so that this file's own source is not a leak in anything that prints it.
const KEY = ['hk', 'test', 'Q'.repeat(10) + '0123456789abcdef'].join('_');
const LOCAL_KEY = ['hk', 'local', 'a1B2'.repeat(6)].join('_');
const SECRET = ['whsec', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'].join('_');

describe('leaks', () => {
  it('finds an API key of every environment, in stdout and stderr', () => {
    expect(leaks({ argv: ['hire', 'jobs', 'list'], stdout: `key ${KEY}\n`, stderr: '' })).toEqual([
      'stdout: API key hk_test_…(34 chars)',
    ]);
    expect(
      leaks({ argv: ['hire', 'jobs', 'list', '--verbose'], stdout: '', stderr: `authorization: Bearer ${LOCAL_KEY}` }),
    ).toHaveLength(1);
    expect(leaks({ argv: ['main'], stdout: 'hk_live_' + 'z'.repeat(40), stderr: '' })).toHaveLength(1);
  });

  it('finds a signing secret anywhere but where the contract prints it once', () => {
    expect(leaks({ argv: ['hire', 'webhooks', 'list'], stdout: SECRET, stderr: '' })).toHaveLength(1);
    expect(leaks({ argv: ['hire', 'webhooks', 'add', '--secret-stdin'], stdout: SECRET, stderr: '' })).toHaveLength(1);
    expect(leaks({ argv: ['hire', 'webhooks', 'add', '--url', 'x'], stdout: SECRET, stderr: '' })).toEqual([]);
  });

  it('lets `emulator keys create` print the key it made, and nothing else', () => {
    expect(leaks({ argv: ['hire', 'emulator', 'keys', 'create'], stdout: KEY, stderr: '' })).toEqual([]);
    expect(leaks({ argv: ['hire', 'emulator', 'keys', 'list'], stdout: KEY, stderr: '' })).toHaveLength(1);
  });

  it('passes masked keys and short look-alikes', () => {
    expect(
      leaks({ argv: ['hire', 'auth', 'status'], stdout: 'hk_test_…cdef  hk_test_abc  whsec_…', stderr: '' }),
    ).toEqual([]);
  });
});

describe('capture', () => {
  it('records the output of spawn, spawnSync, execFileSync and in-process runs', async () => {
    const before = capturedSoFar();
    spawnSync(process.execPath, ['-e', '1']);
    execFileSync(process.execPath, ['-e', '1']);
    const child = spawn(process.execPath, ['-e', '1']);
    await new Promise((resolve) => child.on('close', resolve));
    captureIO({ argv: ['--version'] });
    expect(capturedSoFar()).toBe(before + 4);
  });
});

describe('redactSecrets (what --verbose shows of a body)', () => {
  it('replaces secrets by field name and by shape, and leaves the rest as it was', () => {
    const body = JSON.stringify({
      url: 'https://example.com/hooks',
      events: ['job.created'],
      secret: 'my \\"quoted\\" secret',
    });
    expect(redactSecrets(body)).toBe(
      '{"url":"https://example.com/hooks","events":["job.created"],"secret":"[redacted]"}',
    );
    expect(redactSecrets(JSON.stringify({ data: { id: 'key_1', key: KEY } }, null, 2))).toBe(
      '{\n  "data": {\n    "id": "key_1",\n    "key": "[redacted]"\n  }\n}',
    );
    expect(redactSecrets(`plain text with ${SECRET} and ${LOCAL_KEY}.`)).toBe(
      'plain text with whsec_[redacted] and hk_local_[redacted].',
    );
    expect(redactSecrets('{"title":"Backend Engineer","keywords":["go"]}')).toBe(
      '{"title":"Backend Engineer","keywords":["go"]}',
    );
    // Base64 secrets hold + / and =: none of it may be left behind.
    expect(redactSecrets('sig whsec_ab+cd/ef== end')).toBe('sig whsec_[redacted] end');
    expect(redactSecrets(`"hmac":"${['whsec', 'Q+/9'.repeat(8) + '=='].join('_')}"`)).toBe('"hmac":"whsec_[redacted]"');
  });
});
