// The candidate's side of the emulator over real HTTP, without a browser (docs/emulator.md
// "The candidate's side"): /apply/{job_id} and /assess/{token}, their status codes, escaping, form
// validation, jobs that are not open, the assessment's time limit on a clock the test moves, and
// what applying does to the data and the events (the same as `hire emulator simulate`).
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Assessment } from '../../src/emulator/platform/question-bank.js';
import { scoreAnswers } from '../../src/emulator/platform/question-bank.js';
import { DESCRIPTION, json, runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { createJob, emulator, page, post, rightAnswers } from '../helpers/pages.js';

type Body = Record<string, unknown>;

const HOSTILE_SCRIPT = '<script>window.__pwned=1</script>';
const HOSTILE_IMG = '<img src=x onerror="window.__pwned=1">';

/** Registers a webhook for every kind, so that the emulator records each event it emits. */
async function recordEvents(emu: TestEmulator): Promise<void> {
  const response = await emu.call('POST', '/webhooks', {
    body: {
      url: 'http://127.0.0.1:9/hooks',
      secret: 'a-secret-of-16-chars',
      events: [
        'job.created',
        'assessment.generated',
        'application.received',
        'application.created',
        'assessment.completed',
        'candidate.statusChanged',
        'interview.scheduled',
        'offer.extended',
      ],
    },
  });
  expect(response.status).toBe(201);
}

function eventsFor(emu: TestEmulator, candidateId: string): Array<{ type: string; data: any }> {
  return emu.store
    .all<{ id: string; type: string; data: any }>('events')
    .filter((event) => event.data.id === candidateId || event.data.candidate_id === candidateId)
    .map(({ type, data }) => ({ type, data }));
}

/** A written answer that scores (the emulator's stored questions know the rest). */
const WRITTEN =
  'The main risk is a regression; my first step is a small reproducible change, and success is measured by the error-rate metric.';

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe('GET /apply/{job_id}', () => {
  it('shows an active job with its facts, its Markdown rendered, and an accessible form', async () => {
    const { emu } = await emulator();
    const job = await createJob(emu, {
      title: 'Platform Engineer',
      department: 'Infrastructure',
      location: { type: 'hybrid', city: 'Berlin', state: 'BE', country: 'DE' },
      salary: { min: 70000, max: 90000, currency: 'EUR', period: 'yearly' },
      description: `# Who we are\n\nWe run **the hiring platform**. See [our blog](https://example.com/blog) and [this](javascript:alert(1)).\n\n- on-call\n- APIs\n\n${'More detail about the team and the work. '.repeat(3)}`,
    });
    expect(job.application_url).toBe(`${emu.origin}/apply/${job.id}`);
    const { status, headers, html } = await page(job.application_url);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(headers.get('content-security-policy')).not.toMatch(/script-src/);
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(count(html, /<h1[ >]/g)).toBe(1);
    expect(html).toContain('<h1>Platform Engineer</h1>');
    expect(html).toContain('<dd>Infrastructure</dd>');
    expect(html).toContain('<dd>Hybrid · Berlin, BE, DE</dd>');
    expect(html).toContain('<dd>70,000 – 90,000 EUR per year</dd>');
    // Markdown: headings kept below the page's h2, emphasis, lists, http(s) links only.
    expect(html).toContain('<h3>Who we are</h3>');
    expect(html).toContain('<strong>the hiring platform</strong>');
    expect(html).toContain('<li>on-call</li>');
    expect(html).toMatch(/<a href="https:\/\/example\.com\/blog" rel="nofollow ugc noopener noreferrer">our blog<\/a>/);
    expect(html).not.toMatch(/href="javascript:/i);
    // Every input has a label tied to it, in the order name, email, note, then the button.
    for (const id of ['name', 'email', 'note']) {
      expect(html).toContain(`<label for="${id}">`);
      expect(html).toMatch(new RegExp(`<(input|textarea)[^>]* id="${id}"`));
    }
    const order = ['id="name"', 'id="email"', 'id="note"', '<button type="submit">'].map((marker) =>
      html.indexOf(marker),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain(`<form method="post" action="/apply/${job.id}" novalidate`);
  });

  it('shows the title, description and every other value as text: no markup from the job gets through', async () => {
    const { emu } = await emulator();
    const job = await createJob(emu, {
      title: `Engineer ${HOSTILE_SCRIPT}`,
      department: HOSTILE_IMG,
      location: { type: 'onsite', city: '"><script>x</script>', state: 'TX' },
      skills: [HOSTILE_SCRIPT],
      requirements: [HOSTILE_IMG],
      // (a currency can hold no markup: it must be an ISO 4217 code)
      salary: { min: 1, max: 2, currency: 'EUR' },
      description: `${HOSTILE_SCRIPT}\n\n${HOSTILE_IMG}\n\n<iframe src="https://example.com"></iframe> ${'Long enough description text. '.repeat(4)}`,
    });
    const { status, html } = await page(job.application_url);
    expect(status).toBe(200);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).toContain('<h1>Engineer &#60;script&#62;window.__pwned=1&#60;/script&#62;</h1>');
    expect(html).toContain('&#60;img src=x onerror=&#34;window.__pwned=1&#34;&#62;');
    expect(html).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;'); // markdown-it's own escaping
    expect(html).toContain('<title>Apply: Engineer &#60;script&#62;');
  });

  it('answers 404 with a page for an unknown job, and 405 for other methods', async () => {
    const { emu } = await emulator();
    const missing = await page(`${emu.origin}/apply/job_doesnotexist`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(missing.html).toContain('<h1>Job not found</h1>');
    const job = await createJob(emu);
    const put = await page(job.application_url, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    // No key is needed, and none of the API's answers are given there.
    const api = await page(`${emu.origin}/apply`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/json/);
  });

  it('draft, paused and closed jobs: a page that says so without a form, and POST refused with 409', async () => {
    const { emu } = await emulator();
    const draft = await createJob(emu, { publish: false });
    const paused = await createJob(emu);
    const closed = await createJob(emu);
    expect((await emu.call('PATCH', `/jobs/${paused.id}`, { body: { status: 'paused' } })).status).toBe(200);
    expect((await emu.call('PATCH', `/jobs/${closed.id}`, { body: { status: 'closed' } })).status).toBe(200);
    // A draft was never published: its page says only that it is not open (public-pages.test.ts).
    const reasons = {
      [draft.id]: /This job is not open for applications\./,
      [paused.id]: /paused/,
      [closed.id]: /closed and no longer takes applications/,
    };
    for (const job of [draft, paused, closed]) {
      const shown = await page(job.application_url);
      expect(shown.status).toBe(200);
      expect(shown.html).toContain('Not open for applications');
      expect(shown.html).toMatch(reasons[job.id]!);
      expect(shown.html).not.toContain('<form');
      const refused = await post(job.application_url, { name: 'Ada Lovelace', email: 'ada@example.com', note: '' });
      expect(refused.status).toBe(409);
      expect(refused.html).toContain('Not open for applications');
      expect(refused.html).not.toContain('<form');
    }
    expect(emu.store.count('candidates')).toBe(0);
    for (const job of [draft, paused, closed])
      expect((await emu.call('GET', `/jobs/${job.id}`)).json.data.candidate_count).toBe(0);
  });
});

describe('POST /apply/{job_id}', () => {
  it('re-renders the form with 422, a message next to each bad field and what was typed (escaped)', async () => {
    const { emu } = await emulator();
    const job = await createJob(emu);
    const typed = {
      name: '',
      email: 'ada"><script>alert(1)</script>',
      note: 'My links: https://example.com/ada <b>bold</b>',
    };
    const answer = await post(job.application_url, typed);
    expect(answer.status).toBe(422);
    expect(answer.html).toContain('<span class="error" id="name-error">Error: Enter your full name.</span>');
    expect(answer.html).toContain(
      '<span class="error" id="email-error">Error: Enter an email address like name@example.com.</span>',
    );
    expect(answer.html).not.toContain('id="note-error"');
    expect(answer.html).toMatch(
      /<input type="email" id="email"[^>]* value="ada&#34;&#62;&#60;script&#62;alert\(1\)&#60;\/script&#62;" aria-invalid="true" aria-describedby="email-hint email-error">/,
    );
    expect(answer.html).toContain('>My links: https://example.com/ada &#60;b&#62;bold&#60;/b&#62;</textarea>');
    expect(answer.html).not.toMatch(/<script/i);
    expect(answer.html).toContain('role="alert"'); // the summary, read out first
    expect(count(answer.html, /<h1[ >]/g)).toBe(1);

    const tooLong = await post(job.application_url, { name: 'Ada', email: 'ada@example.com', note: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.html).toContain('Error: Use at most 2,000 characters (you used 2,001).');
    for (const email of ['ada', 'ada@', '@example.com', 'ada@example', 'ada lovelace@example.com', 'a@b.c']) {
      expect((await post(job.application_url, { name: 'Ada', email })).status, email).toBe(422);
    }
    expect(emu.store.count('candidates')).toBe(0);
    expect((await emu.call('GET', `/jobs/${job.id}`)).json.data.candidate_count).toBe(0);
  });

  it('refuses what is not a browser form (415) and forms over 64 KiB (413)', async () => {
    const { emu } = await emulator();
    const job = await createJob(emu);
    const asJson = await page(job.application_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Ada"}',
    });
    expect(asJson.status).toBe(415);
    const huge = await post(job.application_url, {
      name: 'Ada',
      email: 'ada@example.com',
      note: 'x'.repeat(70 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(emu.store.count('candidates')).toBe(0);
  });

  it('without an assessment: a candidate (new), candidate_count raised, both application events, then a thank-you page', async () => {
    const { emu } = await emulator();
    await recordEvents(emu);
    const job = await createJob(emu, { assessment_config: { auto_generate: false } });
    const answer = await post(job.application_url, {
      name: '  Grace Hopper ',
      email: 'grace@example.com',
      note: 'https://example.com/grace',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/apply/${job.id}/thanks`);
    const thanks = await page(new URL(answer.headers.get('location')!, emu.origin).href);
    expect(thanks.status).toBe(200);
    expect(thanks.html).toContain('<h1>Thank you for applying</h1>');

    const listed = await emu.call('GET', `/candidates?job_id=${job.id}`);
    expect(listed.json.data).toHaveLength(1);
    const candidate = listed.json.data[0];
    expect(candidate).toMatchObject({
      job_id: job.id,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      status: 'new',
      score: null,
    });
    expect((await emu.call('GET', `/jobs/${job.id}`)).json.data.candidate_count).toBe(1);
    expect(eventsFor(emu, candidate.id).map((event) => event.type)).toEqual([
      'application.received',
      'application.created',
    ]);
    expect(eventsFor(emu, candidate.id)[0]!.data).toEqual(candidate);
  });

  it('one application per email address and job: the same address again (any case) answers as the first did, nothing created', async () => {
    const { emu } = await emulator();
    const job = await createJob(emu, { assessment_config: { auto_generate: false } });
    const first = await post(job.application_url, { name: 'Grace Hopper', email: 'grace@example.com', note: '' });
    expect(first.status).toBe(303);
    const again = await post(job.application_url, {
      name: 'G. Hopper',
      email: ' GRACE@example.com ',
      note: 'me again',
    });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.html).toBe(first.html);
    expect((await emu.call('GET', `/candidates?job_id=${job.id}`)).json.data).toHaveLength(1);
    expect((await emu.call('GET', `/jobs/${job.id}`)).json.data.candidate_count).toBe(1);
    // Another job takes the same person.
    const other = await createJob(emu, { assessment_config: { auto_generate: false } });
    expect(
      (await post(other.application_url, { name: 'Grace Hopper', email: 'grace@example.com', note: '' })).status,
    ).toBe(303);
  });
});

describe('the assessment page', () => {
  async function applied(emu: TestEmulator, overrides: Body = {}) {
    const job = await createJob(emu, {
      assessment_config: { question_count: 6, time_limit: 600 },
      skills: ['go', 'sql'],
      ...overrides,
    });
    const answer = await post(job.application_url, { name: 'Ada Lovelace', email: 'ada@example.com', note: '' });
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location')!;
    const candidate = (await emu.call('GET', `/candidates?job_id=${job.id}`)).json.data.at(-1);
    const assessment = emu.store.get<Assessment>('assessments', job.assessment_id)!;
    return { job, url: new URL(location, emu.origin).href, location, candidate, assessment };
  }

  it('takes the candidate to /assess/{token}: an unguessable token, not the candidate id', async () => {
    const { emu } = await emulator();
    const first = await applied(emu);
    const second = await applied(emu);
    expect(first.location).toMatch(/^\/assess\/[A-Za-z0-9_-]{43}$/);
    expect(first.location).not.toContain(first.candidate.id);
    expect(first.location).not.toBe(second.location);
    // The token is not stored as it is: only its hash.
    expect(JSON.stringify(emu.store.all('applications'))).not.toContain(first.location.slice('/assess/'.length));
    expect((await page(`${emu.origin}/assess/${first.candidate.id}`)).status).toBe(404);
    expect((await page(`${emu.origin}/assess/${'A'.repeat(43)}`)).status).toBe(404);
  });

  it('shows the questions without their answers; right answers score 100 and move the candidate to review with the events simulate emits', async () => {
    const { emu } = await emulator();
    await recordEvents(emu);
    const { job, url, candidate, assessment } = await applied(emu);
    const shown = await page(url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(count(shown.html, /<h1[ >]/g)).toBe(1);
    expect(shown.html).toContain('<h1>Assessment: Backend Engineer</h1>');
    expect(shown.html).toContain('You have 10 minutes');
    expect(shown.html).toContain('<time datetime="2026-03-02T09:10:00.000Z">09:10:00 UTC</time>');
    for (const question of assessment.questions) expect(shown.html).toContain(question.prompt.replace(/’/g, '’'));
    expect(shown.html).not.toContain('answer_index');
    // Every control is labelled: radios and selects inside their label, text areas by for=.
    expect(count(shown.html, /<fieldset/g)).toBe(
      assessment.questions.filter((question) => question.type !== 'scenario').length,
    );

    const sent = await post(url, rightAnswers(assessment, WRITTEN));
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(new URL(url).pathname);
    const after = await page(url);
    expect(after.html).toContain('Answers received');
    expect(after.html).not.toContain('<form');

    const scored = (await emu.call('GET', `/candidates/${candidate.id}`)).json.data;
    expect(scored).toMatchObject({ status: 'review', score: 100 });
    const events = eventsFor(emu, candidate.id);
    expect(events.map((event) => [event.type, event.data.status ?? null])).toEqual([
      ['application.received', 'new'],
      ['application.created', 'new'],
      ['candidate.statusChanged', 'screening'],
      ['assessment.completed', null],
      ['candidate.statusChanged', 'review'],
    ]);
    expect(events[3]!.data).toEqual({
      candidate_id: candidate.id,
      job_id: job.id,
      assessment_id: job.assessment_id,
      score: 100,
    });

    // simulate's completion makes the same events, in the same order.
    const simulated = await fetch(`${emu.origin}/_emulator/simulate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ job_id: job.id, applications: 1, seed: 3, complete_assessments: true }),
    });
    expect(simulated.status).toBe(201);
    const other = (await emu.call('GET', `/candidates?job_id=${job.id}`)).json.data.find(
      (entry: any) => entry.id !== candidate.id,
    );
    expect(eventsFor(emu, other.id).map((event) => [event.type, event.data.status ?? null])).toEqual(
      events.map((event) => [event.type, event.data.status ?? null]),
    );

    // A second submission is refused and changes nothing.
    const again = await post(url, {});
    expect(again.status).toBe(409);
    expect((await emu.call('GET', `/candidates/${candidate.id}`)).json.data.score).toBe(100);
  });

  it('scores what was answered: nothing (confirmed) scores 0, and a ranking with the same rank twice is sent back (422) with the answers kept', async () => {
    const { emu } = await emulator();
    const { url, candidate, assessment } = await applied(emu);
    await page(url);
    const ranksort = assessment.questions.find((question) => question.type === 'ranksort')!;
    const choice = assessment.questions.find((question) => question.type === 'multiple_choice')!;
    const duplicate = {
      [`${ranksort.id}.0`]: '1',
      [`${ranksort.id}.1`]: '1',
      [choice.id]: String(choice.answer_index),
    };
    const refused = await post(url, duplicate);
    expect(refused.status).toBe(422);
    expect(refused.html).toContain(
      `<span class="error" id="${ranksort.id}-error">Error: Give each task a different rank from 1 to 4.</span>`,
    );
    expect(refused.html).toContain(
      `name="${choice.id}" value="${choice.answer_index}"${choice.answer_index === 0 ? ` id="${choice.id}"` : ''} checked>`,
    );
    expect((await emu.call('GET', `/candidates/${candidate.id}`)).json.data).toMatchObject({
      status: 'new',
      score: null,
    });

    const empty = await post(url, { confirm: '1' });
    expect(empty.status).toBe(303);
    expect((await emu.call('GET', `/candidates/${candidate.id}`)).json.data).toMatchObject({
      status: 'review',
      score: 0,
    });
    expect(scoreAnswers(assessment, { choices: {}, ranks: {}, texts: {} })).toBe(0);
  });

  it('times the assessment from when the page was first served: answers at the limit count, a second later they are refused (410)', async () => {
    const { emu, clock } = await emulator();
    const onTime = await applied(emu);
    const late = await applied(emu);
    const start = clock.now;
    expect((await page(onTime.url)).status).toBe(200);
    expect((await page(late.url)).status).toBe(200);

    // Opening the page again does not restart the clock.
    clock.now = start + 300_000;
    expect((await page(late.url)).html).toContain('09:10:00 UTC');

    clock.now = start + 600_000; // exactly the 10 minutes
    expect((await post(onTime.url, rightAnswers(onTime.assessment, WRITTEN))).status).toBe(303);
    expect((await emu.call('GET', `/candidates/${onTime.candidate.id}`)).json.data).toMatchObject({
      status: 'review',
      score: 100,
    });

    clock.now = start + 601_000;
    const refused = await post(late.url, rightAnswers(late.assessment, WRITTEN));
    expect(refused.status).toBe(410);
    expect(refused.html).toContain('<h1>Time is up</h1>');
    expect(refused.html).toContain('ran out at 2026-03-02 09:10:00 UTC');
    expect((await emu.call('GET', `/candidates/${late.candidate.id}`)).json.data).toMatchObject({
      status: 'new',
      score: null,
    });
    expect((await page(late.url)).status).toBe(410);
  });

  it('starts the clock at the first GET, not at the application', async () => {
    const { emu, clock } = await emulator();
    const { url, assessment, candidate } = await applied(emu);
    clock.now += 3_600_000; // an hour between applying and opening the assessment
    expect((await page(url)).html).toContain('10:10:00 UTC');
    clock.now += 599_000;
    expect((await post(url, rightAnswers(assessment, WRITTEN))).status).toBe(303);
    expect((await emu.call('GET', `/candidates/${candidate.id}`)).json.data.status).toBe('review');
  });
});

describe('application_url', () => {
  function getJob(emu: TestEmulator, id: string, host: string): Promise<any> {
    const { port } = new URL(emu.origin);
    return new Promise((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: `/api/v1/jobs/${id}`, headers: { host, authorization: `Bearer ${emu.key}` } },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve(JSON.parse(text).data));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  it('names the origin the emulator is reached at (its Host), and the socket address when Host is not usable', async () => {
    const { emu } = await emulator();
    const job = await createJob(emu);
    const { port } = new URL(emu.origin);
    expect((await getJob(emu, job.id, `localhost:${port}`)).application_url).toBe(
      `http://localhost:${port}/apply/${job.id}`,
    );
    expect((await getJob(emu, job.id, 'evil.example/"><x')).application_url).toBe(`${emu.origin}/apply/${job.id}`);
    const listed = await emu.call('GET', '/jobs');
    expect(listed.json.data[0].application_url).toBe(`${emu.origin}/apply/${job.id}`);
    expect((await page(listed.json.data[0].application_url)).status).toBe(200);
  });

  it("from a command run in-process: the local profile's address, where `hire emulator start` serves the same data", async () => {
    const box = await sandbox();
    const result = await runCli(
      ['jobs', 'create', '--title', 'Data Engineer', '--description', DESCRIPTION, '--publish', '--json'],
      { env: box.env },
    );
    expect(result.code, result.stderr).toBe(0);
    const job = json<any>(result);
    const config = JSON.parse(
      await import('node:fs').then((fs) => fs.readFileSync(`${box.configDir}/config.json`, 'utf8')),
    );
    expect(job.application_url).toBe(`${new URL(config.profiles.local.base_url).origin}/apply/${job.id}`);
    // A standing emulator on any port serves the job's page at its own address.
    const standing = await testEmulator(box.dataDir);
    const served = (await standing.call('GET', `/jobs/${job.id}`)).json.data;
    expect(served.application_url).toBe(`${standing.origin}/apply/${job.id}`);
    expect((await page(served.application_url)).html).toContain('<h1>Data Engineer</h1>');
  });
});

describe("the sandbox's pages", () => {
  it('live under /sandbox: the link, the form, the redirect and the candidate stay in the sandbox', async () => {
    const { emu } = await emulator();
    const { ensureLocalKey } = await import('../../src/emulator/access/local-key.js');
    const { sandboxDataDir } = await import('../../src/emulator/platform/sandbox-place.js');
    const sandboxKey = ensureLocalKey(sandboxDataDir(emu.store.dir));
    const created = await fetch(`${emu.origin}/sandbox/api/v1/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandboxKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Sandbox Engineer', description: DESCRIPTION, publish: true }),
    });
    expect(created.status).toBe(201);
    const job = ((await created.json()) as any).data;
    expect(job.application_url).toBe(`${emu.origin}/sandbox/apply/${job.id}`);
    const shown = await page(job.application_url);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain(`<form method="post" action="/sandbox/apply/${job.id}"`);
    // Production has no such job.
    expect((await page(`${emu.origin}/apply/${job.id}`)).status).toBe(404);

    const applied = await post(job.application_url, { name: 'Sandy', email: 'sandy@example.com' });
    expect(applied.status).toBe(303);
    expect(applied.headers.get('location')).toMatch(/^\/sandbox\/assess\/[A-Za-z0-9_-]{43}$/);
    const assessment = await page(new URL(applied.headers.get('location')!, emu.origin).href);
    expect(assessment.status).toBe(200);
    expect(assessment.html).toContain(`action="${applied.headers.get('location')}"`);
    expect(emu.store.count('candidates')).toBe(0);
  });
});
