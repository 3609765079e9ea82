// Damaged data fails cleanly (issue 27): each way an emulator data dir can be damaged ends in an
// error naming the file, what is wrong and the command that recovers, exit 1 with code
// `data_damaged` (the JSON envelope with --json); nothing aborts the process, nothing hangs (a FIFO
// is looked at, never opened). A damaged record fails alone: lists leave it out with a warning, and
// a standing emulator logs it and keeps serving. `hire emulator reset --yes` recovers.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/emulator/storage/db.js';
import { logRequest, readRequests } from '../../src/emulator/storage/request-log.js';
import { Store } from '../../src/emulator/storage/store.js';
import { hire, spawnHire, waitExit, waitFor, type Result } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';

const RECOVER = '`hire emulator reset --yes`';

/** A data dir with two jobs (the first to be damaged), made once and copied for each case. */
let pristine: { dir: string; bad: string; good: string };

beforeAll(async () => {
  const box = await sandbox();
  const make = async (title: string) => {
    const result = await hire(box, ['jobs', 'create', '--title', title, '--description', DESCRIPTION, '--json']);
    expect(result.code, result.stderr).toBe(0);
    return (JSON.parse(result.stdout) as { id: string }).id;
  };
  const bad = await make('DAMAGED-TITLE-0001');
  const good = await make('Good job');
  // Kept outside the box, which is removed after the first test.
  const dir = join(mkdtempSync(join(tmpdir(), 'hire-pristine-')), 'data');
  cpSync(box.dataDir, dir, { recursive: true });
  pristine = { dir, bad, good };
});

afterAll(() => rmSync(join(pristine.dir, '..'), { recursive: true, force: true }));

/** A copy of the pristine data dir in a fresh box, damaged by `damage(databasePath)`. */
async function damaged(damage: (db: string, box: Sandbox) => void): Promise<Sandbox & { db: string }> {
  const box = await sandbox();
  cpSync(pristine.dir, box.dataDir, { recursive: true });
  const db = join(box.dataDir, 'emulator.db');
  damage(db, box);
  // What the damage made is the owner's alone too (the box's own check after each test).
  execFileSync('chmod', ['-R', 'go-rwx', box.dataDir]);
  return { ...box, db };
}

/** Runs SQL on the database (through the binding hire uses), then folds the WAL into the file. */
function sql(db: string, statement: string, ...params: (string | Buffer)[]): void {
  const database = openDatabase(db, { busyTimeoutMs: 5_000 });
  try {
    database.prepare(statement).run(...(params as never[]));
    database.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    database.close();
  }
}

/** Changes bytes of the file in place, as a bad disk would: the same length, indexes untouched. */
function patchFile(db: string, from: string, to: string): void {
  sql(db, 'PRAGMA user_version = 0'); // checkpoints: everything is in the main file
  const bytes = readFileSync(db);
  expect(to.length).toBe(from.length);
  expect(bytes.indexOf(from), `"${from}" in ${db}`).toBeGreaterThanOrEqual(0);
  for (let at = bytes.indexOf(from); at >= 0; at = bytes.indexOf(from, at + 1)) bytes.write(to, at, 'latin1');
  writeFileSync(db, bytes);
}

function expectDamaged(result: Result, db: string, json: boolean): void {
  expect(result.signal, result.stderr).toBeNull();
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).not.toMatch(/unexpected failure|panicked|retrying/);
  if (json) {
    const envelope = JSON.parse(result.stderr.slice(result.stderr.indexOf('\n{') + 1)) as {
      error: { code: string; message: string };
    };
    expect(envelope.error.code).toBe('data_damaged');
    expect(envelope.error.message).toContain(db);
    expect(envelope.error.message).toContain(RECOVER);
  } else {
    expect(result.stderr).toContain(db);
    expect(result.stderr).toContain(RECOVER);
  }
}

/** `hire emulator reset --yes` recovers: the command works again, and what was damaged is kept aside. */
async function expectRecovered(box: Sandbox & { db: string }, movedAside: boolean): Promise<void> {
  const reset = await hire(box, ['emulator', 'reset', '--yes']);
  expect(reset.code, reset.stderr).toBe(0);
  const listed = await hire(box, ['jobs', 'list', '--json']);
  expect(listed.code, listed.stderr).toBe(0);
  expect(JSON.parse(listed.stdout)).toEqual([]);
  const aside = readdirSync(box.dataDir).filter(
    (name) => name.startsWith('emulator.db.damaged-') && !/-(wal|shm)$/.test(name),
  );
  expect(aside.length).toBe(movedAside ? 1 : 0);
}

describe('a database that cannot be opened', () => {
  const cases: [string, string, (db: string) => void][] = [
    ['a directory', 'is a directory, not a database file', (db) => (rmSync(db), mkdirSync(db))],
    ['a FIFO', 'is a FIFO (named pipe), not a database file', (db) => (rmSync(db), execFileSync('mkfifo', [db]))],
    [
      'a symbolic link to nothing',
      'is a symbolic link to nothing',
      (db) => (rmSync(db), symlinkSync(join(db, '..', 'moved-away.db'), db)),
    ],
    [
      'a foreign file',
      'is not readable (not an SQLite database)',
      (db) => writeFileSync(db, 'name,email\nAda,ada@example.com\n'.repeat(200)),
    ],
    [
      "another program's SQLite database",
      'is an SQLite database of another program',
      (db) => (rmSync(db), sql(db, 'CREATE TABLE notes (text TEXT)')),
    ],
    [
      'a bad schema_version',
      'records no valid schema version ("3x")',
      (db) => sql(db, "UPDATE meta SET value = '3x' WHERE name = 'schema_version'"),
    ],
    [
      'a schema_version that is not text',
      'records no valid schema version (its text is not UTF-8)',
      (db) => sql(db, "UPDATE meta SET value = CAST(X'FF' AS TEXT) WHERE name = 'schema_version'"),
    ],
    [
      'a meta value that is not text',
      'holds a meta value whose text is not valid UTF-8',
      (db) => sql(db, "INSERT INTO meta (name, value) VALUES ('sandbox_reset_at', CAST(X'FF' AS TEXT))"),
    ],
    [
      'a newer schema_version',
      'was made by a newer hire (schema 99',
      (db) => sql(db, "UPDATE meta SET value = '99' WHERE name = 'schema_version'"),
    ],
  ];
  for (const [what, says, damage] of cases) {
    it(`${what}: exit 1, data_damaged, naming the file and ${RECOVER}; the reset recovers`, async () => {
      const box = await damaged(damage);
      const plain = await hire(box, ['jobs', 'list']);
      expectDamaged(plain, box.db, false);
      expect(plain.stderr).toContain(says);
      expectDamaged(await hire(box, ['jobs', 'list', '--json']), box.db, true);
      // The standing emulator refuses to start on it the same way.
      const start = await hire(box, ['emulator', 'start', '--port', '0']);
      expectDamaged(start, box.db, false);
      await expectRecovered(box, true);
    });
  }
});

describe("the sandbox's database", () => {
  it('damaged: names its own file and `--profile local-sandbox` in the command that recovers, which recovers it alone', async () => {
    const box = await damaged((db) => mkdirSync(join(db, '..', 'sandbox', 'emulator.db'), { recursive: true }));
    const sandboxDb = join(box.dataDir, 'sandbox', 'emulator.db');
    const listed = await hire(box, ['-p', 'local-sandbox', 'jobs', 'list', '--json']);
    expect(listed.code, listed.stderr).toBe(1);
    const { error } = JSON.parse(listed.stderr.slice(listed.stderr.indexOf('\n{') + 1)) as {
      error: { code: string; message: string };
    };
    expect(error.code).toBe('data_damaged');
    expect(error.message).toContain(`${sandboxDb} is a directory`);
    expect(error.message).toContain('`hire emulator reset --yes --profile local-sandbox`');
    const reset = await hire(box, ['emulator', 'reset', '--yes', '--profile', 'local-sandbox']);
    expect(reset.code, reset.stderr).toBe(0);
    const seeded = await hire(box, ['-p', 'local-sandbox', 'jobs', 'list', '--json']);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect((JSON.parse(seeded.stdout) as unknown[]).length).toBe(3);
    // Production was not touched.
    const production = await hire(box, ['jobs', 'list', '--json']);
    expect((JSON.parse(production.stdout) as { id: string }[]).map((job) => job.id).sort()).toEqual(
      [pristine.bad, pristine.good].sort(),
    );
  });
});

describe('a damaged record', () => {
  const cases: [string, string, (db: string) => void][] = [
    [
      'text that is not UTF-8',
      'its text is not valid UTF-8',
      (db) =>
        sql(
          db,
          'UPDATE jobs SET doc = CAST(? AS TEXT) WHERE id = ?',
          Buffer.from(`{"id":"${pristine.bad}","title":"\xff\xfe"}`, 'latin1'),
          pristine.bad,
        ),
    ],
    [
      'a malformed JSON document (bytes changed on disk)',
      'it is not valid JSON',
      (db) => patchFile(db, '"title":"DAMAGED', '"title"!"DAMAGED'),
    ],
    [
      'JSON that is not a record',
      'it is not a JSON object with an id',
      (db) => sql(db, "UPDATE jobs SET doc = '[1, 2]' WHERE id = ?", pristine.bad),
    ],
  ];
  for (const [what, says, damage] of cases) {
    it(`${what}: a list leaves it out with a warning, the record alone fails with data_damaged, the reset recovers`, async () => {
      const box = await damaged(damage);
      // -v: under --json a warning on success is written only then (README "Output").
      const listed = await hire(box, ['jobs', 'list', '--json', '-v']);
      expect(listed.code, listed.stderr).toBe(0);
      expect((JSON.parse(listed.stdout) as { id: string }[]).map((job) => job.id)).toEqual([pristine.good]);
      expect(listed.stderr).toMatch(
        new RegExp(`Warning: The emulator database ${box.db} holds a damaged record \\(jobs, row 1\\): ${says}`),
      );
      const got = await hire(box, ['jobs', 'get', pristine.bad]);
      expectDamaged(got, box.db, false);
      expect(got.stderr).toContain(says);
      expectDamaged(await hire(box, ['jobs', 'get', pristine.bad, '--json']), box.db, true);
      expect((await hire(box, ['jobs', 'get', pristine.good])).code).toBe(0);
      await expectRecovered(box, false);
    });
  }

  it('a standing emulator logs damaged records (its deliveries too) and keeps serving the rest', async () => {
    const box = await damaged((db) => {
      sql(
        db,
        'UPDATE jobs SET doc = CAST(? AS TEXT) WHERE id = ?',
        Buffer.from(`{"id":"${pristine.bad}","title":"\xff"}`, 'latin1'),
        pristine.bad,
      );
      // A delivery due long ago whose document is not UTF-8: the delivery loop meets it at once.
      const delivery = `{"id":"dlv_damaged","webhook_id":"wh_gone","event_id":"evt_gone","state":"pending","next_attempt_at":"2000-01-01T00:00:00.000Z","body":"\xff"}`;
      sql(
        db,
        'INSERT INTO deliveries (id, doc) VALUES (?, CAST(? AS TEXT))',
        'dlv_damaged',
        Buffer.from(delivery, 'latin1'),
      );
      // A sound delivery due now, whose webhook's record is damaged: its attempt fails, the loop goes on.
      sql(db, 'INSERT INTO webhooks (id, doc) VALUES (\'wh_damaged\', \'{"id": "wh_damaged", "url": \')');
      const sound = {
        id: 'dlv_sound',
        webhook_id: 'wh_damaged',
        event_id: 'evt_gone',
        url: 'http://127.0.0.1:9/hook',
        body: '{}',
        state: 'pending',
        next_attempt_at: '2000-01-01T00:00:00.000Z',
        attempts: [],
      };
      sql(db, 'INSERT INTO deliveries (id, doc) VALUES (?, ?)', 'dlv_sound', JSON.stringify(sound));
    });
    const proc = spawnHire(box, ['emulator', 'start', '--port', '0']);
    await waitFor(proc, 'the emulator to listen', () => /Emulator listening on/.test(proc.stderr));
    await waitFor(proc, 'the damaged delivery logged', () =>
      /holds a damaged record \(deliveries, row \d+\): its text is not valid UTF-8/.test(proc.stderr),
    );
    await waitFor(proc, 'the damaged webhook logged', () =>
      /holds a damaged record \(webhooks, row \d+\): it is not valid JSON/.test(proc.stderr),
    );
    const listed = await hire(box, ['jobs', 'list', '--json', '-v']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stderr).toContain('Using the local emulator at');
    expect((JSON.parse(listed.stdout) as { id: string }[]).map((job) => job.id)).toEqual([pristine.good]);
    expectDamaged(await hire(box, ['jobs', 'get', pristine.bad]), box.db, false);
    await waitFor(proc, 'the damaged job logged', () => /holds a damaged record \(jobs, row 1\)/.test(proc.stderr));
    // Still serving after all of it.
    expect((await hire(box, ['jobs', 'get', pristine.good])).code).toBe(0);
    expect(proc.exit).toBeUndefined();
    proc.child.kill('SIGTERM');
    expect(await waitExit(proc, 'the emulator')).toEqual({ code: 0, signal: null });
    expect(proc.stderr).not.toMatch(/panicked|SyntaxError|at .*\.js:\d+/);
    expect(existsSync(box.db)).toBe(true);
  });

  it('the request log (`hire logs tail`): an entry that is not UTF-8 or not JSON is left out, the others read', async () => {
    const box = await sandbox();
    const entry = {
      at: '2026-01-01T00:00:00.000Z',
      method: 'GET',
      path: '/api/v1/jobs',
      status: 200,
      ms: 1,
      request_id: 'req_1',
      key_name: null,
    };
    const first = Store.open(box.dataDir);
    logRequest(first, entry);
    first.close();
    const db = join(box.dataDir, 'emulator.db');
    sql(db, "INSERT INTO requests (entry) VALUES ('{}'), ('{}')");
    // (Not a Buffer alone: the binding would take it for the list of parameters.)
    sql(
      db,
      'UPDATE requests SET entry = CAST(? AS TEXT) WHERE seq = ?',
      Buffer.from('{"method":"\xff"}', 'latin1'),
      '2',
    );
    sql(db, "UPDATE requests SET entry = '{not json' WHERE seq = 3");
    const store = Store.open(box.dataDir);
    try {
      logRequest(store, { ...entry, request_id: 'req_2' });
      const { requests, last } = readRequests(store, 0, 10);
      expect(requests.map((request) => [request.seq, request.request_id])).toEqual([
        [1, 'req_1'],
        [4, 'req_2'],
      ]);
      expect(last).toBe(4);
    } finally {
      store.close();
    }
  });
});
