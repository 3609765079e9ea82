// The assessment page asks before a final submission that leaves questions unanswered (docs/emulator.md
// "The candidate's side"), over real HTTP: the page comes back with the answers kept and nothing
// scored; the same answers with confirm=1 are scored; a complete submission is scored at once.
import { describe, expect, it } from 'vitest';
import type { Assessment } from '../../src/emulator/platform/question-bank.js';
import { type TestEmulator } from '../helpers/emulator.js';
import { createJob, emulator, page, PAGES_START, post, rightAnswers } from '../helpers/pages.js';

const TEXT = 'The main risk is a regression; <b>first</b> a small change,\nthen the error-rate metric & "review".';

async function applied(
  clock = { now: PAGES_START },
): Promise<{ emu: TestEmulator; url: string; candidateId: string; assessment: Assessment }> {
  const { emu } = await emulator(clock);
  const job = await createJob(emu, {
    skills: ['go', 'sql'],
    assessment_config: { question_count: 6, time_limit: 600 },
  });
  const applied = await post(job.application_url, { name: 'Ada Lovelace', email: 'ada@example.com', note: '' });
  expect(applied.status).toBe(303);
  const url = new URL(applied.headers.get('location')!, emu.origin).href;
  const candidateId = (await emu.call('GET', `/candidates?job_id=${job.id}`)).json.data.at(-1).id;
  const assessment = emu.store.get<Assessment>('assessments', job.assessment_id)!;
  expect((await page(url)).status).toBe(200);
  return { emu, url, candidateId, assessment };
}

const completions = (emu: TestEmulator, candidateId: string) =>
  emu.store
    .all<{ id: string; type: string; data: any }>('events')
    .filter((event) => event.type === 'assessment.completed' && event.data.candidate_id === candidateId);

describe('the assessment page before a final submission', () => {
  it('shows a partial submission back (200) with the count, which questions, and every answer kept; nothing is scored', async () => {
    const { emu, url, candidateId, assessment } = await applied();
    const questions = assessment.questions;
    const choice = questions.find((question) => question.type === 'multiple_choice')!;
    const ranksort = questions.find((question) => question.type === 'ranksort')!;
    const text = questions.find((question) => question.type !== 'multiple_choice' && question.type !== 'ranksort')!;
    const kept = [choice, ranksort, text].map((question) => question.id);
    const all = rightAnswers(assessment, TEXT);
    const partial = Object.fromEntries(Object.entries(all).filter(([name]) => kept.includes(name.split('.')[0]!)));
    const missing = questions.filter((question) => !kept.includes(question.id));
    expect(missing.length).toBeGreaterThan(0);

    const shown = await post(url, partial);
    expect(shown.status).toBe(200);
    const plural = missing.length === 1 ? 'question is' : 'questions are';
    expect(shown.html).toContain(
      `<h2 id="confirm-title">${missing.length} of ${questions.length} ${plural} unanswered</h2>`,
    );
    const numbers = missing.map(
      (question) => `<a href="#${question.id}">Question ${questions.indexOf(question) + 1}</a>`,
    );
    expect(shown.html).toContain(`Not answered: ${numbers.join(', ')}. Submitting is final`);
    expect(shown.html).toContain(`<a class="secondary" href="#${missing[0]!.id}">Go back to answering</a>`);
    expect(shown.html).toContain('<button type="submit">Submit anyway</button>');
    expect(shown.html).toContain('<input type="hidden" name="confirm" value="1">');
    // The answers given are kept in the form: the choice checked, the ranks selected, the text in its textarea (escaped).
    expect(shown.html).toMatch(new RegExp(`name="${choice.id}" value="${choice.answer_index}"( id="[^"]+")? checked>`));
    ranksort.items!.forEach((_, index) => {
      const rank = all[`${ranksort.id}.${index}`];
      expect(shown.html).toMatch(
        new RegExp(
          `name="${ranksort.id}\\.${index}"[^>]*>(<option[^>]*>[^<]*</option>)*<option value="${rank}" selected>`,
        ),
      );
    });
    const escaped = TEXT.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
    expect(shown.html).toContain(`name="${text.id}" rows="6" aria-describedby="${text.id}-hint">${escaped}</textarea>`);
    expect(shown.html).not.toContain('<b>first</b>');
    // Nothing changed: no score, no status change, no event.
    expect((await emu.call('GET', `/candidates/${candidateId}`)).json.data).toMatchObject({
      status: 'new',
      score: null,
    });
    expect(completions(emu, candidateId)).toEqual([]);
    expect((await page(url)).html).not.toContain('Answers received');

    // "Submit anyway": the same answers with confirm=1 (the hidden fields of the confirmation form) are scored, and final.
    const hidden = Object.fromEntries(
      [...shown.html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, name, value]) => [
        name!,
        value!.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
      ]),
    );
    expect(hidden).toEqual({ ...partial, confirm: '1' });
    const sent = await post(url, hidden);
    expect(sent.status).toBe(303);
    const scored = (await emu.call('GET', `/candidates/${candidateId}`)).json.data;
    expect(scored.status).toBe('review');
    expect(scored.score).toBeGreaterThan(0);
    expect(scored.score).toBeLessThan(100);
    expect(completions(emu, candidateId)).toHaveLength(1);
    expect((await post(url, all)).status).toBe(409);
  });

  it('scores a complete submission at once, without asking', async () => {
    const { emu, url, candidateId, assessment } = await applied();
    const sent = await post(url, rightAnswers(assessment, TEXT));
    expect(sent.status).toBe(303);
    expect((await emu.call('GET', `/candidates/${candidateId}`)).json.data).toMatchObject({
      status: 'review',
      score: 100,
    });
    expect(completions(emu, candidateId)).toHaveLength(1);
  });

  it('asks with nothing answered too, and an empty submission confirmed scores 0', async () => {
    const { emu, url, candidateId, assessment } = await applied();
    const shown = await post(url, {});
    expect(shown.status).toBe(200);
    const n = assessment.questions.length;
    expect(shown.html).toContain(`${n} of ${n} questions are unanswered`);
    expect((await emu.call('GET', `/candidates/${candidateId}`)).json.data.score).toBeNull();
    expect((await post(url, { confirm: '1' })).status).toBe(303);
    expect((await emu.call('GET', `/candidates/${candidateId}`)).json.data).toMatchObject({
      status: 'review',
      score: 0,
    });
  });

  it('keeps the time limit: "Submit anyway" after it is refused (410) like any late answers, and nothing is scored', async () => {
    const clock = { now: Date.parse('2026-03-02T09:00:00.000Z') };
    const { emu, url, candidateId } = await applied(clock);
    clock.now += 300_000;
    const shown = await post(url, {});
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('questions are unanswered');
    clock.now += 301_000; // past the 10 minutes from when the page first opened
    const late = await post(url, { confirm: '1' });
    expect(late.status).toBe(410);
    expect(late.html).toContain('<h1>Time is up</h1>');
    expect((await post(url, {})).status).toBe(410);
    expect((await emu.call('GET', `/candidates/${candidateId}`)).json.data).toMatchObject({
      status: 'new',
      score: null,
    });
    expect(completions(emu, candidateId)).toEqual([]);
  });
});
