// Hints after authentication and permission failures name the real source of the key and the real
// cause (issue 15 item 10): a key from HIRE_API_KEY is fixed or unset there (`hire auth login`
// cannot help it), a stored key is replaced with `hire auth login`, and a 403 from a key's IP
// allow-list is not a missing permission level. Against the emulator over loopback: keys made
// already expired (--expires-in 0s), revoked, unknown, allow-listed to 10.0.0.0/8, or read-only.
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';

type Kind = 'expired' | 'revoked' | 'unknown' | 'allow-list' | 'read';

interface Setup {
  box: Sandbox;
  emulator: TestEmulator;
}

async function setup(): Promise<Setup> {
  const box = await sandbox();
  const emulator = await testEmulator(box.dataDir);
  box.writeConfig({ profiles: { local: { environment: 'local', base_url: emulator.apiUrl } } });
  return { box, emulator };
}

/** A key of the given kind, made through `hire emulator keys …` on the local profile. */
async function keyOf({ box }: Setup, kind: Kind): Promise<string> {
  if (kind === 'unknown') return 'hk_test_0000000000000000000000000000';
  const flags = {
    expired: ['--expires-in', '0s'],
    revoked: [],
    'allow-list': ['--allow-ip', '10.0.0.0/8'],
    read: ['--level', 'read'],
  }[kind];
  const made = await runCli(['emulator', 'keys', 'create', ...flags, '--json'], { env: box.env });
  expect(made.code, made.stderr).toBe(0);
  const { id, key } = JSON.parse(made.stdout) as { id: string; key: string };
  if (kind === 'revoked')
    expect((await runCli(['emulator', 'keys', 'revoke', id, '--yes'], { env: box.env })).code).toBe(0);
  return key;
}

/** A command that needs the key's level: a read key may list but not create. */
const command = (kind: Kind): string[] =>
  kind === 'read' ? ['jobs', 'create', '--title', 'Backend Engineer', '--description', DESCRIPTION] : ['jobs', 'list'];

/** The key in HIRE_API_KEY, the server in HIRE_BASE_URL: what CI does. */
async function fromEnvironment(kind: Kind): Promise<RunResult> {
  const s = await setup();
  const key = await keyOf(s, kind);
  const result = await runCli(command(kind), {
    env: { ...s.box.env, HIRE_BASE_URL: s.emulator.apiUrl, HIRE_API_KEY: key },
  });
  expect(result.stdout + result.stderr).not.toContain(key);
  return result;
}

/** The key stored in a profile (as `hire auth login` leaves it), chosen with --profile. */
async function fromProfile(kind: Kind): Promise<RunResult> {
  const s = await setup();
  const key = await keyOf(s, kind);
  s.box.writeConfig({
    profiles: {
      local: { environment: 'local', base_url: s.emulator.apiUrl },
      staging: { environment: 'production', base_url: s.emulator.apiUrl, api_key: key },
    },
  });
  const result = await runCli([...command(kind), '--profile', 'staging'], { env: s.box.env });
  expect(result.stdout + result.stderr).not.toContain(key);
  return result;
}

/** The last line of stderr: the hint. */
const hint = (result: RunResult): string => result.stderr.trimEnd().split('\n').at(-1)!;

describe('with the key from HIRE_API_KEY, the hint says to fix or unset HIRE_API_KEY', () => {
  it.each([
    [
      'expired',
      'key_expired, HTTP 401',
      /^The key in HIRE_API_KEY has expired: set HIRE_API_KEY to a current key, or unset it to use the key of profile "local"\.$/,
    ],
    [
      'revoked',
      'This API key was revoked. (unauthorized, HTTP 401)',
      /^The key in HIRE_API_KEY was refused: fix HIRE_API_KEY, or unset it to use the key of profile "local"\.$/,
    ],
    [
      'unknown',
      'Invalid API key. (unauthorized, HTTP 401)',
      /^The key in HIRE_API_KEY was refused: fix HIRE_API_KEY, or unset it to use the key of profile "local"\.$/,
    ],
  ] as const)('%s key: exit 3, no `hire auth login`', async (kind, error, expected) => {
    const result = await fromEnvironment(kind);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(error);
    expect(hint(result)).toMatch(expected);
    expect(result.stderr).not.toContain('auth login');
  });

  it('a read key writing: the permission level of the key in HIRE_API_KEY', async () => {
    const result = await fromEnvironment('read');
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('(forbidden, HTTP 403)');
    expect(hint(result)).toBe('The key in HIRE_API_KEY lacks the permission level for this operation.');
  });
});

describe('with a key stored in a profile, the hint names the profile and `hire auth login`', () => {
  it('expired key', async () => {
    const result = await fromProfile('expired');
    expect(result.code).toBe(3);
    expect(hint(result)).toBe(
      'The key of profile "staging" has expired: `hire auth login --profile staging` stores a new one.',
    );
  });

  it('revoked key', async () => {
    const result = await fromProfile('revoked');
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('This API key was revoked.');
    expect(hint(result)).toContain('`hire auth login --profile staging`');
    expect(result.stderr).not.toContain('HIRE_API_KEY');
  });

  it("a read key writing: the permission level of the profile's key", async () => {
    const result = await fromProfile('read');
    expect(result.code).toBe(3);
    expect(hint(result)).toBe('The key of profile "staging" lacks the permission level for this operation.');
  });
});

describe("a 403 from the key's IP allow-list says so, not a missing permission level", () => {
  it.each([
    ['HIRE_API_KEY', fromEnvironment, 'The key in HIRE_API_KEY'],
    ['a profile', fromProfile, 'The key of profile "staging"'],
  ] as const)('key from %s', async (_source, run, key) => {
    const result = await run('allow-list');
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/This API key may not be used from \S+\. \(forbidden, HTTP 403\)/);
    expect(hint(result)).toBe(
      `${key} has an IP allow-list that refuses this address: run hire from an allowed address, or have this one added to the allow-list.`,
    );
    expect(result.stderr).not.toContain('permission level');
  });
});
