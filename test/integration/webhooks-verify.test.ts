// webhooks verify (issue 19): a header flag not given is a usage error naming it (exit 2), not an
// invalid delivery (exit 3); --json prints the verdict pretty, as every other command does.
import { describe, expect, it } from 'vitest';
import { generateSecret, signedHeaders } from '../../src/webhooks/signature.js';
import { runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';

const BODY = '{"type":"job.created","data":{"id":"job_123"}}';

function delivery() {
  const secret = generateSecret();
  const headers = signedHeaders(secret, 'msg_1', BODY, new Date());
  return {
    secret,
    flags: {
      '--id': headers['webhook-id'],
      '--timestamp': headers['webhook-timestamp'],
      '--signature': headers['webhook-signature'],
    },
  };
}

const argvOf = (secret: string, flags: Record<string, string>) => [
  'webhooks',
  'verify',
  '--secret',
  secret,
  ...Object.entries(flags).flat(),
];

describe('webhooks verify', () => {
  const cases: { leave: string[]; stderr: string }[] = [
    { leave: ['--id'], stderr: 'Missing --id' },
    { leave: ['--timestamp'], stderr: 'Missing --timestamp' },
    { leave: ['--signature', '--id'], stderr: 'Missing --id and --signature' },
    { leave: ['--id', '--timestamp', '--signature'], stderr: 'Missing --id, --timestamp and --signature' },
  ];
  for (const { leave, stderr } of cases) {
    it(`without ${leave.join(', ')}: exit 2 naming them, nothing on stdout (also with --json)`, async () => {
      const box = await sandbox();
      const { secret, flags } = delivery();
      const given = Object.fromEntries(Object.entries(flags).filter(([name]) => !leave.includes(name)));
      const result = await runCli(argvOf(secret, given), { env: box.env, stdin: BODY });
      expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
        code: 2,
        stdout: '',
        stderr: `Error: ${stderr}.\n--id, --timestamp and --signature take the delivery's webhook-* headers.\n`,
      });
      const json = await runCli([...argvOf(secret, given), '--json'], { env: box.env, stdin: BODY });
      expect(json.code).toBe(2);
      expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'usage_error' } });
    });
  }

  it('an empty header flag counts as missing', async () => {
    const box = await sandbox();
    const { secret, flags } = delivery();
    const result = await runCli(argvOf(secret, { ...flags, '--signature': '' }), { env: box.env, stdin: BODY });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Error: Missing --signature\.\n/);
  });

  it('--json prints the verdict pretty (valid: exit 0; invalid: exit 3)', async () => {
    const box = await sandbox();
    const { secret, flags } = delivery();
    const valid = await runCli([...argvOf(secret, flags), '--json'], { env: box.env, stdin: BODY });
    expect(valid).toMatchObject({ code: 0, stdout: '{\n  "valid": true\n}\n' });
    const invalid = await runCli([...argvOf(generateSecret(), flags), '--json'], { env: box.env, stdin: BODY });
    expect(invalid.code).toBe(3);
    expect(invalid.stdout).toBe('{\n  "valid": false,\n  "reason": "bad signature"\n}\n');
  });
});
