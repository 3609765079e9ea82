// How assessments look: list rows, the detail table, and the settings and questions under it.
import { labelled, questionLines, settingRows, type DetailView } from '../../output/detail.js';
import type { Column } from '../../output/render.js';

// Two whole ids take 49 of 80 columns: the list keeps to what fits beside them (--fields for more).
export const ASSESSMENT_LIST_COLUMNS: readonly Column[] = [
  { key: 'id', keepWhole: true },
  { key: 'job_id', header: 'JOB', keepWhole: true },
  { key: 'status', status: true },
  { key: 'question_count', header: 'QUESTIONS' },
];

export const ASSESSMENT_DETAIL_COLUMNS: readonly Column[] = [
  { key: 'id' },
  { key: 'job_id' },
  { key: 'status', status: true },
  { key: 'question_count' },
  { key: 'time_limit' },
  { key: 'proctoring' },
  { key: 'question_types' },
  {
    key: 'questions',
    format: (value) => (Array.isArray(value) ? `${value.length} questions (--json shows them)` : String(value)),
  },
  { key: 'created_at' },
  { key: 'updated_at' },
];

const SHOWN_BELOW = new Set(['question_count', 'time_limit', 'proctoring', 'question_types', 'questions']);

/**
 * At a terminal: ids, status and dates in the table; the settings and every question below it.
 * Piped output keeps its key/value lines (the questions as a count: --json has them whole).
 */
export function assessmentView(
  assessment: Record<string, unknown>,
  extra: readonly [string, string][] = [],
): DetailView {
  return {
    extra,
    drawn: ASSESSMENT_DETAIL_COLUMNS.filter((column) => !SHOWN_BELOW.has(column.key)),
    sections(width, paint) {
      const questions = Array.isArray(assessment.questions) ? assessment.questions : [];
      return [
        { heading: 'Settings', lines: labelled(settingRows(assessment), width, paint) },
        { heading: `Questions (${questions.length})`, lines: questionLines(questions, width, paint) },
      ];
    },
  };
}
