// npm run bench: start-up figures of the built CLI as ratios to `node -e 0` measured in the same
// run (the machines are shared and noisy: only ratios mean something). Medians of repeated runs.
// --smoke: a few runs only, so CI proves the benchmark still works.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const smoke = process.argv.includes('--smoke');
const runs = smoke ? 3 : 31;
const bin = join(root, 'bin', 'hire.js');

const sandbox = mkdtempSync(join(tmpdir(), 'hire-bench-'));
const configDir = join(sandbox, 'config');
const env = {
  PATH: process.env.PATH,
  HOME: sandbox,
  HIRE_CONFIG_DIR: configDir,
  HIRE_DATA_DIR: join(sandbox, 'data'),
};
// Node 20 reads NODE_EXTRA_CA_CERTS at every start: keep it out of both sides of each ratio.
delete env.NODE_EXTRA_CA_CERTS;

function localProfileAt(port) {
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const profiles = { local: { environment: 'local', base_url: `http://127.0.0.1:${port}/api/v1` } };
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
}

function time(args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Interleaves the baseline with the subject so that drift in machine load hits both alike. */
function measure(args) {
  const base = [];
  const subject = [];
  time(['-e', '0']);
  time(args);
  for (let index = 0; index < runs; index++) {
    base.push(time(['-e', '0']));
    subject.push(time(args));
  }
  return { base: median(base), subject: median(subject) };
}

async function startEmulator() {
  const child = spawn(process.execPath, [bin, 'emulator', 'start', '--port', '0'], { env, cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise((resolve, reject) => {
    let text = '';
    child.stderr.on('data', (chunk) => {
      text += chunk;
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`emulator exited ${code}: ${text}`)));
  });
  return { child, port };
}

const rows = [];
function record(name, target, { base, subject }) {
  const ratio = subject / base;
  rows.push({ name, ms: subject, base, ratio, target, ok: ratio <= target });
}

try {
  localProfileAt(1); // port 1: nothing listens, so the CLI runs the emulator in-process
  time([bin, 'jobs', 'create', '--title', 'Bench', '--description', 'x'.repeat(120), '--publish']);
  record('hire --version', 1.5, measure([bin, '--version']));
  record('hire --help', 1.7, measure([bin, '--help']));
  record('hire jobs list --json (embedded emulator)', 4.0, measure([bin, 'jobs', 'list', '--json']));
  const emulator = await startEmulator();
  try {
    localProfileAt(emulator.port);
    record('hire jobs list --json (standing emulator)', 3.0, measure([bin, 'jobs', 'list', '--json']));
  } finally {
    emulator.child.kill('SIGTERM');
  }
} finally {
  rmSync(sandbox, { recursive: true, force: true });
}

console.log(`Start-up, medians of ${runs} runs, baseline \`node -e 0\` measured alongside (Node ${process.versions.node}):`);
for (const row of rows) {
  const verdict = row.ok ? 'ok' : 'OVER TARGET';
  console.log(
    `  ${row.name.padEnd(44)} ${row.ms.toFixed(1).padStart(7)} ms  ${row.ratio.toFixed(2)}× node (${row.base.toFixed(1)} ms)  target ≤ ${row.target}×  ${verdict}`,
  );
}
