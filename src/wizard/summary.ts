// The wizard's summary of the request before it is sent. Values may come from --from-file: each is
// shown inert (docs/output.md "Text from outside"), on rows of its own, wrapped between words to the
// terminal's width beside its label (docs/output.md "Values a person copies").
import type { JobInput } from '../domain/job.js';
import { inert } from '../output/cells.js';
import { wrapWords } from '../output/fit.js';

/** The label column: two spaces, the label padded to 18, a space. */
const LABEL = 21;

/** The summary; `width` is the terminal's (none: each value on one line). */
export function describeJob(input: JobInput, width = Number.POSITIVE_INFINITY): string {
  const lines: string[] = ['', 'The job to create:'];
  const row = (label: string, value: unknown) => {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return;
    const text = inert(Array.isArray(value) ? value.join(', ') : String(value));
    // Never narrower than 10 columns for the value: a tiny terminal wraps the line itself.
    wrapWords(text, Math.max(10, width - LABEL)).forEach((line, index) =>
      lines.push(index === 0 ? `  ${label.padEnd(18)} ${line}` : `${' '.repeat(LABEL)}${line}`),
    );
  };
  row('title', input.title);
  row('department', input.department);
  if (input.location) {
    const { type, city, state, country } = input.location;
    row('location', [type, [city, state, country].filter(Boolean).join(', ')].filter(Boolean).join(' · '));
  }
  const chars = [...input.description.trim()].length;
  // A tab shows as one space: at a terminal it takes up to 8 columns, and the row would wrap.
  const firstLine = (input.description.trim().split('\n')[0] ?? '').replace(/\t/g, ' ');
  // 40 characters: with the label and the count, the row fits 80 columns.
  row('description', `${preview(firstLine, 40)} (${chars} characters)`);
  row('requirements', input.requirements);
  row('skills', input.skills);
  row('experience level', input.experience_level);
  row('employment type', input.employment_type);
  if (input.salary) {
    const { min, max, currency, period } = input.salary;
    row(
      'salary',
      [
        min !== undefined && max !== undefined ? `${min}–${max}` : (min ?? max),
        currency,
        period && `per ${period.replace(/ly$/, '').replace('dai', 'day')}`,
      ]
        .filter((part) => part !== undefined && part !== '')
        .join(' '),
    );
  }
  const config = input.assessment_config;
  if (config?.auto_generate === false) row('assessment', 'no AI questions');
  else if (config) {
    row(
      'assessment',
      `${config.question_count} questions, ${config.time_limit} s, ${(config.question_types ?? []).join('/')}${config.proctoring ? ', proctored' : ''}`,
    );
  }
  row('publish', input.publish ? 'yes (active at once)' : 'no (a draft)');
  return `${lines.join('\n')}\n`;
}

/** The start of a line in at most `length` characters, cut between words (a word longer than that is cut) with `…`. */
function preview(line: string, length: number): string {
  if (line.length <= length) return line;
  const head = line.slice(0, length - 1);
  // The head ends a word when a space follows it.
  const space = line[length - 1] === ' ' ? head.length : head.lastIndexOf(' ');
  return `${(space > 0 ? head.slice(0, space) : head).trimEnd()}…`;
}
