// What the store refuses or cannot read: data that is not ours or is damaged (data_damaged, with
// the command that recovers it), and plain misuse (emulator_data).
export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    message: string,
    /** `data_damaged`: the data cannot be read as it is, and `hire emulator reset --yes` recovers (RECOVER_COMMAND). */
    readonly code: 'emulator_data' | 'data_damaged' = 'emulator_data',
  ) {
    super(message);
  }
}

/** What recovers from damaged data: an emulator's own reset (a database that cannot be opened is moved aside). */
export const RECOVER_COMMAND = 'hire emulator reset --yes';

/** The database file cannot be used at all (not a file, not SQLite, a schema this hire does not know). */
export function damagedDatabase(path: string, problem: string, command: string): StoreError {
  return new StoreError(
    `The emulator database ${path} ${problem}; it was left untouched. \`${command}\` moves it aside and starts with empty data.`,
    'data_damaged',
  );
}

/** One stored record that cannot be read (bytes that are not UTF-8, text that is not a JSON object). */
export class DamagedRecordError extends StoreError {
  constructor(
    readonly file: string,
    readonly collection: string,
    readonly seq: number,
    readonly problem: string,
    command = RECOVER_COMMAND,
  ) {
    super(
      `The emulator database ${file} holds a damaged record (${collection}, row ${seq}): ${problem}. \`${command}\` removes it with the rest of the data.`,
      'data_damaged',
    );
  }
}

/** Strict UTF-8: stored text that is not valid UTF-8 is damaged, never read as U+FFFD. */
export const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
