// `jobs get` and `assessments get` at a real 80x24 terminal (tmux, the built binary): the
// description as plain wrapped text, the assessment settings and questions, every line within 80
// columns, and nothing the server sent able to drive the terminal.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hire } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { hirePane, type Pane } from '../helpers/tmux.js';

const panes: Pane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(4);
const ESC = '\u001b';

const DESCRIPTION_MD = [
  '# About the role',
  '',
  'We are looking for a **backend engineer** to build _reliable_ services in Go, own them in production, and improve our delivery pipeline. Read [our blog](https://example.com/blog).',
  '',
  '## What you will do',
  '',
  '- Design and run services handling millions of requests a day across several regions',
  '- Review code',
  '  1. carefully',
  '  2. kindly',
  '',
  `A word too long for any line: ${LONG_WORD} ends here.`,
  '',
  // Colour, a window title (OSC), a C1 CSI and a right-to-left override: all shown, none obeyed.
  `Hostile: ${ESC}[31mred${ESC}[0m ${ESC}]0;pwned\u0007 \u009b2J \u202Ereversed`,
].join('\n');

async function json(box: Sandbox, args: string[]): Promise<Record<string, any>> {
  const result = await hire(box, [...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

/** Runs `args` at an 80x24 terminal; the whole output, scrolled-off lines included. */
async function atTerminal(box: Sandbox, args: string[]): Promise<{ text: string; escapes: string }> {
  const pane = hirePane(box, args, { width: 80, height: 24 });
  panes.push(pane);
  await pane.waitFor(/EXIT=\d+/);
  const text = pane.capture({ history: true });
  expect(text).toContain('EXIT=0');
  return { text, escapes: pane.capture({ history: true, escapes: true }) };
}

/** stdout's lines (the in-process emulator's notice on stderr is not this view's: it goes first). */
function expectWithin80(text: string): void {
  const long = text
    .split('\n')
    .filter((line) => !line.startsWith('Using the local emulator'))
    .filter((line) => [...line].length > 80);
  expect(long, text).toEqual([]);
}

describe('detail views at an 80x24 terminal', () => {
  it('jobs get: the fields, the Markdown description as plain wrapped text, and the assessment settings', async () => {
    const box = await sandbox();
    writeFileSync(join(box.root, 'role.md'), DESCRIPTION_MD);
    const job = await json(box, [
      'jobs',
      'create',
      '--title',
      'Backend Engineer',
      '--description-file',
      join(box.root, 'role.md'),
      '--time-limit',
      '900',
      '--proctoring',
    ]);
    const { text, escapes } = await atTerminal(box, ['jobs', 'get', job.id]);
    expectWithin80(text);
    expect(text).toMatch(/│ id\s+│ job_\w{20}\s+│/);
    // Headings without their #, underlined; emphasis without its markers; a link with its address.
    expect(text).toMatch(
      /^Description\n {2}About the role\n {2}─{14}\n\n {2}We are looking for a backend engineer to build reliable services in Go,/m,
    );
    expect(text).not.toMatch(/#|\*\*|_reliable_|\]\(/);
    expect(text.replace(/\n\s+/g, ' ')).toContain('Read our blog (https://example.com/blog).');
    // Lists: bullets and numbers, continuation lines under the item's text.
    expect(text).toMatch(
      /^ {2}• Design and run services handling millions of requests a day across several\n {4}regions\n {2}• Review code\n {4}1\. carefully\n {4}2\. kindly$/m,
    );
    // The long word is cut at the line's end and goes on below.
    expect(text).toContain(
      `  A word too long for any line:\n  ${LONG_WORD.slice(0, 78)}\n  ${LONG_WORD.slice(78)} ends here.`,
    );
    // Control characters are shown escaped, and none reaches the terminal.
    expect(text).toContain('Hostile: \\u001b[31mred\\u001b[0m \\u001b]0;pwned\\u0007 \\u009b2J \\u202ereversed');
    expect(escapes).not.toContain(`${ESC}[31m`);
    expect(escapes).not.toContain(`${ESC}]0;`);
    expect(text).toMatch(
      /^Assessment settings\n {2}Questions {7}10\n {2}Time limit {6}15 min \(900 s\)\n {2}Question types {2}ranksort, multiple choice, scenario\n {2}Proctoring {6}on\n {2}Auto-generate {3}on$/m,
    );
  });

  it('assessments get: the settings and every question with its choices, items or rubric', async () => {
    const box = await sandbox();
    // The title goes into every question: hostile text there is escaped too.
    const job = await json(box, [
      'jobs',
      'create',
      '--title',
      `Site Reliability Engineer ${ESC}[31mX`,
      '--description',
      DESCRIPTION,
      '--skill',
      'kubernetes',
    ]);
    const assessment = await json(box, [
      'assessments',
      'create',
      '--job',
      job.id,
      '--question-count',
      '6',
      '--time-limit',
      '600',
    ]);
    const { text, escapes } = await atTerminal(box, ['assessments', 'get', assessment.id]);
    expectWithin80(text);
    expect(text).not.toContain('--json shows them');
    expect(text).toMatch(/│ id\s+│ asmt_\w{20}\s+│/);
    expect(text).toMatch(
      /^Settings\n {2}Questions {7}6\n {2}Time limit {6}10 min \(600 s\)\n {2}Question types {2}ranksort, multiple choice, scenario\n {2}Proctoring {6}off$/m,
    );
    expect(text).toContain('Questions (6)');
    const questions = assessment.questions as {
      type: string;
      prompt: string;
      options?: string[];
      answer_index?: number;
      items?: string[];
    }[];
    for (const [index, question] of questions.entries()) {
      // Each question numbered, its type named, its prompt wrapped: compare without the line breaks.
      const start = text.indexOf(`  ${index + 1}. [${question.type.replace('_', ' ')}] `);
      expect(start, `question ${index + 1}`).toBeGreaterThan(0);
      const block = text.slice(start, index + 1 < questions.length ? text.indexOf(`  ${index + 2}. [`) : undefined);
      const flat = block.replace(/\n\s+/g, ' ');
      expect(flat).toContain(question.prompt.replace(ESC, '\\u001b'));
      for (const [choice, option] of (question.options ?? []).entries()) {
        expect(flat).toContain(`${'abcd'[choice]}) ${option}${choice === question.answer_index ? ' ✓' : ''}`);
      }
      for (const item of question.items ?? []) expect(flat).toContain(`• ${item}`);
      if (question.type === 'scenario')
        expect(flat).toContain('Rubric: • Names the main risk • Proposes a safe first step');
    }
    expect(escapes).not.toContain(`${ESC}[31m`);
  });
});
