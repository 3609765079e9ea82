// The wizard's prompts on a (virtual) terminal, with @inquirer/testing: the multi-line description
// prompt (src/wizard/multiline.ts), and @inquirer/prompts' input with the validate adapter of the
// terminal asker (src/wizard/prompts.ts), fed the wizard's own questions.
import input from '@inquirer/input';
import { render } from '@inquirer/testing';
import fc from 'fast-check';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Asker, Check } from '../../src/wizard/asker.js';
import { askForJob } from '../../src/wizard/flow.js';
import type { EditOutcome } from '../../src/wizard/editor.js';
import { HELP, multiline, Typed, type MultilineConfig } from '../../src/wizard/multiline.js';
import { pastedLines } from '../helpers/pasted.js';
import { properties } from '../helpers/properties.js';

interface Question {
  id: string;
  message: string;
  default?: string;
  validate?: Check;
  min?: number;
}

const LINE_1 = 'You will design and run the services behind our hiring platform.'; // 64 characters
const LINE_2 = 'We value clear code, careful reviews, good tests; a calm on-call.'; // 65 characters

/**
 * The wizard's own text questions (message, default, validate), taken from a run of askForJob with
 * valid answers for everything.
 */
async function wizardQuestions(): Promise<Map<string, Question>> {
  const questions = new Map<string, Question>();
  const texts: Record<string, string[]> = {
    title: ['Data Engineer'],
    department: [''],
    description: [`${LINE_1}\n${LINE_2}`],
    requirements: [''],
    skills: [''],
    'assessment_config.question_count': ['12'],
    'assessment_config.time_limit': ['600'],
    save: [''],
    'location.country': [''],
  };
  const take = (question: Question): Promise<string> => {
    questions.set(question.id, question);
    const answer = texts[question.id]?.shift();
    if (answer === undefined) return Promise.reject(new Error(`no answer for ${question.id}`));
    return Promise.resolve(answer);
  };
  const asker: Asker = {
    text: take,
    multiline: take,
    select: <T extends string>(question: { id: string }) =>
      Promise.resolve((question.id === 'location.type' ? 'remote' : 'skip') as T),
    confirm: (question) =>
      Promise.resolve(question.id === 'assessment_config.auto_generate' || question.id === 'confirm'),
    checkbox: <T extends string>() => Promise.resolve(['scenario'] as T[]),
    note: () => undefined,
  };
  const result = await askForJob(asker, {});
  if (!result) throw new Error('the wizard was declined');
  return questions;
}

/** Lets a prompt's async keypress handler (validation) run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let questions: Map<string, Question>;
beforeAll(async () => {
  questions = await wizardQuestions();
});

function question(id: string): Question {
  const found = questions.get(id);
  if (!found) throw new Error(`the wizard asked no ${id}`);
  return found;
}

/** The description question as the terminal asker hands it to the multiline prompt. */
async function renderDescription(edit?: MultilineConfig['edit'], terminal?: NodeJS.ReadableStream) {
  const { message, min, validate } = question('description');
  if (min === undefined || validate === undefined) throw new Error('description has no min or validate');
  const controller = new AbortController();
  const rendered = await render(
    multiline,
    { message, min, validate, ...(edit ? { edit, editorName: 'fake-editor' } : {}) },
    { signal: controller.signal, ...(terminal ? { input: terminal } : {}) },
  );
  /** Closes a prompt left open (as Esc does at a terminal). */
  const abort = async () => {
    controller.abort();
    await expect(rendered.answer).rejects.toThrow();
  };
  return { ...rendered, abort };
}

const MESSAGE = 'Description (Markdown, at least 100 characters)';
/** The screen: the question, the lines typed (the last one being typed), the count, the help. */
const screen = (lines: string[], progress: string, ...extra: string[]) =>
  [`? ${MESSAGE}`, ...lines.map((line) => `  ${line}`), progress, HELP, ...extra].join('\n').replace(/ +$/gm, '');

describe('the multiline prompt', () => {
  it('starts with the message, 0/100 characters and how to end it', async () => {
    const { getScreen, abort } = await renderDescription();
    expect(getScreen()).toBe(screen([''], '0/100 characters'));
    expect(HELP).toBe('End with a line holding only "." (or Ctrl-D); "e" alone opens your editor.');
    await abort();
  });

  it('adds a line on Enter and updates the count', async () => {
    const { getScreen, events, abort } = await renderDescription();
    events.type(LINE_1);
    expect(getScreen()).toBe(screen([LINE_1], '64/100 characters'));
    events.keypress('enter');
    expect(getScreen()).toBe(screen([LINE_1, ''], '64/100 characters'));
    events.type('Berlin');
    // 64 + the line break + 6.
    expect(getScreen()).toBe(screen([LINE_1, 'Berlin'], '71/100 characters'));
    await abort();
  });

  it('keeps empty lines inside: paragraphs, ended by a line holding only "."', async () => {
    const { getScreen, events, answer } = await renderDescription();
    events.type(LINE_1);
    events.keypress('enter');
    events.keypress('enter');
    expect(getScreen()).toBe(screen([LINE_1, '', ''], '64/100 characters'));
    events.type(LINE_2);
    events.keypress('enter');
    events.keypress('enter');
    expect(getScreen()).toBe(screen([LINE_1, '', LINE_2, '', ''], '131 characters ✓'));
    events.type('.');
    events.keypress('enter');
    // The empty lines at the end are dropped, the one between paragraphs kept.
    await expect(answer).resolves.toBe(`${LINE_1}\n\n${LINE_2}`);
    expect(getScreen().replace(/ *\n */g, ' ')).toBe(`✔ ${MESSAGE} 131 characters`);
  });

  it('"." while too short keeps it open and shows the schema message; typing goes on', async () => {
    const { getScreen, events, answer, abort } = await renderDescription();
    let settled = false;
    void answer.then(
      () => (settled = true),
      () => (settled = true),
    );
    events.type(LINE_1);
    events.keypress('enter');
    events.type('.');
    events.keypress('enter');
    await settle();
    expect(settled).toBe(false);
    expect(getScreen()).toBe(screen([LINE_1, ''], '64/100 characters', '> must be at least 100 characters (got 64)'));
    events.type('Remote');
    expect(getScreen()).toBe(screen([LINE_1, 'Remote'], '71/100 characters'));
    await abort();
  });

  it('Ctrl-D ends it with the line being typed, and on an empty line too', async () => {
    const typing = await renderDescription();
    typing.events.type(LINE_1);
    typing.events.keypress('enter');
    typing.events.type(LINE_2);
    typing.events.keypress({ name: 'd', ctrl: true });
    await expect(typing.answer).resolves.toBe(`${LINE_1}\n${LINE_2}`);

    const empty = await renderDescription();
    empty.events.type(LINE_1);
    empty.events.keypress('enter');
    empty.events.keypress('enter');
    empty.events.type(LINE_2);
    empty.events.keypress('enter');
    empty.events.keypress({ name: 'd', ctrl: true });
    await expect(empty.answer).resolves.toBe(`${LINE_1}\n\n${LINE_2}`);
  });

  it('Ctrl-D while too short shows the rule and stays', async () => {
    const { getScreen, events, abort } = await renderDescription();
    events.type(LINE_1);
    events.keypress('enter');
    events.keypress({ name: 'd', ctrl: true });
    await settle();
    expect(getScreen()).toBe(screen([LINE_1, ''], '64/100 characters', '> must be at least 100 characters (got 64)'));
    await abort();
  });

  it('the count is of code points and reaches ✓ at exactly 100', async () => {
    const { getScreen, events, answer } = await renderDescription();
    events.type('é'.repeat(60));
    events.keypress('enter');
    events.type('é'.repeat(38));
    // 60 + the line break + 38.
    expect(getScreen()).toBe(screen(['é'.repeat(60), 'é'.repeat(38)], '99/100 characters'));
    events.type('😀');
    expect(getScreen()).toBe(screen(['é'.repeat(60), `${'é'.repeat(38)}😀`], '100 characters ✓'));
    events.keypress('enter');
    events.type('.');
    events.keypress('enter');
    await expect(answer).resolves.toBe(`${'é'.repeat(60)}\n${'é'.repeat(38)}😀`);
  });

  it('Backspace on an empty line goes back into the previous line', async () => {
    const { getScreen, events, answer } = await renderDescription();
    events.type(LINE_1);
    events.keypress('enter');
    expect(getScreen()).toBe(screen([LINE_1, ''], '64/100 characters'));
    events.keypress('backspace');
    expect(getScreen()).toBe(screen([LINE_1], '64/100 characters'));
    // The text typed now continues that line.
    events.type(' Remote.');
    expect(getScreen()).toBe(screen([`${LINE_1} Remote.`], '72/100 characters'));
    events.keypress('enter');
    events.type(LINE_2);
    events.keypress({ name: 'd', ctrl: true });
    await expect(answer).resolves.toBe(`${LINE_1} Remote.\n${LINE_2}`);
  });

  it('"e" hands the text so far to the editor; valid saved text is the answer', async () => {
    const given: string[] = [];
    const { events, answer } = await renderDescription((text) => {
      given.push(text);
      return Promise.resolve({ text: `${text}\n\n${LINE_2}\n` });
    });
    events.type(LINE_1);
    events.keypress('enter');
    events.type('e');
    events.keypress('enter');
    await expect(answer).resolves.toBe(`${LINE_1}\n\n${LINE_2}`);
    expect(given).toEqual([LINE_1]);
  });

  it('while the editor is open, the prompt draws nothing over its screen (no spinner)', async () => {
    // Fake timers: a spinner would tick on them; advancing them is no wall-clock wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    try {
      let opened!: () => void;
      const open = new Promise<void>((resolve) => (opened = resolve));
      let close!: (outcome: EditOutcome) => void;
      const { events, answer, getFullOutput } = await renderDescription(() => {
        opened();
        return new Promise<EditOutcome>((resolve) => (close = resolve));
      });
      events.type('e');
      events.keypress('enter');
      await open;
      const drawn = getFullOutput();
      expect(drawn).toContain('Waiting for your editor (fake-editor) to close the file…');
      await vi.advanceTimersByTimeAsync(5_000);
      expect(getFullOutput()).toBe(drawn);
      close({ text: `${LINE_1}\n\n${LINE_2}\n` });
      await expect(answer).resolves.toBe(`${LINE_1}\n\n${LINE_2}`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('"e" with an editor that fails keeps the text and says why; text too short from the editor stays open', async () => {
    const outcomes: EditOutcome[] = [
      { problem: 'The editor exited with 1; the text is unchanged.' },
      { text: 'Short.\n' },
    ];
    const { getScreen, events, abort } = await renderDescription(() => Promise.resolve(outcomes.shift()!));
    events.type(LINE_1);
    events.keypress('enter');
    events.type('e');
    events.keypress('enter');
    await settle();
    await settle();
    expect(getScreen()).toBe(
      screen([LINE_1, ''], '64/100 characters', '> The editor exited with 1; the text is unchanged.'),
    );
    events.type('e');
    events.keypress('enter');
    await settle();
    await settle();
    expect(getScreen()).toBe(
      screen(
        ['Short.', ''],
        '6/100 characters',
        'From your editor: type on, or "e" to edit again.',
        '> must be at least 100 characters (got 6)',
      ),
    );
    await abort();
  });

  it('without an editor, "e" is a line like any other', async () => {
    const { getScreen, events, abort } = await renderDescription();
    events.type('e');
    events.keypress('enter');
    expect(getScreen()).toBe(screen(['e', ''], '1/100 characters'));
    await abort();
  });
});

describe('a paste (many keys read at once) in the multiline prompt', () => {
  /** How many times the prompt was drawn: each drawing writes the question. */
  const drawings = (output: string) => stripVTControlCharacters(output).split(`? ${MESSAGE}`).length - 1;

  it('is drawn once for the whole read, and every character is kept in order', async () => {
    const { getScreen, getFullOutput, input: stream, answer } = await renderDescription();
    const text = pastedLines().join('\n');
    const before = drawings(getFullOutput());
    stream.write(`${text}\n`);
    // Drawn once, at the read's last key (not once a key: 13,000 of them), synchronously.
    expect(drawings(getFullOutput()) - before).toBe(1);
    const shown = getScreen();
    expect(shown).toContain(`… ${text.split('\n').length - 8} lines above`);
    expect(shown).toContain(`${[...text].length} characters ✓`);
    stream.write('.\n');
    await expect(answer).resolves.toBe(text);
  });

  it('after an earlier question answered by hand on the same terminal, is still drawn once for the whole read', async () => {
    // The title typed by hand: its readline is the one Node's keypress decoder tells where reads end.
    const title = await render(input, { message: 'Job title' });
    const terminal = title.input;
    terminal.write('Pasted');
    terminal.write('\r');
    await expect(title.answer).resolves.toBe('Pasted');
    const { getScreen, getFullOutput, answer } = await renderDescription(undefined, terminal);
    const text = pastedLines().join('\n');
    const before = drawings(getFullOutput());
    terminal.write(`${text}\n`);
    expect(drawings(getFullOutput()) - before).toBe(1);
    expect(getScreen()).toContain(`${[...text].length} characters ✓`);
    terminal.write('.\n');
    await expect(answer).resolves.toBe(text);
  });

  it('keys read one at a time (typed by hand) are each drawn at once', async () => {
    const { getScreen, input: stream, abort } = await renderDescription();
    const typed = 'Zürich ☕ 東京';
    let expected = '';
    for (const key of typed) {
      stream.write(key);
      expected += key;
      expect(getScreen()).toBe(screen([expected], `${[...expected.trim()].length}/100 characters`));
    }
    await abort();
  });

  it('a read that ends inside a key (an escape sequence cut in two) is drawn at its end', async () => {
    const { getScreen, input: stream, abort } = await renderDescription();
    // "ab" and the start of Left (ESC [ D): the keys of the read are drawn, the cut one waits.
    stream.write('ab\x1b[');
    expect(getScreen()).toBe(screen(['ab'], '2/100 characters'));
    stream.write('D'); // the rest of Left: the cursor moves, nothing is typed
    stream.write('c');
    expect(getScreen()).toBe(screen(['acb'], '3/100 characters'));
    await abort();
  });
});

describe('bracketed paste in the multiline prompt', () => {
  const ON = '\x1b[?2004h';
  const OFF = '\x1b[?2004l';
  /** The last thing asked of the terminal about pastes: 'on', 'off', or nothing yet. */
  const marks = (output: string) => {
    const on = output.lastIndexOf(ON);
    const off = output.lastIndexOf(OFF);
    return on === -1 && off === -1 ? undefined : on > off ? 'on' : 'off';
  };

  it('"." and "e" alone in a paste are lines of the text; typed, "." ends it; the marks are off at the end', async () => {
    const edits: string[] = [];
    const {
      getFullOutput,
      input: stream,
      answer,
    } = await renderDescription((text) => {
      edits.push(text);
      return Promise.resolve({ problem: 'not expected' });
    });
    expect(marks(getFullOutput())).toBe('on');
    stream.write(`\x1b[200~${LINE_1}\n.\ne\n${LINE_2}\n\x1b[201~`);
    stream.write('.\n');
    await expect(answer).resolves.toBe(`${LINE_1}\n.\ne\n${LINE_2}`);
    expect(edits).toEqual([]);
    expect(marks(getFullOutput())).toBe('off');
  });

  it('the marks are off while the editor has the terminal, on again after, off when cancelled', async () => {
    const seen: (string | undefined)[] = [];
    let output = () => '';
    const { getFullOutput, events, abort } = await renderDescription(() => {
      seen.push(marks(output()));
      return Promise.resolve({ text: 'Short.\n' });
    });
    output = getFullOutput;
    events.type('e');
    events.keypress('enter');
    await settle();
    expect(seen).toEqual(['off']);
    expect(marks(getFullOutput())).toBe('on');
    await abort();
    expect(marks(getFullOutput())).toBe('off');
  });
});

describe('the count kept as lines come and go (Typed)', () => {
  const { property } = properties('multiline count', 28_09);
  const naive = (lines: string[]) => [...lines.join('\n').trim()].length;
  const line = fc
    .array(fc.constantFrom('a', 'é', '😀', ' ', '\t', '\u00a0', '\u3000', '\ufeff', '東'), { maxLength: 6 })
    .map((chars) => chars.join(''));

  it('equals the characters of the text joined and trimmed, through pushes, pops and the line being typed', async () => {
    await property(
      'count',
      fc.record({ lines: fc.array(line, { maxLength: 8 }), typing: line, pops: fc.nat({ max: 3 }) }),
      2_000,
      ({ lines, typing, pops }) => {
        const typed = new Typed();
        for (const each of lines) typed.push(each);
        typed.line = typing;
        expect(typed.count(true)).toBe(naive([...lines, typing]));
        expect(typed.count(false)).toBe(naive(lines));
        const kept = [...lines];
        for (let index = 0; index < pops; index++) {
          expect(typed.pop()).toBe(kept.pop());
          expect(typed.count(false)).toBe(naive(kept));
        }
        typed.set(lines);
        expect(typed.count(false)).toBe(naive(lines));
        return Promise.resolve();
      },
    );
  });
});

describe('input with the terminal asker validate adapter', () => {
  // Node's readline edits lines (Backspace among them) only when TERM is not "dumb"; these tests
  // are of a capable terminal, whatever TERM the suite runs under.
  let term: string | undefined;
  beforeEach(() => {
    term = process.env.TERM;
    process.env.TERM = 'xterm';
  });
  afterEach(() => {
    if (term === undefined) delete process.env.TERM;
    else process.env.TERM = term;
  });

  /** As src/wizard/prompts.ts hands a text question to @inquirer/prompts' input. */
  function renderText(id: string) {
    const { message, default: fallback, validate } = question(id);
    return render(input, {
      message,
      ...(fallback !== undefined ? { default: fallback } : {}),
      validate: (answer: string) => validate?.(answer) ?? true,
    });
  }

  it('question count: a bad count shows the schema message, a good one resolves', async () => {
    const { getScreen, events, input: stream, answer } = await renderText('assessment_config.question_count');
    expect(getScreen()).toBe('? Questions (5-20) (10)');
    events.type('4');
    events.keypress('enter');
    await settle();
    expect(getScreen()).toBe('? Questions (5-20) 4\n> must be a whole number from 5 to 20');
    // Erase the 4 (readline's line and the prompt's key), then type a count in range.
    stream.write('\x7f');
    events.keypress('backspace');
    events.type('7.5');
    events.keypress('enter');
    await settle();
    expect(getScreen()).toBe('? Questions (5-20) 7.5\n> must be a whole number from 5 to 20');
    for (let i = 0; i < 3; i++) {
      stream.write('\x7f');
      events.keypress('backspace');
    }
    events.type('12');
    events.keypress('enter');
    await expect(answer).resolves.toBe('12');
    expect(getScreen()).toBe('✔ Questions (5-20) 12');
  });

  it('question count: Enter alone takes the default 10', async () => {
    const { events, answer } = await renderText('assessment_config.question_count');
    events.keypress('enter');
    await expect(answer).resolves.toBe('10');
  });

  it('time limit: 2000 shows the schema message, 900 resolves', async () => {
    const { getScreen, events, input: stream, answer } = await renderText('assessment_config.time_limit');
    expect(getScreen()).toBe('? Time limit in seconds (300-1800) (300)');
    events.type('2000');
    events.keypress('enter');
    await settle();
    expect(getScreen()).toBe('? Time limit in seconds (300-1800) 2000\n> must be a whole number from 300 to 1800');
    for (let i = 0; i < 4; i++) {
      stream.write('\x7f');
      events.keypress('backspace');
    }
    events.type('900');
    events.keypress('enter');
    await expect(answer).resolves.toBe('900');
  });

  it('title: blank shows "must not be empty"', async () => {
    const { getScreen, events, answer } = await renderText('title');
    events.type('   ');
    events.keypress('enter');
    await settle();
    expect(getScreen()).toBe('? Job title\n> must not be empty');
    events.type('Data Engineer');
    events.keypress('enter');
    await expect(answer).resolves.toBe('   Data Engineer');
  });
});
