// Store: the emulator's state in memory, persisted as a snapshot plus an append-only journal.
import { appendFileSync, chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store, StoreError } from '../../src/emulator/store.js';
import { sandbox } from '../helpers/env.js';

interface Item {
  id: string;
  name: string;
  n?: number;
}

async function dir(): Promise<string> {
  return join((await sandbox()).root, 'store');
}

function journalLines(store: Store): string[] {
  return readFileSync(store.journalPath, 'utf8').split('\n').filter((line) => line !== '');
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

describe('Store in memory', () => {
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
      // Only real deletes are journalled: two puts and one delete.
      expect(journalLines(store).map((line) => JSON.parse(line) as { op: string })).toEqual([
        { c: 'jobs', op: 'put', v: { id: 'x', name: 'one' } },
        { c: 'jobs', op: 'put', v: { id: 'y', name: 'two' } },
        { c: 'jobs', op: 'del', id: 'x' },
      ]);
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

describe('Store persistence', () => {
  it('appends one journal line per write before returning, with no snapshot yet', async () => {
    const path = await dir();
    const store = Store.open(path);
    try {
      store.put<Item>('jobs', { id: 'x', name: 'one' });
      expect(journalLines(store)).toEqual(['{"c":"jobs","op":"put","v":{"id":"x","name":"one"}}']);
      expect(existsSync(store.snapshotPath)).toBe(false);
    } finally {
      store.close();
    }
  });

  it('restores state by replaying the journal when the store was never compacted (a crash)', async () => {
    const path = await dir();
    const first = Store.open(path);
    first.put<Item>('jobs', { id: 'x', name: 'one' });
    first.put<Item>('jobs', { id: 'y', name: 'two' });
    first.put<Item>('jobs', { id: 'z', name: 'three' });
    first.put<Item>('jobs', { id: 'x', name: 'one, updated' });
    first.delete('jobs', 'y');
    first.put<Item>('assessments', { id: 'q', name: 'quiz' });
    // No close(): as after a crash, there is only the journal.
    expect(existsSync(join(path, 'state.json'))).toBe(false);
    expect(readFileSync(join(path, 'journal.jsonl'), 'utf8').split('\n')).toHaveLength(7);

    const second = Store.open(path);
    try {
      expect(second.all<Item>('jobs')).toEqual([
        { id: 'x', name: 'one, updated' },
        { id: 'z', name: 'three' },
      ]);
      expect(second.get<Item>('assessments', 'q')).toEqual({ id: 'q', name: 'quiz' });
      expect(second.count('jobs')).toBe(2);
    } finally {
      second.close();
      first.close();
    }
  });

  it('restores state from the snapshot after compaction, and from snapshot plus journal after more writes', async () => {
    const path = await dir();
    const first = Store.open(path);
    first.put<Item>('jobs', { id: 'x', name: 'one' });
    first.put<Item>('jobs', { id: 'y', name: 'two' });
    first.compact();
    expect(readFileSync(first.journalPath, 'utf8')).toBe('');
    const snapshot = JSON.parse(readFileSync(first.snapshotPath, 'utf8')) as unknown;
    expect(snapshot).toEqual({
      version: 1,
      collections: { jobs: [{ id: 'x', name: 'one' }, { id: 'y', name: 'two' }] },
    });
    first.delete('jobs', 'x');
    first.put<Item>('jobs', { id: 'w', name: 'after the snapshot' });
    // Crash here: snapshot has x and y, journal has the delete and the put.
    expect(journalLines(first)).toHaveLength(2);

    const second = Store.open(path);
    try {
      expect(second.all<Item>('jobs')).toEqual([
        { id: 'y', name: 'two' },
        { id: 'w', name: 'after the snapshot' },
      ]);
    } finally {
      second.close();
      first.close();
    }
  });

  it('compacts on close: the journal is emptied and a reopened store has everything', async () => {
    const path = await dir();
    const first = Store.open(path);
    first.put<Item>('jobs', { id: 'x', name: 'one' });
    first.put<Item>('webhooks', { id: 'h', name: 'hook' });
    first.close();
    expect(readFileSync(join(path, 'journal.jsonl'), 'utf8')).toBe('');
    expect(JSON.parse(readFileSync(join(path, 'state.json'), 'utf8'))).toEqual({
      version: 1,
      collections: { jobs: [{ id: 'x', name: 'one' }], webhooks: [{ id: 'h', name: 'hook' }] },
    });

    const second = Store.open(path);
    try {
      expect(second.all<Item>('jobs')).toEqual([{ id: 'x', name: 'one' }]);
      expect(second.all<Item>('webhooks')).toEqual([{ id: 'h', name: 'hook' }]);
    } finally {
      second.close();
    }
  });

  it('compacts by itself every compactEvery writes', async () => {
    const path = await dir();
    const store = Store.open(path, { compactEvery: 3 });
    try {
      store.put<Item>('jobs', { id: 'a', name: '1' });
      store.put<Item>('jobs', { id: 'b', name: '2' });
      expect(journalLines(store)).toHaveLength(2);
      expect(existsSync(store.snapshotPath)).toBe(false);

      store.put<Item>('jobs', { id: 'c', name: '3' });
      expect(readFileSync(store.journalPath, 'utf8')).toBe('');
      expect(JSON.parse(readFileSync(store.snapshotPath, 'utf8'))).toEqual({
        version: 1,
        collections: { jobs: [{ id: 'a', name: '1' }, { id: 'b', name: '2' }, { id: 'c', name: '3' }] },
      });

      // Appends after the truncation land at the start of the emptied journal.
      store.put<Item>('jobs', { id: 'd', name: '4' });
      expect(readFileSync(store.journalPath, 'utf8')).toBe('{"c":"jobs","op":"put","v":{"id":"d","name":"4"}}\n');
    } finally {
      store.close();
    }
    expect(idsOnReopen(path)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps a delete that triggered compaction: the record does not come back after a crash', async () => {
    const path = await dir();
    const store = Store.open(path, { compactEvery: 3 });
    store.put<Item>('jobs', { id: 'a', name: '1' });
    store.put<Item>('jobs', { id: 'b', name: '2' });
    expect(store.delete('jobs', 'a')).toBe(true);
    expect(ids(store)).toEqual(['b']);
    // Crash (no close): what is on disk must not hold a.
    try {
      expect(idsOnReopen(path)).toEqual(['b']);
    } finally {
      store.close();
    }
  });
  it('keeps the write that triggered compaction across a clean close and reopen', async () => {
    const path = await dir();
    const store = Store.open(path, { compactEvery: 2 });
    store.put<Item>('jobs', { id: 'a', name: '1' });
    store.put<Item>('jobs', { id: 'b', name: '2' });
    store.close();
    expect(idsOnReopen(path)).toEqual(['a', 'b']);
  });
});

describe('Store recovery', () => {
  it('drops a torn last journal line and truncates it so later appends stay readable', async () => {
    const path = await dir();
    const first = Store.open(path);
    first.put<Item>('jobs', { id: 'x', name: 'one' });
    first.put<Item>('jobs', { id: 'y', name: 'two' });
    const good = readFileSync(join(path, 'journal.jsonl'), 'utf8');
    appendFileSync(join(path, 'journal.jsonl'), '{"c":"jobs","op":"put","v":{"id":"torn","na');

    const second = Store.open(path);
    expect(ids(second)).toEqual(['x', 'y']);
    expect(second.get('jobs', 'torn')).toBeUndefined();
    expect(readFileSync(join(path, 'journal.jsonl'), 'utf8')).toBe(good);

    second.put<Item>('jobs', { id: 'z', name: 'three' });
    expect(journalLines(second)).toEqual([
      '{"c":"jobs","op":"put","v":{"id":"x","name":"one"}}',
      '{"c":"jobs","op":"put","v":{"id":"y","name":"two"}}',
      '{"c":"jobs","op":"put","v":{"id":"z","name":"three"}}',
    ]);

    // Another crash: a third open must read all three writes.
    try {
      expect(idsOnReopen(path)).toEqual(['x', 'y', 'z']);
    } finally {
      second.close();
      first.close();
    }
  });

  it('keeps later appends readable when a complete last line lost only its newline', async () => {
    const path = await dir();
    const journal = join(path, 'journal.jsonl');
    const first = Store.open(path);
    first.put<Item>('jobs', { id: 'x', name: 'one' });
    first.close();
    // A crash cut the write of y just before its newline.
    writeFileSync(journal, '{"c":"jobs","op":"put","v":{"id":"y","name":"two"}}', { mode: 0o600 });

    const second = Store.open(path);
    expect(ids(second)).toEqual(['x', 'y']);
    second.put<Item>('jobs', { id: 'z', name: 'three' });

    // Crash again (no close): the journal must still hold y and z as separate lines.
    try {
      expect(idsOnReopen(path)).toEqual(['x', 'y', 'z']);
    } finally {
      second.close();
    }
  });

  it('refuses a corrupt journal line that is not the last, naming the file and leaving it byte-identical', async () => {
    const path = await dir();
    const journal = join(path, 'journal.jsonl');
    const first = Store.open(path);
    first.put<Item>('jobs', { id: 'x', name: 'one' });
    first.close();
    const snapshotBefore = readFileSync(join(path, 'state.json'));
    const content =
      '{"c":"jobs","op":"put","v":{"id":"y","name":"two"}}\n' +
      '{"c":"jobs","op":"put","v":{"id":"BROKEN\n' +
      '{"c":"jobs","op":"put","v":{"id":"z","name":"three"}}\n';
    writeFileSync(journal, content, { mode: 0o600 });
    const before = readFileSync(journal);

    const { message } = openError(path);
    expect(message).toContain(journal);
    expect(message).toContain('line 2');
    expect(readFileSync(journal).equals(before)).toBe(true);
    expect(readFileSync(join(path, 'state.json')).equals(snapshotBefore)).toBe(true);
  });

  it('refuses a corrupt state.json, naming it and leaving it and the journal untouched', async () => {
    const path = await dir();
    const first = Store.open(path);
    first.put<Item>('jobs', { id: 'x', name: 'one' });
    first.close();
    const snapshot = join(path, 'state.json');
    const journal = join(path, 'journal.jsonl');
    writeFileSync(snapshot, '{"version":1,"collections":{"jobs":[{"id":"x"', { mode: 0o600 });
    writeFileSync(journal, '{"c":"jobs","op":"put","v":{"id":"y","name":"two"}}\n', { mode: 0o600 });
    const snapshotBefore = readFileSync(snapshot);
    const journalBefore = readFileSync(journal);

    expect(openError(path).message).toContain(snapshot);
    expect(readFileSync(snapshot).equals(snapshotBefore)).toBe(true);
    expect(readFileSync(journal).equals(journalBefore)).toBe(true);
  });
});

describe('Store file modes', () => {
  it('makes the dir 0700 and state.json and journal.jsonl 0600', async () => {
    const path = await dir();
    const store = Store.open(path);
    store.put<Item>('jobs', { id: 'x', name: 'one' });
    store.close();
    expect(statSync(path).mode & 0o777).toBe(0o700);
    expect(statSync(join(path, 'state.json')).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, 'journal.jsonl')).mode & 0o777).toBe(0o600);
  });

  it('tightens an existing dir and journal that were too open', async () => {
    const path = await dir();
    const first = Store.open(path);
    first.close();
    chmodSync(path, 0o755);
    chmodSync(join(path, 'journal.jsonl'), 0o644);
    const second = Store.open(path);
    try {
      expect(statSync(path).mode & 0o777).toBe(0o700);
      expect(statSync(join(path, 'journal.jsonl')).mode & 0o777).toBe(0o600);
    } finally {
      second.close();
    }
  });
});
