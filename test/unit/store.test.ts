// Store: the emulator's state in one SQLite database in the data dir, shared by processes, with
// transactions, queries, file modes, refusal of unreadable data, and the move from the first format.
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoreError } from '../../src/emulator/storage/errors.js';
import { DATABASE_FILE, field } from '../../src/emulator/storage/schema.js';
import { Store } from '../../src/emulator/storage/store.js';
import { transaction } from '../../src/emulator/storage/transaction.js';
import { sandbox } from '../helpers/env.js';

interface Item {
  id: string;
  name: string;
  n?: number;
}

async function dir(): Promise<string> {
  return join((await sandbox()).root, 'store');
}

function ids(store: Store): string[] {
  return store.all<Item>('jobs').map((item) => item.id);
}

/**
 * The jobs' ids as a store opened afresh at `path` reads them (as the next process would; a store
 * still open there is left as it is, as after a crash). The new store is closed again.
 */
function idsOnReopen(path: string): string[] {
  const reopened = Store.open(path);
  try {
    return ids(reopened);
  } finally {
    reopened.close();
  }
}

/** What opening the store at `path` throws: a StoreError. */
function openError(path: string): Error {
  let error: unknown;
  try {
    Store.open(path).close();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(StoreError);
  return error as Error;
}

describe('Store records', () => {
  it('puts, gets, lists in insertion order, and counts per collection', async () => {
    const store = Store.open(await dir());
    try {
      expect(store.count('jobs')).toBe(0);
      expect(store.all('jobs')).toEqual([]);
      expect(store.get('jobs', 'a')).toBeUndefined();

      const returned = store.put<Item>('jobs', { id: 'b', name: 'second-letter' });
      expect(returned).toEqual({ id: 'b', name: 'second-letter' });
      store.put<Item>('jobs', { id: 'a', name: 'first-letter' });
      store.put<Item>('jobs', { id: 'c', name: 'third-letter' });
      store.put<Item>('candidates', { id: 'a', name: 'a candidate' });

      expect(store.get<Item>('jobs', 'a')).toEqual({ id: 'a', name: 'first-letter' });
      expect(store.get<Item>('candidates', 'a')).toEqual({ id: 'a', name: 'a candidate' });
      expect(ids(store)).toEqual(['b', 'a', 'c']);
      expect(store.count('jobs')).toBe(3);
      expect(store.count('candidates')).toBe(1);
      expect(store.count('webhooks')).toBe(0);
    } finally {
      store.close();
    }
  });

  it('keeps the position of a record that is updated', async () => {
    const store = Store.open(await dir());
    try {
      store.put<Item>('jobs', { id: 'x', name: 'one' });
      store.put<Item>('jobs', { id: 'y', name: 'two' });
      store.put<Item>('jobs', { id: 'z', name: 'three' });
      store.put<Item>('jobs', { id: 'x', name: 'one, updated' });
      expect(store.all<Item>('jobs')).toEqual([
        { id: 'x', name: 'one, updated' },
        { id: 'y', name: 'two' },
        { id: 'z', name: 'three' },
      ]);
      expect(store.count('jobs')).toBe(3);
    } finally {
      store.close();
    }
  });

  it('deletes records and reports whether there was one', async () => {
    const store = Store.open(await dir());
    try {
      store.put<Item>('jobs', { id: 'x', name: 'one' });
      store.put<Item>('jobs', { id: 'y', name: 'two' });
      expect(store.delete('jobs', 'x')).toBe(true);
      expect(store.delete('jobs', 'x')).toBe(false);
      expect(store.delete('jobs', 'nope')).toBe(false);
      expect(store.get('jobs', 'x')).toBeUndefined();
      expect(ids(store)).toEqual(['y']);
      expect(store.count('jobs')).toBe(1);
    } finally {
      store.close();
    }
  });

  it('refuses writes once closed', async () => {
    const store = Store.open(await dir());
    store.close();
    expect(() => store.put<Item>('jobs', { id: 'x', name: 'late' })).toThrow(StoreError);
    expect(() => store.put<Item>('jobs', { id: 'x', name: 'late' })).toThrow('the store is closed');
  });
});

describe('Store queries', () => {
  it('finds by field, selects with conditions, order and paging, counts, and deletes by field', async () => {
    const store = Store.open(await dir());
    try {
      for (const [id, job, n] of [
        ['c1', 'j1', 3],
        ['c2', 'j2', 1],
        ['c3', 'j1', 2],
        ['c4', 'j1', null],
      ] as const) {
        store.put('candidates', { id, job_id: job, name: id.toUpperCase(), n });
      }
      expect(store.findBy('candidates', 'job_id', 'j2')).toEqual({ id: 'c2', job_id: 'j2', name: 'C2', n: 1 });
      expect(store.findBy('candidates', 'job_id', 'none')).toBeUndefined();
      expect(store.all('candidates', { job_id: 'j1' }).map((item) => item.id)).toEqual(['c1', 'c3', 'c4']);
      const where = [`${field('job_id')} = ?`];
      expect(store.count('candidates', { where, params: ['j1'] })).toBe(3);
      expect(
        store
          .select('candidates', { where, params: ['j1'], order: [`${field('n')} IS NULL`, field('n')], limit: 2 })
          .map((item) => item.id),
      ).toEqual(['c3', 'c1']);
      expect(
        store
          .select('candidates', { where, params: ['j1'], order: ['seq DESC'], limit: 2, offset: 1 })
          .map((item) => item.id),
      ).toEqual(['c3', 'c1']);
      expect(store.deleteWhere('candidates', 'job_id', 'j1')).toBe(3);
      expect(ids2(store)).toEqual(['c2']);
      expect(store.clear('candidates')).toBe(1);
      expect(store.count('candidates')).toBe(0);
    } finally {
      store.close();
    }
  });

  it('refuses a field path that is not plain names and dots (it becomes SQL)', () => {
    expect(() => field("title') OR 1=1 --")).toThrow(StoreError);
    expect(() => field('location.city')).not.toThrow();
  });
});

function ids2(store: Store): string[] {
  return store.all('candidates').map((item) => item.id);
}

describe('Store transactions and processes', () => {
  it('write() commits all its writes together, or none when it throws', async () => {
    const store = Store.open(await dir());
    try {
      transaction(store, 'write', () => {
        store.put<Item>('jobs', { id: 'a', name: 'kept' });
        store.put<Item>('assessments', { id: 'x', name: 'kept too' });
      });
      expect(() =>
        transaction(store, 'write', () => {
          store.put<Item>('jobs', { id: 'b', name: 'lost' });
          store.put<Item>('assessments', { id: 'y', name: 'lost too' });
          throw new Error('the request failed half-way');
        }),
      ).toThrow('the request failed half-way');
      expect(ids(store)).toEqual(['a']);
      expect(store.all('assessments').map((item) => item.id)).toEqual(['x']);
    } finally {
      store.close();
    }
  });

  it("two stores on one data dir (two processes) see each other's committed writes, and never a half-done one", async () => {
    const path = await dir();
    const first = Store.open(path);
    const second = Store.open(path);
    try {
      first.put<Item>('jobs', { id: 'a', name: 'from the first' });
      expect(second.get<Item>('jobs', 'a')).toEqual({ id: 'a', name: 'from the first' });
      second.put<Item>('jobs', { id: 'b', name: 'from the second' });
      expect(ids(first)).toEqual(['a', 'b']);
      // A read snapshot in the second does not see the first's write until it ends.
      const seen = transaction(second, 'read', () => {
        const before = second.count('jobs');
        transaction(first, 'write', () => first.put<Item>('jobs', { id: 'c', name: 'later' }));
        return [before, second.count('jobs')];
      });
      expect(seen).toEqual([2, 2]);
      expect(second.count('jobs')).toBe(3);
    } finally {
      first.close();
      second.close();
    }
  });

  it('keeps everything across close and reopen', async () => {
    const path = await dir();
    const store = Store.open(path);
    store.put<Item>('jobs', { id: 'x', name: 'one' });
    store.put<Item>('jobs', { id: 'y', name: 'two' });
    store.delete('jobs', 'x');
    store.put<Item>('webhooks', { id: 'w', name: 'hook' });
    store.close();
    expect(idsOnReopen(path)).toEqual(['y']);
    const reopened = Store.open(path);
    try {
      expect(reopened.get('webhooks', 'w')).toEqual({ id: 'w', name: 'hook' });
      expect(reopened.migrated).toBeUndefined();
    } finally {
      reopened.close();
    }
  });
});

describe('Store refuses what it cannot read, and leaves it untouched', () => {
  it('a file that is not a database, naming it', async () => {
    const path = await dir();
    const { mkdirSync } = await import('node:fs');
    mkdirSync(path, { recursive: true, mode: 0o700 });
    const file = join(path, DATABASE_FILE);
    writeFileSync(file, "this is not a database, but it is somebody's file ".repeat(200), { mode: 0o600 });
    const before = readFileSync(file);
    const error = openError(path);
    expect(error.message).toContain(file);
    expect(error.message).toContain('left untouched');
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('a database made by a newer hire (a later schema version)', async () => {
    const path = await dir();
    const store = Store.open(path);
    store.db.prepare("UPDATE meta SET value = '99' WHERE name = 'schema_version'").run();
    store.close();
    const error = openError(path);
    expect(error.message).toContain('newer hire');
    expect(error.message).toContain('schema 99');
  });
});

describe('Store: the first format (state.json, journal.jsonl) is moved in once', () => {
  it('imports the snapshot and the journal replayed over it, drops a torn last line, renames the files, and does it once', async () => {
    const path = await dir();
    const { mkdirSync } = await import('node:fs');
    mkdirSync(path, { recursive: true, mode: 0o700 });
    const snapshot = {
      version: 1,
      collections: {
        jobs: [
          { id: 'a', name: 'one' },
          { id: 'b', name: 'two' },
        ],
        keys: [{ id: 'k', name: 'key' }],
      },
    };
    writeFileSync(join(path, 'state.json'), JSON.stringify(snapshot), { mode: 0o600 });
    const journal = [
      { c: 'jobs', op: 'put', v: { id: 'c', name: 'three' } },
      { c: 'jobs', op: 'put', v: { id: 'a', name: 'one, updated' } },
      { c: 'jobs', op: 'del', id: 'b' },
    ];
    writeFileSync(
      join(path, 'journal.jsonl'),
      `${journal.map((entry) => JSON.stringify(entry)).join('\n')}\n{"c":"jobs","op":"put","v":{"id":"torn`,
      { mode: 0o600 },
    );
    const store = Store.open(path);
    try {
      expect(store.migrated).toEqual({ records: 3, files: ['state.json.migrated', 'journal.jsonl.migrated'] });
      expect(store.all('jobs')).toEqual([
        { id: 'a', name: 'one, updated' },
        { id: 'c', name: 'three' },
      ]);
      expect(store.get('keys', 'k')).toEqual({ id: 'k', name: 'key' });
    } finally {
      store.close();
    }
    expect(existsSync(join(path, 'state.json'))).toBe(false);
    expect(existsSync(join(path, 'state.json.migrated'))).toBe(true);
    expect(existsSync(join(path, 'journal.jsonl.migrated'))).toBe(true);
    // A state.json put back (a crash between the commit and the renames) is not imported twice.
    writeFileSync(join(path, 'state.json'), JSON.stringify(snapshot), { mode: 0o600 });
    const again = Store.open(path);
    try {
      expect(again.migrated).toBeUndefined();
      expect(ids(again)).toEqual(['a', 'c']);
    } finally {
      again.close();
    }
    expect(existsSync(join(path, 'state.json'))).toBe(false);
  });

  it("waits for an earlier hire's emulator still running on the data dir: refuses, changing nothing", async () => {
    const path = await dir();
    const { mkdirSync, spawn } = { ...(await import('node:fs')), ...(await import('node:child_process')) };
    mkdirSync(path, { recursive: true, mode: 0o700 });
    writeFileSync(
      join(path, 'state.json'),
      JSON.stringify({ version: 1, collections: { jobs: [{ id: 'a', name: 'one' }] } }),
      { mode: 0o600 },
    );
    // A live process named by the first format's lock, as an old `hire emulator start` leaves it.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(
        join(path, 'emulator.lock'),
        JSON.stringify({ pid: other.pid, mode: 'server', url: 'http://127.0.0.1:4010' }),
        { mode: 0o600 },
      );
      const error = openError(path);
      expect(error.message).toContain(`pid ${other.pid}`);
      expect(error.message).toContain('stop it');
      expect(existsSync(join(path, 'state.json'))).toBe(true);
      expect(existsSync(join(path, 'state.json.migrated'))).toBe(false);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // Once it has stopped (its lock left behind), the data moves in.
    const store = Store.open(path);
    try {
      expect(store.migrated?.records).toBe(1);
    } finally {
      store.close();
    }
  });

  it('keeps aside, unimported, old files written after the move, and says so', async () => {
    const path = await dir();
    const { mkdirSync } = await import('node:fs');
    mkdirSync(path, { recursive: true, mode: 0o700 });
    writeFileSync(
      join(path, 'state.json'),
      JSON.stringify({ version: 1, collections: { jobs: [{ id: 'a', name: 'one' }] } }),
      { mode: 0o600 },
    );
    Store.open(path).close();
    const late = JSON.stringify({
      version: 1,
      collections: {
        jobs: [
          { id: 'a', name: 'one' },
          { id: 'b', name: 'written later' },
        ],
      },
    });
    writeFileSync(join(path, 'state.json'), late, { mode: 0o600 });
    const store = Store.open(path);
    try {
      expect(store.migrated?.records).toBe(0);
      expect(store.migrated?.strays).toHaveLength(1);
      const stray = store.migrated!.strays![0]!;
      expect(stray).toMatch(/state\.json\.unimported-/);
      expect(readFileSync(stray, 'utf8')).toBe(late);
      expect(ids(store)).toEqual(['a']);
    } finally {
      store.close();
    }
    // The first copy moved in is still there, unchanged.
    expect(JSON.parse(readFileSync(join(path, 'state.json.migrated'), 'utf8')).collections.jobs).toHaveLength(1);
  });

  it('refuses a corrupt state.json, naming it, importing nothing and leaving it untouched', async () => {
    const path = await dir();
    const { mkdirSync } = await import('node:fs');
    mkdirSync(path, { recursive: true, mode: 0o700 });
    writeFileSync(join(path, 'state.json'), '{"version":1,"collections":', { mode: 0o600 });
    const error = openError(path);
    expect(error.message).toContain(join(path, 'state.json'));
    expect(error.message).toContain('left untouched');
    expect(readFileSync(join(path, 'state.json'), 'utf8')).toBe('{"version":1,"collections":');
    expect(existsSync(join(path, 'state.json.migrated'))).toBe(false);
  });

  it('refuses a journal corrupt before its last line, naming the line', async () => {
    const path = await dir();
    const { mkdirSync } = await import('node:fs');
    mkdirSync(path, { recursive: true, mode: 0o700 });
    const text = '{"c":"jobs","op":"put","v":{"id":"a"}}\nnot json\n{"c":"jobs","op":"put","v":{"id":"b"}}\n';
    writeFileSync(join(path, 'journal.jsonl'), text, { mode: 0o600 });
    const error = openError(path);
    expect(error.message).toContain('corrupt at line 2');
    expect(readFileSync(join(path, 'journal.jsonl'), 'utf8')).toBe(text);
  });
});

describe('Store file modes', () => {
  it('makes the dir 0700 and the database and its WAL files 0600', async () => {
    const path = await dir();
    const store = Store.open(path);
    try {
      store.put<Item>('jobs', { id: 'x', name: 'one' });
      expect(statSync(path).mode & 0o777).toBe(0o700);
      for (const name of [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`]) {
        expect(existsSync(join(path, name)), name).toBe(true);
        expect(statSync(join(path, name)).mode & 0o777, name).toBe(0o600);
      }
    } finally {
      store.close();
    }
  });

  it('tightens an existing database that was too open, and leaves the mode of a dir it did not make (issue 27)', async () => {
    const path = await dir();
    Store.open(path).close();
    chmodSync(path, 0o755);
    chmodSync(join(path, DATABASE_FILE), 0o644);
    const store = Store.open(path);
    try {
      expect(statSync(path).mode & 0o777).toBe(0o755);
      expect(statSync(join(path, DATABASE_FILE)).mode & 0o777).toBe(0o600);
    } finally {
      store.close();
    }
  });
});

describe('Store: migrations', () => {
  it("a candidate made before the note field gets its application's note, or null (issue 28)", async () => {
    const path = await dir();
    const store = Store.open(path);
    const version = Number(
      (store.db.prepare("SELECT value FROM meta WHERE name = 'schema_version'").get() as { value: string }).value,
    );
    store.put('candidates', { id: 'cand_a', job_id: 'job_a', name: 'Ada' });
    store.put('candidates', { id: 'cand_b', job_id: 'job_a', name: 'Grace' });
    store.put('candidates', { id: 'cand_c', job_id: 'job_a', name: 'Linus' });
    store.put('applications', {
      id: 'app_a',
      job_id: 'job_a',
      candidate_id: 'cand_a',
      note: 'Links:\nhttps://example.com/ada',
    });
    store.put('applications', { id: 'app_b', job_id: 'job_a', candidate_id: 'cand_b', note: '' });
    // As a database made before the last migration: it runs again on the next open.
    store.db.prepare("UPDATE meta SET value = ? WHERE name = 'schema_version'").run(String(version - 1));
    store.close();
    const reopened = Store.open(path);
    try {
      const notes = Object.fromEntries(
        reopened.all<{ id: string; note?: unknown }>('candidates').map((candidate) => [candidate.id, candidate.note]),
      );
      expect(notes).toEqual({ cand_a: 'Links:\nhttps://example.com/ada', cand_b: null, cand_c: null });
    } finally {
      reopened.close();
    }
  });
});
