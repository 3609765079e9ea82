// Files a command is given (issue 15, item 11): job files (`jobs create --from-file`,
// `--description-file`) and import files (`jobs import`) must be UTF-8 — an invalid byte is an
// error naming the file and the byte offset, never a silent U+FFFD — and are read up to a cap, so
// that /dev/zero or an endless stdin is refused before it fills memory. Nothing is sent for them.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { MAX_JOB_FILE_BYTES, invalidUtf8Offset } from '../../src/commands/shared/input.js';
import { MAX_IMPORT_BYTES } from '../../src/importing/rows.js';
import { ROOT, describeOutput } from '../helpers/bin.js';
import { DESCRIPTION, captureIO, json, runCli, type RunResult } from '../helpers/cli.js';
import { beforeSandboxRemoval, sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';

const MiB = 1024 * 1024;

/** Text before the bad bytes holds 2-, 3- and 4-byte characters, so that a character count would be wrong. */
const WIDE = 'Backend é € 😀 ';

/** Invalid UTF-8, each placed at a known offset. */
const INVALID: { name: string; bytes: number[]; atEnd?: boolean }[] = [
  { name: 'a 0xFF byte', bytes: [0xff] },
  { name: 'a lone continuation byte', bytes: [0x80] },
  { name: 'an overlong 2-byte encoding of "/"', bytes: [0xc0, 0xaf] },
  { name: 'an overlong 3-byte encoding', bytes: [0xe0, 0x80, 0xaf] },
  { name: 'an encoded surrogate', bytes: [0xed, 0xa0, 0x80] },
  { name: 'a 3-byte sequence cut short at the end of the file', bytes: [0xe2, 0x82], atEnd: true },
];

/** Where each kind of file is given, and its text around the bad bytes (which land in the title). */
const TARGETS: {
  name: string;
  file: string;
  args: (path: string) => string[];
  before: string;
  after: string;
  flag: string;
}[] = [
  {
    name: 'jobs create --from-file (JSON)',
    file: 'job.json',
    args: (path) => ['jobs', 'create', '--from-file', path, '--dry-run'],
    before: `{"title": "${WIDE}`,
    after: `", "description": ${JSON.stringify(DESCRIPTION)}}\n`,
    flag: '--from-file',
  },
  {
    name: 'jobs create --from-file (YAML)',
    file: 'job.yaml',
    args: (path) => ['jobs', 'create', '--from-file', path, '--dry-run'],
    before: `title: ${WIDE}`,
    after: `\ndescription: ${DESCRIPTION}\n`,
    flag: '--from-file',
  },
  {
    name: 'jobs create --description-file',
    file: 'description.txt',
    args: (path) => ['jobs', 'create', '--title', 'Backend Engineer', '--description-file', path, '--dry-run'],
    before: `${DESCRIPTION} ${WIDE}`,
    after: '\n',
    flag: '--description-file',
  },
  {
    name: 'jobs import (CSV)',
    file: 'jobs.csv',
    args: (path) => ['jobs', 'import', path],
    before: `title,description\n${WIDE}`,
    after: `,"${DESCRIPTION}"\n`,
    flag: 'jobs import',
  },
  {
    name: 'jobs import (NDJSON)',
    file: 'jobs.ndjson',
    args: (path) => ['jobs', 'import', path],
    before: `{"title": "${WIDE}`,
    after: `", "description": ${JSON.stringify(DESCRIPTION)}}\n`,
    flag: 'jobs import',
  },
  {
    name: 'jobs import (JSON)',
    file: 'jobs.json',
    args: (path) => ['jobs', 'import', path],
    before: `[{"title": "${WIDE}`,
    after: `", "description": ${JSON.stringify(DESCRIPTION)}}]\n`,
    flag: 'jobs import',
  },
];

/** Nothing was sent: no emulator was started for the command, nor its database made. */
function expectNothingSent(box: Sandbox, result: { stderr: string }): void {
  expect(result.stderr).not.toContain('Using the local emulator');
  expect(existsSync(join(box.dataDir, 'emulator.db'))).toBe(false);
}

function expectUsageError(result: RunResult, ...parts: string[]): void {
  expect(result.code, result.stderr).toBe(2);
  for (const part of parts) expect(result.stderr).toContain(part);
  expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  expect(result.stdout).toBe('');
}

describe('invalid UTF-8', () => {
  for (const target of TARGETS) {
    for (const invalid of INVALID) {
      it(`${target.name}: ${invalid.name} is an error naming the file and the byte offset`, async () => {
        const box = await sandbox();
        const path = join(box.root, target.file);
        const before = Buffer.from(target.before);
        writeFileSync(
          path,
          Buffer.concat([before, Buffer.from(invalid.bytes), Buffer.from(invalid.atEnd ? '' : target.after)]),
        );
        const result = await runCli(target.args(path), { env: box.env });
        expectUsageError(result, `${target.flag} ${path}: not valid UTF-8`, `byte offset ${before.length}`);
        expect(result.stderr).not.toContain('\uFFFD');
        expectNothingSent(box, result);
      });
    }
  }

  it('names stdin for `--from-file -`', async () => {
    const box = await sandbox();
    // runCli's stdin is a string (always valid UTF-8): raw bytes go in through main() directly.
    const argv = ['jobs', 'create', '--from-file', '-', '--dry-run'];
    const captured = captureIO({ argv });
    captured.io.stdin = Readable.from([
      Buffer.concat([Buffer.from('{"title": "x'), Buffer.from([0xff]), Buffer.from('"}')]),
    ]);
    const code = await main(argv, captured.io, box.env);
    const result = { code, stdout: captured.stdout(), stderr: captured.stderr() };
    expectUsageError(result, '--from-file stdin: not valid UTF-8', 'byte offset 12');
    expectNothingSent(box, result);
  });
});

describe('a UTF-8 byte order mark', () => {
  it('is accepted at the start of a JSON or YAML job file and of a description file', async () => {
    const box = await sandbox();
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const jobFile = join(box.root, 'job.json');
    writeFileSync(
      jobFile,
      Buffer.concat([bom, Buffer.from(JSON.stringify({ title: 'Backend Engineer', description: DESCRIPTION }))]),
    );
    const yamlFile = join(box.root, 'job.yaml');
    writeFileSync(
      yamlFile,
      Buffer.concat([bom, Buffer.from(`title: Backend Engineer\ndescription: ${DESCRIPTION}\n`)]),
    );
    const descriptionFile = join(box.root, 'description.txt');
    writeFileSync(descriptionFile, Buffer.concat([bom, Buffer.from(DESCRIPTION)]));
    for (const args of [
      ['--from-file', jobFile],
      ['--from-file', yamlFile],
      ['--title', 'Backend Engineer', '--description-file', descriptionFile],
    ]) {
      const result = await runCli(['jobs', 'create', ...args, '--dry-run', '--json'], { env: box.env });
      expect(result.code, result.stderr).toBe(0);
      expect(json<{ title: string; description: string }>(result)).toMatchObject({
        title: 'Backend Engineer',
        description: DESCRIPTION,
      });
    }
  });

  it('is accepted at the start of an NDJSON import file', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const file = join(box.root, 'jobs.ndjson');
    writeFileSync(file, `\uFEFF${JSON.stringify({ title: 'Backend Engineer', description: DESCRIPTION })}\n`);
    const result = await runCli(['jobs', 'import', file, '--json'], {
      env: { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(json<{ status: string }[]>(result).map((row) => row.status)).toEqual(['created']);
  });
});

describe('size caps', () => {
  it(`reads a description file of exactly ${MAX_JOB_FILE_BYTES / MiB} MiB and refuses one byte more`, async () => {
    const box = await sandbox();
    const path = join(box.root, 'description.txt');
    writeFileSync(path, 'a'.repeat(MAX_JOB_FILE_BYTES));
    const args = ['jobs', 'create', '--title', 'Backend Engineer', '--description-file', path, '--dry-run', '--json'];
    // Read whole, then refused by the job's own rule (a description is at most 10,000 characters),
    // not by the reading cap.
    const atCap = await runCli(args, { env: box.env });
    expect(atCap.code, atCap.stderr).toBe(2);
    expect(JSON.parse(atCap.stderr)).toMatchObject({
      error: { code: 'validation_error', details: { description: expect.stringContaining('at most') } },
    });
    writeFileSync(path, 'a'.repeat(MAX_JOB_FILE_BYTES + 1));
    const over = await runCli(args, { env: box.env });
    expectUsageError(over, `--description-file ${path}: larger than 1 MiB`);
    expectNothingSent(box, over);
  });

  it('refuses /dev/zero as --from-file and as --description-file, naming the file and the cap', async () => {
    const box = await sandbox();
    const fromFile = await runCli(['jobs', 'create', '--from-file', '/dev/zero', '--dry-run'], { env: box.env });
    expectUsageError(fromFile, '--from-file /dev/zero: larger than 1 MiB');
    const descriptionFile = await runCli(
      ['jobs', 'create', '--title', 'T', '--description-file', '/dev/zero', '--dry-run'],
      { env: box.env },
    );
    expectUsageError(descriptionFile, '--description-file /dev/zero: larger than 1 MiB');
    expectNothingSent(box, descriptionFile);
  });

  it('refuses /dev/zero as an import file, naming the file and the cap', async () => {
    const box = await sandbox();
    const result = await runCli(['jobs', 'import', '/dev/zero', '--format', 'ndjson'], { env: box.env });
    expectUsageError(result, 'jobs import /dev/zero: larger than 100 MiB');
    expectNothingSent(box, result);
  });

  it('refuses an import file larger than the cap without reading it', async () => {
    const box = await sandbox();
    const path = join(box.root, 'huge.csv');
    writeFileSync(path, '');
    truncateSync(path, MAX_IMPORT_BYTES + 1); // sparse: no disk used
    const result = await runCli(['jobs', 'import', path], { env: box.env });
    expectUsageError(result, `jobs import ${path}: larger than 100 MiB`);
    expectNothingSent(box, result);
  });
});

/** The built CLI with stdin fed without end (zeros) until it exits. */
async function withEndlessStdin(box: Sandbox, args: string[]): Promise<RunResult> {
  const child = spawn(process.execPath, ['bin/hire.js', ...args], {
    cwd: ROOT,
    env: box.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  beforeSandboxRemoval(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const chunk = Buffer.alloc(MiB);
  const feed = () => {
    while (!child.stdin.destroyed && child.stdin.write(chunk));
  };
  child.stdin.on('drain', feed);
  child.stdin.on('error', () => {}); // EPIPE once the command stops reading and exits
  feed();
  const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
  return { code: code ?? -1, stdout, stderr };
}

describe('an endless stdin (the built binary)', () => {
  it('`jobs create --from-file -` stops reading past the job-file cap: exit 2', async () => {
    const box = await sandbox();
    const result = await withEndlessStdin(box, ['jobs', 'create', '--from-file', '-', '--dry-run']);
    expect(result.code, describeOutput(result)).toBe(2);
    expect(result.stderr).toContain('--from-file stdin: larger than 1 MiB');
    expectNothingSent(box, result);
  });

  it('`jobs import -` stops reading past the import cap: exit 2', async () => {
    const box = await sandbox();
    const result = await withEndlessStdin(box, ['jobs', 'import', '-', '--format', 'ndjson']);
    expect(result.code, describeOutput(result)).toBe(2);
    expect(result.stderr).toContain('jobs import stdin: larger than 100 MiB');
    expectNothingSent(box, result);
  });
});

describe('invalidUtf8Offset', () => {
  it('agrees with a strict TextDecoder on random bytes, and points at where decoding first fails', () => {
    // Seeded (xorshift32): the same 20,000 inputs every run, biased towards bytes of multi-byte sequences.
    let state = 0x9e3779b9;
    const random = () => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) / 2 ** 32;
    };
    const interesting = [
      0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5,
      0xff,
    ];
    const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const decodes = (bytes: Uint8Array) => {
      try {
        strict.decode(bytes);
        return true;
      } catch {
        return false;
      }
    };
    for (let run = 0; run < 20_000; run += 1) {
      const bytes = Uint8Array.from({ length: Math.floor(random() * 12) }, () =>
        random() < 0.7 ? interesting[Math.floor(random() * interesting.length)]! : Math.floor(random() * 256),
      );
      const offset = invalidUtf8Offset(bytes);
      const where = `bytes ${Buffer.from(bytes).toString('hex')}, offset ${offset}`;
      expect(offset === -1, where).toBe(decodes(bytes));
      if (offset !== -1) {
        expect(decodes(bytes.subarray(0, offset)), where).toBe(true);
        // The sequence starting there is bad within its (at most 4) bytes, or cut short by the end.
        expect(decodes(bytes.subarray(0, offset + 4)), where).toBe(false);
      }
    }
  });
});

describe('import rows nested too deeply', () => {
  it.each(['ndjson', 'json'])('a %s row nested 100,000 levels deep is an invalid row, not a crash', async (format) => {
    const box = await sandbox();
    let deep = '"x"';
    for (let level = 0; level < 100_000; level++) deep = `[${deep}]`;
    const good = JSON.stringify({ title: 'Shallow Engineer', description: DESCRIPTION });
    const text = format === 'ndjson' ? `${good}\n{"title":${deep},"description":"d"}\n` : `[${good},{"title":${deep}}]`;
    const file = join(box.root, `deep.${format}`);
    writeFileSync(file, text);
    const result = await runCli(['jobs', 'import', file, '--skip-invalid'], { env: box.env });
    expect(result.stderr).not.toContain('unexpected failure');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('nests objects and arrays more than 64 levels deep');
    expect(result.stderr).toContain('1 created, 1 invalid, skipped');
    expect(existsSync(join(box.root, 'deep.failed.ndjson'))).toBe(true);
  });
});

describe('a job saved with --save (and by the wizard)', () => {
  it('is YAML for a .yaml or .yml name and JSON otherwise, and --from-file reads each back to the same job', async () => {
    const box = await sandbox();
    const job = [
      '--title',
      'Backend: Go & "SQL"',
      '--description',
      `## About the role\n\n${DESCRIPTION}\n\n- yes\n- 1.0`,
      '--skill',
      'no',
      '--skill',
      '007',
      '--salary-min',
      '90000',
      '--location-type',
      'remote',
    ];
    const made = json<Record<string, unknown>>(
      await runCli(['jobs', 'create', ...job, '--dry-run', '--json'], { env: box.env }),
    );
    for (const name of ['job.yaml', 'job.YML', 'job.json', 'job.txt', 'job']) {
      const path = join(box.root, name);
      const saved = await runCli(['jobs', 'create', ...job, '--save', path, '--dry-run', '--json'], { env: box.env });
      expect(saved.code, saved.stderr).toBe(0);
      const text = readFileSync(path, 'utf8');
      if (/\.ya?ml$/i.test(name)) {
        expect(text, name).toMatch(/^title: /m);
        expect(() => JSON.parse(text), name).toThrow();
      } else expect(JSON.parse(text), name).toEqual(made);
      const again = await runCli(['jobs', 'create', '--from-file', path, '--dry-run', '--json'], { env: box.env });
      expect(again.code, again.stderr).toBe(0);
      expect(json(again), name).toEqual(made);
    }
  });
});
