// The emulator's state, kept in memory and persisted in the data dir (CONTRACT §6):
// a snapshot (state.json, replaced atomically by rename) plus an append-only journal of every
// write since (journal.jsonl, one line per write, appended before the write is acknowledged).
// Recovery replays the journal over the snapshot; a torn last line (a crash mid-append) is dropped.
import {
  closeSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
  chmodSync,
} from 'node:fs';
import { join } from 'node:path';

export const COLLECTIONS = ['jobs', 'assessments', 'candidates', 'webhooks', 'keys', 'idempotency', 'events', 'deliveries'] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

export interface StoredRecord {
  id: string;
}

type JournalEntry = { c: CollectionName; op: 'put'; v: StoredRecord } | { c: CollectionName; op: 'del'; id: string };

interface Snapshot {
  version: 1;
  collections: Partial<Record<CollectionName, StoredRecord[]>>;
}

export class StoreError extends Error {}

export class Store {
  readonly dir: string;
  readonly #collections = new Map<CollectionName, Map<string, StoredRecord>>();
  readonly #compactEvery: number;
  #journalFd: number | undefined;
  #journalEntries = 0;

  private constructor(dir: string, compactEvery: number) {
    this.dir = dir;
    this.#compactEvery = compactEvery;
    for (const name of COLLECTIONS) this.#collections.set(name, new Map());
  }

  static open(dir: string, options: { compactEvery?: number } = {}): Store {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    const store = new Store(dir, options.compactEvery ?? 2_000);
    store.#load();
    return store;
  }

  get snapshotPath(): string {
    return join(this.dir, 'state.json');
  }

  get journalPath(): string {
    return join(this.dir, 'journal.jsonl');
  }

  all<T extends StoredRecord>(name: CollectionName): T[] {
    return [...this.#collection(name).values()] as T[];
  }

  get<T extends StoredRecord>(name: CollectionName, id: string): T | undefined {
    return this.#collection(name).get(id) as T | undefined;
  }

  count(name: CollectionName): number {
    return this.#collection(name).size;
  }

  put<T extends StoredRecord>(name: CollectionName, record: T): T {
    this.#append({ c: name, op: 'put', v: record });
    this.#collection(name).set(record.id, record);
    this.#compactIfDue();
    return record;
  }

  delete(name: CollectionName, id: string): boolean {
    if (!this.#collection(name).has(id)) return false;
    this.#append({ c: name, op: 'del', id });
    this.#collection(name).delete(id);
    this.#compactIfDue();
    return true;
  }

  /** Writes a fresh snapshot and empties the journal. */
  compact(): void {
    const snapshot: Snapshot = { version: 1, collections: {} };
    for (const [name, records] of this.#collections) {
      if (records.size > 0) snapshot.collections[name] = [...records.values()];
    }
    const temp = `${this.snapshotPath}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify(snapshot));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.snapshotPath);
    // Replaying entries already in the snapshot is harmless (puts and deletes are idempotent),
    // so a crash between the rename and the truncation loses nothing.
    if (this.#journalFd !== undefined) ftruncateSync(this.#journalFd, 0);
    this.#journalEntries = 0;
  }

  close(): void {
    if (this.#journalFd === undefined) return;
    if (this.#journalEntries > 0) this.compact();
    closeSync(this.#journalFd);
    this.#journalFd = undefined;
  }

  #collection(name: CollectionName): Map<string, StoredRecord> {
    const collection = this.#collections.get(name);
    if (!collection) throw new StoreError(`unknown collection ${name}`);
    return collection;
  }

  /** Journals a write before memory changes, so that nothing acknowledged is only in memory. */
  #append(entry: JournalEntry): void {
    if (this.#journalFd === undefined) throw new StoreError('the store is closed');
    writeSync(this.#journalFd, `${JSON.stringify(entry)}\n`);
    this.#journalEntries += 1;
  }

  /** Runs after memory holds the write, so that the snapshot includes it. */
  #compactIfDue(): void {
    if (this.#journalEntries >= this.#compactEvery) this.compact();
  }

  #load(): void {
    const snapshotText = readIfExists(this.snapshotPath);
    if (snapshotText !== undefined && snapshotText !== '') {
      let snapshot: Snapshot;
      try {
        snapshot = JSON.parse(snapshotText) as Snapshot;
      } catch (error) {
        throw new StoreError(`The emulator data file ${this.snapshotPath} is corrupt (${(error as Error).message}); it was left untouched.`);
      }
      for (const name of COLLECTIONS) {
        for (const record of snapshot.collections?.[name] ?? []) this.#collection(name).set(record.id, record);
      }
    }
    const journalText = readIfExists(this.journalPath) ?? '';
    const lines = journalText.split('\n');
    // Bytes to keep: every line that parses, with its newline. A final line that does not parse
    // is a torn write (never acknowledged): it is cut off so that later appends stay readable.
    let keptBytes = 0;
    for (const [index, line] of lines.entries()) {
      const isLast = lines.slice(index + 1).every((rest) => rest === '');
      if (line === '') {
        if (!isLast) keptBytes += 1;
        continue;
      }
      let entry: JournalEntry;
      try {
        entry = JSON.parse(line) as JournalEntry;
      } catch {
        if (isLast) break;
        throw new StoreError(`The emulator journal ${this.journalPath} is corrupt at line ${index + 1}; it was left untouched.`);
      }
      if (entry.op === 'put') this.#collection(entry.c).set(entry.v.id, entry.v);
      else this.#collection(entry.c).delete(entry.id);
      this.#journalEntries += 1;
      keptBytes += Buffer.byteLength(line) + 1;
    }
    this.#journalFd = openSync(this.journalPath, 'a', 0o600);
    chmodSync(this.journalPath, 0o600);
    const journalBytes = Buffer.byteLength(journalText);
    if (keptBytes < journalBytes) ftruncateSync(this.#journalFd, keptBytes);
    // A whole last entry that lost only its newline: restore it, or the next append would join it.
    else if (keptBytes > journalBytes) writeSync(this.#journalFd, '\n');
  }
}

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
