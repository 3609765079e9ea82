// How candidates look in tables, and in CSV.
import type { Column, Columns } from '../../output/render.js';

/**
 * The default columns, also the piped list's tab-separated fields (scripts cut them by position:
 * they stay as they were). The email is asked for with `--fields id,name,email`, and then kept
 * whole (docs/output.md "Values a person copies"). At 80 columns the job hides first (`--job`
 * lists one job's candidates anyway).
 */
export const CANDIDATE_LIST_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'name', lines: 2, want: 12 },
  { key: 'status', status: true },
  { key: 'score' },
  { key: 'job_id', header: 'JOB', keepWhole: true, drop: 2 },
  { key: 'applied_at', header: 'APPLIED', time: true, drop: 1 },
];

export const CANDIDATE_DETAIL_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'name' },
  { key: 'email', email: true },
  { key: 'status', status: true },
  { key: 'score' },
  { key: 'job_id', keepWhole: true },
  { key: 'applied_at' },
  { key: 'created_at' },
  { key: 'updated_at' },
];

/**
 * Candidates in CSV: every field of the record, the contact and the candidate's note included (a
 * table at a terminal keeps to what fits; `candidates get` shows the note under its fields).
 */
export const CANDIDATE_CSV_COLUMNS: readonly Column[] = [
  { key: 'id' },
  { key: 'name' },
  { key: 'email' },
  { key: 'status' },
  { key: 'score' },
  { key: 'job_id' },
  { key: 'applied_at' },
  { key: 'created_at' },
  { key: 'updated_at' },
  { key: 'note' },
];

/** The columns of a candidate list or record: these in tables, the CSV ones at -o csv (output/ decides). */
export const candidateColumns = (tableColumns: readonly Column[]): Columns => ({
  table: tableColumns,
  csv: CANDIDATE_CSV_COLUMNS,
});
