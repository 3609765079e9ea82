// Secret hygiene with --verbose (issue "Reliability", suite 6): every command family, run as a user
// runs it (the built bin/hire.js) with request traces on, against the emulator with a sandbox key
// and webhook secrets. No output may hold the key or a secret it was not asked to print once; the
// suite-wide scan (test/helpers/global-setup.ts) reads these outputs too.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hire as runBin } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';
import { newSecret, signed } from '../helpers/webhooks.js';

interface Run {
  argv: string[];
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built CLI, run to completion: the emulator answers from this process, so never spawnSync. */
async function hire(box: Sandbox, argv: string[], input = ''): Promise<Run> {
  return { argv, ...(await runBin(box, argv, { stdin: input })) };
}

const show = (run: Run) =>
  `hire ${run.argv.join(' ')} → exit ${run.code}\n--- stdout ---\n${run.stdout}\n--- stderr ---\n${run.stderr}`;

describe('--verbose traces of every command family', () => {
  it('show the requests, the key only as [redacted], and no signing secret but the one printed on purpose', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    box.writeConfig({ profiles: { local: { environment: 'local', base_url: emu.apiUrl } } });
    const runs: Run[] = [];
    const ok = async (argv: string[], input = '', code = 0): Promise<Run> => {
      const run = await hire(box, argv, input);
      runs.push(run);
      expect(run.code, show(run)).toBe(code);
      return run;
    };

    // A sandbox key made on the emulator (printed once, on purpose), then stored with auth login.
    const made = await ok(['emulator', 'keys', 'create', '--level', 'admin', '--name', 'hygiene', '--json']);
    const key = (JSON.parse(made.stdout) as { key: string }).key;
    expect(key).toMatch(/^hk_(test|local)_/);
    await ok(
      [
        'auth',
        'login',
        '--profile',
        'sb',
        '--environment',
        'production',
        '--base-url',
        emu.apiUrl,
        '--with-key',
        '--verbose',
      ],
      `${key}\n`,
    );

    const v = ['--profile', 'sb', '--verbose'];
    const job = JSON.parse(
      (
        await ok([
          'jobs',
          'create',
          '--title',
          'Hygiene Engineer',
          '--description',
          DESCRIPTION,
          '--publish',
          '--json',
          ...v,
        ])
      ).stdout,
    ) as { id: string };
    await ok(['jobs', 'list', ...v]);
    await ok(['jobs', 'list', '--all', '-o', 'ndjson', ...v]);
    await ok(['jobs', 'get', job.id, ...v]);
    await ok(['jobs', 'update', job.id, '--title', 'Hygiene Engineer II', ...v]);
    await ok(['jobs', 'pause', job.id, ...v]);
    await ok(['jobs', 'reopen', job.id, ...v]);
    const rows = join(box.root, 'rows.ndjson');
    writeFileSync(rows, `${JSON.stringify({ title: 'Imported', description: DESCRIPTION })}\n`);
    await ok(['jobs', 'import', rows, ...v]);

    await ok([
      'emulator',
      'simulate',
      '--job',
      job.id,
      '--applications',
      '3',
      '--seed',
      '7',
      '--complete-assessments',
      '--verbose',
    ]);
    const candidates = JSON.parse((await ok(['candidates', 'list', '--json', ...v])).stdout) as {
      id: string;
      status: string;
    }[];
    expect(candidates.length).toBeGreaterThan(0);
    await ok(['candidates', 'get', candidates[0]!.id, ...v]);
    expect(candidates[0]!.status).toBe('review');
    await ok(['candidates', 'move', candidates[0]!.id, '--status', 'rejected', ...v]);
    const assessment = JSON.parse(
      (await ok(['assessments', 'create', '--job', job.id, '--question-count', '5', '--json', ...v])).stdout,
    ) as { id: string };
    await ok(['assessments', 'get', assessment.id, ...v]);
    await ok(['analytics', ...v]);
    await ok(['api', '/jobs', ...v]);

    // Webhook secrets: one given on stdin (never printed), one generated (printed once, on purpose).
    const given = newSecret();
    const hook = JSON.parse(
      (
        await ok(
          [
            'webhooks',
            'add',
            '--url',
            'https://example.com/hooks',
            '--event',
            'job.created',
            '--secret-stdin',
            '--json',
            ...v,
          ],
          given,
        )
      ).stdout,
    ) as { id: string };
    const generated = await ok([
      'webhooks',
      'add',
      '--url',
      'https://example.com/other',
      '--event',
      'job.created',
      '--json',
      ...v,
    ]);
    const generatedSecret = (JSON.parse(generated.stdout) as { secret: string }).secret;
    expect(generatedSecret).toMatch(/^whsec_/);
    await ok(['webhooks', 'list', ...v]);
    await ok(['webhooks', 'deliveries', hook.id, ...v]);
    await ok(['webhooks', 'remove', hook.id, '--yes', ...v]);
    const delivery = signed(given);
    const payload = join(box.root, 'payload.json');
    writeFileSync(payload, delivery.body);
    const verify = [
      'webhooks',
      'verify',
      '--secret-stdin',
      '--id',
      delivery.id,
      '--timestamp',
      delivery.headers['webhook-timestamp']!,
      '--signature',
      delivery.headers['webhook-signature']!,
      '--payload-file',
      payload,
    ];
    await ok([...verify, '--verbose'], given);
    await ok([...verify, '--verbose'], newSecret(), 3);

    await ok(['auth', 'status', ...v]);
    await ok(['profiles', 'show', 'sb', '--json', ...v]);
    await ok(['profiles', 'list', ...v]);
    await ok(['emulator', 'keys', 'list', '--verbose']);
    await ok(['jobs', 'delete', job.id, '--yes', ...v]);
    // A wrong key of the right shape is not echoed either, nor is the stored one.
    const wrong = `hk_test_${'Z'.repeat(32)}`;
    const refused = await hire({ ...box, env: { ...box.env, HIRE_API_KEY: wrong } }, ['jobs', 'list', ...v]);
    runs.push(refused);
    expect(refused.code, show(refused)).toBe(3);

    for (const run of runs) {
      const output = run.stdout + run.stderr;
      const printsKey = run.argv.includes('keys') && run.argv.includes('create');
      if (!printsKey) expect(output, show(run)).not.toContain(key);
      expect(output, show(run)).not.toContain(wrong);
      expect(output, show(run)).not.toContain(given);
      if (run !== generated) expect(output, show(run)).not.toContain(generatedSecret);
      // Every command that makes a request traces it (profiles and verify make none).
      if (run.argv.includes('--verbose') && run.argv.includes('--profile') && run.argv[0] !== 'profiles') {
        expect(run.stderr, show(run)).toContain('> authorization: Bearer [redacted]');
      }
    }
    // The generated secret went to stdout once, in --json as `secret`; its trace did not show it.
    expect(generated.stderr).not.toContain(generatedSecret);
    console.log(
      `verbose hygiene: ${runs.length} commands, ${runs.filter((run) => run.argv.includes('--verbose')).length} with --verbose, no key or secret in their output`,
    );
  });
});
