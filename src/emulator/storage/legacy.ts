// The emulator's first storage format, read once to move it into the database (docs/emulator.md "Data"): a
// snapshot (state.json) plus an append-only journal of every write since (journal.jsonl). The
// journal is replayed over the snapshot; a torn last line (a crash mid-append) is dropped. A file
// that cannot be read is reported and left untouched.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type JournalEntry = { c: string; op: 'put'; v: { id: string } } | { c: string; op: 'del'; id: string };

interface Snapshot {
  version: 1;
  collections: Record<string, { id: string }[]>;
}

export class LegacyFormatError extends Error {}

export const LEGACY_FILES = ['state.json', 'journal.jsonl'] as const;

/** The records of a first-format data dir, by collection in their order, or undefined if it has none. */
export function readLegacyState(dir: string): Map<string, Map<string, { id: string }>> | undefined {
  const snapshotPath = join(dir, 'state.json');
  const journalPath = join(dir, 'journal.jsonl');
  const snapshotText = readIfExists(snapshotPath);
  const journalText = readIfExists(journalPath);
  if (snapshotText === undefined && journalText === undefined) return undefined;
  const collections = new Map<string, Map<string, { id: string }>>();
  const collection = (name: string) => {
    let records = collections.get(name);
    if (!records) collections.set(name, (records = new Map<string, { id: string }>()));
    return records;
  };
  if (snapshotText !== undefined && snapshotText !== '') {
    let snapshot: Snapshot;
    try {
      snapshot = JSON.parse(snapshotText) as Snapshot;
    } catch (error) {
      throw new LegacyFormatError(
        `The emulator data file ${snapshotPath} is corrupt (${(error as Error).message}); it was left untouched.`,
      );
    }
    for (const [name, records] of Object.entries(snapshot.collections ?? {})) {
      if (!Array.isArray(records)) continue;
      for (const record of records) if (typeof record?.id === 'string') collection(name).set(record.id, record);
    }
  }
  const lines = (journalText ?? '').split('\n');
  for (const [index, line] of lines.entries()) {
    if (line === '') continue;
    let entry: JournalEntry;
    try {
      entry = JSON.parse(line) as JournalEntry;
    } catch {
      // A final line that does not parse is a torn write, never acknowledged.
      if (lines.slice(index + 1).every((rest) => rest === '')) break;
      throw new LegacyFormatError(
        `The emulator journal ${journalPath} is corrupt at line ${index + 1}; it was left untouched.`,
      );
    }
    if (entry.op === 'put' && typeof entry.v?.id === 'string') collection(entry.c).set(entry.v.id, entry.v);
    else if (entry.op === 'del') collection(entry.c).delete(entry.id);
  }
  return collections;
}

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
