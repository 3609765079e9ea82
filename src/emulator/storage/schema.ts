// The database's shape: its collections (each a table of JSON documents), the expression for a
// document's field, and the one that compares email addresses (an index and a query must agree).
import { StoreError } from './errors.js';

/** The collections of the first schema (and of the first-format data dirs it imports). */
export const FIRST_COLLECTIONS = [
  'jobs',
  'assessments',
  'candidates',
  'webhooks',
  'keys',
  'idempotency',
  'events',
  'deliveries',
] as const;
/** `applications`: what a candidate sent on the application page, and their assessment session. */
export const COLLECTIONS = [...FIRST_COLLECTIONS, 'applications'] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

export const DATABASE_FILE = 'emulator.db';

const FIELD_PATH = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

/** A candidate's email address as compared: ASCII letters folded to lower case (SQLite's lower()). */
export const FOLDED_EMAIL = `lower(${field('email')})`;

export function isFieldPath(path: string): boolean {
  return FIELD_PATH.test(path);
}

/** The SQL expression for a field of the document (`location.city`); the path must pass isFieldPath. */
export function field(path: string): string {
  if (!isFieldPath(path)) throw new StoreError(`not a field path: ${JSON.stringify(path)}`);
  return `json_extract(doc, '$.${path}')`;
}

/** The table of a collection, only ever one of COLLECTIONS (a name never reaches SQL otherwise). */
export function table(name: CollectionName): string {
  if (!(COLLECTIONS as readonly string[]).includes(name)) throw new StoreError(`unknown collection ${name}`);
  return name;
}
