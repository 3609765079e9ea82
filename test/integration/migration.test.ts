// Moving a data dir of the first storage format (state.json + journal.jsonl, docs/emulator.md "Data") into the
// database. The fixture (test/fixtures/v1-data-dir) was made by hire at 65a3fd7, the last version
// with that format: commands with the emulator in-process, a standing server stopped with SIGINT
// (compacting into state.json), then one killed with SIGKILL after acknowledged writes, so that
// journal.jsonl holds puts and deletes made after the snapshot. test/fixtures/v1-expected.json holds
// what that version read back from it (every record of every collection, oldest first) and what its
// CLI printed for it. Every record must come through the move intact: same ids, contents and order.
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE, FIRST_COLLECTIONS } from '../../src/emulator/storage/schema.js';
import { Store, type StoredRecord } from '../../src/emulator/storage/store.js';
import { transaction } from '../../src/emulator/storage/transaction.js';
import { describeOutput, spawnHire, waitExit } from '../helpers/bin.js';
import { json, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/v1-data-dir', import.meta.url));
const LEGACY = ['state.json', 'journal.jsonl'] as const;
const FIXTURE_FILES = [...LEGACY, 'local.key'] as const;

type Doc = StoredRecord & Record<string, unknown>;
/** The first format knew these collections; later ones (applications) start empty. */
const COLLECTIONS = FIRST_COLLECTIONS;
type CollectionName = (typeof FIRST_COLLECTIONS)[number];

interface Expected {
  collections: Record<CollectionName, Doc[]>;
  cli: {
    'jobs list --all --json': Doc[];
    'candidates list --all --json': Doc[];
    'webhooks list --json': Doc[];
    'emulator keys list --json': Doc[];
    'assessments get ID --json': Doc[];
  };
}

const EXPECTED = JSON.parse(readFileSync(new URL('../fixtures/v1-expected.json', import.meta.url), 'utf8')) as Expected;
const TOTAL = COLLECTIONS.reduce((sum, name) => sum + EXPECTED.collections[name].length, 0);
const NOTICE = 'Moved the emulator data in';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The fixture as a data dir of the box, modes as hire makes them (the sandbox checks them). */
function placeFixture(box: Sandbox): void {
  mkdirSync(box.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(box.dataDir, 0o700);
  for (const name of FIXTURE_FILES) putBack(box, name);
}

function putBack(box: Sandbox, name: (typeof FIXTURE_FILES)[number]): void {
  copyFileSync(join(FIXTURE, name), join(box.dataDir, name));
  chmodSync(join(box.dataDir, name), 0o600);
}

/**
 * The previous version's `jobs list` with each link on the box's local address: links name the
 * origin the data is served at (docs/emulator.md "The candidate's side"), and an in-process emulator names the profile's.
 */
function jobsServedIn(box: Sandbox): Doc[] {
  const config = JSON.parse(readFileSync(join(box.configDir, 'config.json'), 'utf8')) as {
    profiles: { local: { base_url: string } };
  };
  const origin = new URL(config.profiles.local.base_url).origin;
  return EXPECTED.cli['jobs list --all --json'].map((job) => ({
    ...job,
    application_url: String(job.application_url).replace(/^http:\/\/[^/]+/, origin),
  }));
}

const fixtureBytes = (name: string): Buffer => readFileSync(join(FIXTURE, name));
const notices = (text: string): number => text.split(NOTICE).length - 1;

async function ok(box: Sandbox, args: string[]): Promise<RunResult> {
  const result = await runCli(args, { env: box.env });
  expect(result.code, `hire ${args.join(' ')}\n${result.stderr}`).toBe(0);
  return result;
}

/**
 * `emulator keys list`: the local profile's key says when it was last used, which is now, and when
 * it was made, which is its file's time (the previous version said 1970).
 */
function withoutLocalUse(keys: Doc[]): Doc[] {
  return keys.map((key) =>
    key.id === 'key_local' ? { ...key, last_used_at: '(this request)', created_at: '(the key file’s time)' } : key,
  );
}

/** Every command's output equals what the previous version printed for the same data. */
async function expectServedAsBefore(box: Sandbox): Promise<string> {
  let stderr = '';
  const run = async (args: string[]) => {
    const result = await ok(box, args);
    stderr += result.stderr;
    return json<unknown>(result);
  };
  expect(await run(['jobs', 'list', '--all', '--json'])).toEqual(jobsServedIn(box));
  expect(await run(['candidates', 'list', '--all', '--json'])).toEqual(EXPECTED.cli['candidates list --all --json']);
  expect(await run(['webhooks', 'list', '--json'])).toEqual(EXPECTED.cli['webhooks list --json']);
  const keys = (await run(['emulator', 'keys', 'list', '--json'])) as Doc[];
  expect(keys.find((key) => key.id === 'key_local')?.last_used_at).toMatch(ISO);
  expect(keys.find((key) => key.id === 'key_local')?.created_at).toBe(
    statSync(join(box.dataDir, 'local.key')).mtime.toISOString(),
  );
  expect(withoutLocalUse(keys)).toEqual(withoutLocalUse(EXPECTED.cli['emulator keys list --json']));
  for (const assessment of EXPECTED.cli['assessments get ID --json']) {
    expect(await run(['assessments', 'get', assessment.id, '--json'])).toEqual(assessment);
  }
  return stderr;
}

/** Every collection holds exactly the expected records: same ids, same contents, same order. */
function expectCollections(store: Store, expected: Record<CollectionName, Doc[]> = EXPECTED.collections): void {
  for (const name of COLLECTIONS) {
    const records = store.all<Doc>(name);
    expect(
      records.map((record) => record.id),
      name,
    ).toEqual(expected[name].map((record) => record.id));
    expect(records, name).toEqual(expected[name]);
    // Byte for byte, field order included.
    expect(JSON.stringify(records), name).toBe(JSON.stringify(expected[name]));
    expect(store.count(name), name).toBe(expected[name].length);
  }
}

function withStore<T>(dir: string, fn: (store: Store) => T): T {
  const store = Store.open(dir);
  try {
    return fn(store);
  } finally {
    store.close();
  }
}

function expectMoved(box: Sandbox): void {
  for (const name of LEGACY) {
    expect(existsSync(join(box.dataDir, name)), name).toBe(false);
    expect(readFileSync(join(box.dataDir, `${name}.migrated`)).equals(fixtureBytes(name)), `${name}.migrated`).toBe(
      true,
    );
  }
  expect(existsSync(join(box.dataDir, DATABASE_FILE))).toBe(true);
  expect(readFileSync(join(box.dataDir, 'local.key')).equals(fixtureBytes('local.key'))).toBe(true);
}

describe('the fixture', () => {
  it('is a first-format data dir whose journal has writes after its snapshot', () => {
    expect(readdirSync(FIXTURE).sort()).toEqual([...FIXTURE_FILES].sort());
    const snapshot = JSON.parse(fixtureBytes('state.json').toString('utf8')) as {
      version: number;
      collections: Record<string, Doc[]>;
    };
    expect(snapshot.version).toBe(1);
    const journal = fixtureBytes('journal.jsonl')
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { c: string; op: 'put'; v: Doc } | { c: string; op: 'del'; id: string });
    const inSnapshot = new Set(
      Object.values(snapshot.collections).flatMap((records) => records.map((record) => record.id)),
    );
    // Replay is covered: new records, records of the snapshot changed, and records of the snapshot deleted.
    expect(journal.some((entry) => entry.op === 'put' && !inSnapshot.has(entry.v.id))).toBe(true);
    expect(journal.some((entry) => entry.op === 'put' && inSnapshot.has(entry.v.id))).toBe(true);
    expect(journal.some((entry) => entry.op === 'del' && inSnapshot.has(entry.id))).toBe(true);
    // Every collection has records to carry over.
    expect(Object.keys(EXPECTED.collections).sort()).toEqual([...COLLECTIONS].sort());
    for (const name of COLLECTIONS) expect(EXPECTED.collections[name].length, name).toBeGreaterThan(0);
  });
});

describe('moving a first-format data dir into the database', () => {
  it('serves every record as the previous version did, says so once, and keeps the old files', async () => {
    const box = await sandbox();
    placeFixture(box);

    const first = await ok(box, ['jobs', 'list', '--all', '--json', '-v']);
    expect(json(first)).toEqual(jobsServedIn(box));
    expect(notices(first.stderr), first.stderr).toBe(1);
    expect(first.stderr).toContain(`${NOTICE} ${box.dataDir} (${TOTAL} records)`);
    expect(first.stderr).toContain('state.json.migrated');
    expect(first.stderr).toContain('journal.jsonl.migrated');
    expectMoved(box);

    // Later commands: no notice, the same data.
    const later = await expectServedAsBefore(box);
    expect(notices(later), later).toBe(0);
    const again = await ok(box, ['jobs', 'list', '--all', '--json']);
    expect(json(again)).toEqual(jobsServedIn(box));
    expect(notices(again.stderr), again.stderr).toBe(0);
    expectMoved(box);
  });

  it('stores every collection with the same ids, contents and order', async () => {
    const box = await sandbox();
    placeFixture(box);

    withStore(box.dataDir, (store) => {
      expect(store.migrated).toEqual({ records: TOTAL, files: ['state.json.migrated', 'journal.jsonl.migrated'] });
      expectCollections(store);
      for (const name of COLLECTIONS) {
        for (const record of EXPECTED.collections[name])
          expect(store.get(name, record.id), `${name} ${record.id}`).toEqual(record);
      }
    });
    expectMoved(box);

    // Opened again: nothing more to move, nothing changed.
    withStore(box.dataDir, (store) => {
      expect(store.migrated).toBeUndefined();
      expectCollections(store);
    });
  });

  it('moves the data exactly once when several processes open the old data dir at once', async () => {
    const box = await sandbox();
    placeFixture(box);

    const runs = Array.from({ length: 5 }, () => spawnHire(box, ['jobs', 'list', '--all', '--json', '-v']));
    for (const [index, run] of runs.entries()) {
      const exit = await waitExit(run, `process ${index + 1}`);
      expect(exit, `process ${index + 1}${describeOutput(run)}`).toEqual({ code: 0, signal: null });
      expect(JSON.parse(run.stdout), `process ${index + 1}`).toEqual(jobsServedIn(box));
    }
    const told = runs.filter((run) => notices(run.stderr) > 0);
    expect(told.length, runs.map(describeOutput).join('\n')).toBe(1);
    expect(notices(told[0]!.stderr)).toBe(1);
    expect(told[0]!.stderr).toContain(`(${TOTAL} records)`);
    expectMoved(box);

    withStore(box.dataDir, (store) => {
      expect(store.migrated).toBeUndefined();
      expectCollections(store);
    });
  });

  it('refuses a corrupt state.json, naming it, and leaves it untouched', async () => {
    const box = await sandbox();
    placeFixture(box);
    // Cut short, as by a full disk: not JSON.
    const state = join(box.dataDir, 'state.json');
    const corrupt = fixtureBytes('state.json').subarray(0, 5_000);
    writeFileSync(state, corrupt, { mode: 0o600 });

    for (let attempt = 1; attempt <= 2; attempt++) {
      const result = await runCli(['jobs', 'list', '--all', '--json'], { env: box.env });
      expect(result.code, `attempt ${attempt}: ${result.stderr}`).not.toBe(0);
      expect(result.stderr).toContain(state);
      expect(result.stderr).toContain('left untouched');
      expect(notices(result.stderr)).toBe(0);
      expect(readFileSync(state).equals(corrupt)).toBe(true);
      expect(readFileSync(join(box.dataDir, 'journal.jsonl')).equals(fixtureBytes('journal.jsonl'))).toBe(true);
      expect(readdirSync(box.dataDir).filter((name) => name.endsWith('.migrated'))).toEqual([]);
    }
  });

  it('drops a torn last journal line, as the previous version did, and moves everything else', async () => {
    const box = await sandbox();
    placeFixture(box);
    // SIGKILL in the middle of an append: the last line stops short, with no newline.
    const journal = join(box.dataDir, 'journal.jsonl');
    const torn = Buffer.concat([
      fixtureBytes('journal.jsonl'),
      Buffer.from('{"c":"jobs","op":"put","v":{"id":"job_torn","title":"Half wri'),
    ]);
    writeFileSync(journal, torn, { mode: 0o600 });

    withStore(box.dataDir, (store) => {
      expect(store.migrated).toEqual({ records: TOTAL, files: ['state.json.migrated', 'journal.jsonl.migrated'] });
      expectCollections(store);
    });
    expect(readFileSync(`${journal}.migrated`).equals(torn)).toBe(true);
    expect(existsSync(journal)).toBe(false);
  });

  it('refuses a journal corrupt before its last line, naming it, and leaves it untouched', async () => {
    const box = await sandbox();
    placeFixture(box);
    const journal = join(box.dataDir, 'journal.jsonl');
    const lines = fixtureBytes('journal.jsonl').toString('utf8').split('\n');
    lines.splice(3, 0, '{"c":"jobs","op":"put","v":{"id":');
    const corrupt = Buffer.from(lines.join('\n'));
    writeFileSync(journal, corrupt, { mode: 0o600 });

    const result = await runCli(['jobs', 'list', '--all', '--json'], { env: box.env });
    expect(result.code, result.stderr).not.toBe(0);
    expect(result.stderr).toContain(journal);
    expect(result.stderr).toContain('line 4');
    expect(result.stderr).toContain('left untouched');
    expect(notices(result.stderr)).toBe(0);
    expect(readFileSync(journal).equals(corrupt)).toBe(true);
    expect(readFileSync(join(box.dataDir, 'state.json')).equals(fixtureBytes('state.json'))).toBe(true);
    expect(readdirSync(box.dataDir).filter((name) => name.endsWith('.migrated'))).toEqual([]);
  });

  // A crash after the import committed and before (or between) the renames: the files are back.
  for (const left of [['state.json'], ['journal.jsonl'], ['state.json', 'journal.jsonl']] as const) {
    it(`does not import again after a crash that left ${left.join(' and ')} unrenamed, and renames it`, async () => {
      const box = await sandbox();
      placeFixture(box);
      // Migrated, then changed: a second import would undo the changes or bring deleted records back.
      const changed = withStore(box.dataDir, (store) => {
        expect(store.migrated?.records).toBe(TOTAL);
        const [job] = store.all<Doc>('jobs');
        const [candidate] = store.all<Doc>('candidates');
        const renamed = { ...job!, title: 'Renamed after the move' };
        transaction(store, 'write', () => {
          store.put('jobs', renamed);
          store.delete('candidates', candidate!.id);
        });
        return {
          ...EXPECTED.collections,
          jobs: EXPECTED.collections.jobs.map((record) => (record.id === renamed.id ? renamed : record)),
          candidates: EXPECTED.collections.candidates.filter((record) => record.id !== candidate!.id),
        };
      });
      for (const name of left) putBack(box, name);

      const result = await ok(box, ['jobs', 'list', '--all', '--json']);
      expect(notices(result.stderr), result.stderr).toBe(0);
      expect(json<Doc[]>(result).find((job) => job.title === 'Renamed after the move')).toBeDefined();
      for (const name of LEGACY) {
        expect(existsSync(join(box.dataDir, name)), name).toBe(false);
        expect(readFileSync(join(box.dataDir, `${name}.migrated`)).equals(fixtureBytes(name)), `${name}.migrated`).toBe(
          true,
        );
      }
      withStore(box.dataDir, (store) => {
        expect(store.migrated).toBeUndefined();
        expectCollections(store, changed);
      });
    });
  }
});
