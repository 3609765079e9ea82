// A command is one file: a fixture command, added to a registry by one line, is in help, is
// checked (its enum, its number's range, its required flag) before its run(), and completes.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { parseFlags } from '../../src/commands/parse.js';
import { COMMANDS } from '../../src/program.js';
import { GLOBAL_FLAGS } from '../../src/commands/global-flags.js';
import { captureIO } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';

const REGISTRY = [...COMMANDS, () => import('../fixtures/commands/tag.js')];

async function hire(argv: string[]) {
  const box = await sandbox();
  const captured = captureIO({ argv });
  const code = await main(argv, captured.io, box.env, REGISTRY);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

describe('a command added as one file', () => {
  it('is listed under its noun, and has its own help with its flags, choices, default and example', async () => {
    const noun = await hire(['candidates', '--help']);
    expect(noun.code).toBe(0);
    expect(noun.stdout).toMatch(/^ {2}tag \[options\] <id>\s+tag a candidate \(a fixture of the tests\)$/m);
    const own = await hire(['candidates', 'tag', '--help']);
    expect(own.code).toBe(0);
    expect(own.stdout.split('\n')[0]).toBe('Usage: hire candidates tag [options] <id>');
    expect(own.stdout).toMatch(/^ {2}--label <label>\s+the tag: hot\|warm-lead\|cold$/m);
    expect(own.stdout).toMatch(/^ {2}--weight <n>\s+how much it counts, 1-5 \(default: "3"\)$/m);
    expect(own.stdout).toContain('  $ hire candidates tag cand_abc123 --label hot');
    // The real program does not have it.
    expect((await main(['candidates', 'tag', 'x'], captureIO().io, (await sandbox()).env)).valueOf()).toBe(2);
  });

  it('runs with its options checked and typed, defaults applied', async () => {
    const result = await hire([
      'candidates',
      'tag',
      'cand_1',
      '--label',
      'warm-lead',
      '--note',
      'met at a fair',
      '--note',
      'a, b',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      id: 'cand_1',
      label: 'warm-lead',
      weight: 3,
      note: ['met at a fair', 'a, b'],
    });
    expect(
      JSON.parse((await hire(['candidates', 'tag', 'cand_1', '--label=hot', '--weight', ' 5 '])).stdout),
    ).toMatchObject({ weight: 5 });
  });

  const refusals: [string[], string][] = [
    [['--label', 'lukewarm'], '--label must be one of hot, warm-lead, cold (got "lukewarm").'],
    [[], '--label is required.'],
    [['--label', 'hot', '--weight', '6'], '--weight must be a whole number from 1 to 5 (got "6").'],
    [['--label', 'hot', '--weight', '2.5'], '--weight must be a whole number from 1 to 5 (got "2.5").'],
    [['--label', 'hot', '--weight', '0x3'], '--weight must be a whole number from 1 to 5 (got "0x3").'],
    [['--label', 'hot', '--weight', ''], '--weight must be a whole number from 1 to 5 (got "").'],
  ];
  for (const [flags, message] of refusals) {
    it(`refuses ${JSON.stringify(flags)} before run(), exit 2: ${message}`, async () => {
      const result = await hire(['candidates', 'tag', 'cand_1', ...flags]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`Error: ${message}\n`);
    });
  }

  it('completes its name, its flags and its flag values', async () => {
    expect((await hire(['__complete', '--', 'candidates', 't'])).stdout).toBe(
      'tag\ttag a candidate (a fixture of the tests)\n',
    );
    expect((await hire(['__complete', '--', 'candidates', 'tag', '--l'])).stdout).toBe(
      '--label\tthe tag: hot|warm-lead|cold\n',
    );
    expect((await hire(['__complete', '--', 'candidates', 'tag', 'cand_1', '--label', ''])).stdout).toBe(
      'hot\nwarm-lead\ncold\n',
    );
    expect((await hire(['__complete', '--', 'candidates', 'tag', '--label=w'])).stdout).toBe('--label=warm-lead\n');
  });
});

describe('global flags', () => {
  it('are checked once, before any command runs, even when nothing reads them', async () => {
    const result = await hire(['profiles', 'list', '--timeout', 'soon']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'Error: --timeout must be a number of seconds above 0 and at most 86400, one day (got "soon").\n',
    );
    expect(result.stdout).toBe('');
  });

  it('parse to a frozen settings object', async () => {
    const { parseSettings } = await import('../../src/commands/parse.js');
    const settings = parseSettings({
      timeout: '2.5',
      maxRetries: '0',
      output: 'csv',
      fields: 'id, title',
      color: false,
    });
    expect(settings).toMatchObject({
      timeoutMs: 2500,
      maxRetries: 0,
      format: 'csv',
      fields: ['id', 'title'],
      color: false,
      input: true,
    });
    expect(Object.isFrozen(settings)).toBe(true);
    expect(Object.isFrozen(settings.fields)).toBe(true);
    expect(() => parseFlags(GLOBAL_FLAGS, { maxRetries: '101' })).toThrow(
      '--max-retries must be a whole number from 0 to 100 (got "101").',
    );
  });
});

describe('the job-input flags', () => {
  it('read each field as the domain types it (the table import reads CSV cells with)', async () => {
    const { JOB_INPUT_FLAGS } = await import('../../src/commands/jobs/job-flags.js');
    const { JOB_FIELD_KINDS } = await import('../../src/domain/job.js');
    const fromFlags: Record<string, string> = {};
    for (const spec of Object.values(JOB_INPUT_FLAGS) as { kind: string; many?: boolean; field?: string }[]) {
      if (spec.field === undefined) continue;
      const kind = spec.kind === 'number' || spec.kind === 'boolean' ? spec.kind : spec.many ? 'list' : undefined;
      if (kind) fromFlags[spec.field] = kind;
    }
    expect(fromFlags).toEqual(JOB_FIELD_KINDS);
  });
});

describe("ARCHITECTURE.md's command to copy", () => {
  it('is src/commands/webhooks/remove.ts as it is', async () => {
    const { readFileSync } = await import('node:fs');
    const root = new URL('../../', import.meta.url);
    const architecture = readFileSync(new URL('ARCHITECTURE.md', root), 'utf8');
    const block = /### A new command[\s\S]*?```ts\n([\s\S]*?)```/.exec(architecture)?.[1];
    expect(block).toBe(readFileSync(new URL('src/commands/webhooks/remove.ts', root), 'utf8'));
  });
});

describe('the commander tree of a run', () => {
  it('is built along the path argv seems to name, and whole wherever commander goes instead', async () => {
    // argv's words read "jobs get" (the flag value "get" looks like a command), but commander takes
    // `--profile get` and runs `jobs list`: it must be a whole command, flags and all.
    const result = await hire(['jobs', '--profile', 'get', 'list', '--status', 'active']);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Profile "get" (from --profile) does not exist');
    expect(result.code).toBe(2);
    const bad = await hire(['jobs', '--profile', 'get', 'list', '--status', 'open']);
    expect(bad.stderr).toBe('Error: --status must be one of draft, active, paused, closed (got "open").\n');
  });
});
