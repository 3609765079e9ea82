// The README's commands, run as written: every `sh` block, in order, through bash, with `hire`
// being the built binary, in one sandbox (later blocks see what earlier ones made). Commands put
// in the background (`… &`) are waited for until they say they are ready, and stopped (SIGTERM)
// at the end of their block. The emulator's default port 4010 stands for a free port here.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION } from '../helpers/cli.js';
import { sandbox, unusedPort, type Sandbox } from '../helpers/env.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

interface Block {
  /** The heading the block stands under. */
  section: string;
  lines: string[];
}

function shellBlocks(): Block[] {
  const blocks: Block[] = [];
  let section = '';
  const pattern = /^(#{1,3} .+)$|^```sh\n([\s\S]*?)^```/gm;
  for (const match of README.matchAll(pattern)) {
    if (match[1]) section = match[1].replace(/^#+ /, '');
    else blocks.push({ section, lines: match[2]!.split('\n').filter((line) => line.trim() !== '') });
  }
  return blocks;
}

/**
 * The block as a bash script: `hire` is the built binary; a background command's stderr goes to a
 * file that is watched until it says it is ready; background jobs get SIGTERM at the end.
 */
function script(block: Block, port: number, appPort: number): string {
  const lines = block.lines.map((line, index) => {
    // 4010 is the emulator's default port, 3000 the README's stand-in app: free ports here.
    let command = line.replaceAll('4010', String(port)).replaceAll('3000', String(appPort));
    if (/\bhire emulator start\b/.test(command) && !command.includes('--port'))
      command = command.replace('hire emulator start', `hire emulator start --port ${port}`);
    if (!/&\s*$/.test(command)) return command;
    const ready = command.includes('--register')
      ? 'Registered webhook'
      : /emulator start/.test(command)
        ? 'listening on'
        : /logs tail/.test(command)
          ? 'Tailing'
          : 'Listening on';
    const log = `"$HIRE_README_TMP/background-${index}.log"`;
    // In the background, the binary runs in its own process (exec), so SIGTERM reaches it.
    const background = command.replace(/&\s*$/, '').replace(/^hire /, 'exec "$HIRE_README_NODE" "$HIRE_README_BIN" ');
    return `(${background}) 2> ${log} &\nwait_for ${log} '${ready}'`;
  });
  return [
    'set -euo pipefail',
    `hire() { "${process.execPath}" "${join(ROOT, 'bin', 'hire.js')}" "$@"; }`,
    // SIGTERM to whatever the block left running (they stop cleanly on it).
    "trap 'for pid in $(jobs -p); do kill -TERM $pid 2>/dev/null || true; done; wait 2>/dev/null || true' EXIT",
    // Generous (45 s), so that a busy machine is not taken for a command that never gets ready.
    'wait_for() { for _ in $(seq 1 900); do grep -qi "$2" "$1" 2>/dev/null && return 0; sleep 0.05; done; echo "never ready: $2"; cat "$1"; return 1; }',
    ...lines,
  ].join('\n');
}

function fixtures(box: Sandbox): void {
  writeFileSync(join(box.root, 'role.md'), `# The role\n\n${DESCRIPTION}\n`);
  writeFileSync(
    join(box.root, 'job.yaml'),
    `title: Data Engineer\ndescription: >-\n  ${DESCRIPTION}\nskills: [sql, python]\nemployment_type: full_time\n`,
  );
  const csvDescription = DESCRIPTION.replace(/"/g, '""');
  writeFileSync(
    join(box.root, 'jobs.csv'),
    [
      'title,description,location.type,location.city,location.state,skills,salary.min,salary.max,publish',
      `Site Reliability Engineer,"${csvDescription}",onsite,Austin,TX,go;kubernetes,100000,140000,true`,
      `Frontend Engineer,"${csvDescription}",remote,,,typescript;react,,,false`,
    ].join('\n'),
  );
}

describe('README', () => {
  const blocks = shellBlocks();
  const [quickStart, check] = blocks;

  it('has the quick start and the test command first, then the examples', () => {
    expect(quickStart!.lines).toHaveLength(1);
    expect(check!.lines).toEqual(['npm ci && npm run check']);
    expect(blocks.length).toBeGreaterThanOrEqual(10);
  });

  it('its test command is the one .ci/run runs', () => {
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
    for (const step of check!.lines[0]!.split(' && ')) expect(ci).toMatch(new RegExp(`^${step}$`, 'm'));
  });

  it('quick start: creates a job on the local emulator and lists it, with no account or config', async () => {
    const box = await sandbox();
    const [install, build, ...rest] = quickStart!.lines[0]!.split(' && ');
    expect([install, build]).toEqual(['npm ci', 'npm run build']); // done by the suite's setup
    const result = spawnSync('bash', ['-c', rest.join(' && ')], {
      cwd: ROOT,
      env: box.env,
      encoding: 'utf8',
      timeout: 45_000,
    });
    expect(result.stderr).toContain('Using the local emulator');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^job_\w+\tBackend Engineer\tactive\t/m);
  });

  it('every other sh block runs as written, in order, with exit 0', async () => {
    const box = await sandbox();
    fixtures(box);
    const port = await unusedPort();
    const appPort = await unusedPort();
    const env = {
      ...box.env,
      HIRE_README_TMP: box.root,
      HIRE_README_NODE: process.execPath,
      HIRE_README_BIN: join(ROOT, 'bin', 'hire.js'),
    };
    for (const block of blocks.slice(2)) {
      const result = spawnSync('bash', ['-c', script(block, port, appPort)], {
        cwd: box.root,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect({
        section: block.section,
        commands: block.lines,
        status: result.status,
        stderr: result.stderr,
      }).toMatchObject({ status: 0 });
    }
    // What the blocks did is there: the import made its two jobs, the CSV export has rows.
    const jobs = spawnSync(process.execPath, [join(ROOT, 'bin', 'hire.js'), 'jobs', 'list', '--all', '--json'], {
      env,
      encoding: 'utf8',
    });
    const titles = (JSON.parse(jobs.stdout) as { title: string }[]).map((job) => job.title);
    expect(titles).toEqual([]); // the emulator section ends with `hire emulator reset --yes`
    expect(readFileSync(join(box.root, 'candidates.csv'), 'utf8').split('\r\n')[0]).toBe(
      'id,name,email,status,score,job_id,applied_at,created_at,updated_at,note',
    );
    expect(JSON.parse(readFileSync(join(box.root, 'report.json'), 'utf8'))).toHaveLength(2);
    // The webhook loop's trigger with overrides: its events, the triggered one carrying them.
    const triggered = JSON.parse(readFileSync(join(box.root, 'triggered.json'), 'utf8')) as {
      type: string;
      data: Record<string, unknown>;
    }[];
    expect(triggered.at(-1)).toMatchObject({ type: 'candidate.statusChanged', data: { name: 'Zoë Ng', score: 97 } });
  }, 180_000);
});
