// The candidate's pages hold against the internet (issue 27): a per-address allowance of views and
// form posts on the emulator's clock, an application found again by an index and answered exactly
// like the first, descriptions rendered once and bounded in size, and drafts that show nothing.
// Real HTTP on loopback against an in-process emulator whose clock the test moves.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CANDIDATE_BY_EMAIL } from '../../src/emulator/storage/store.js';
import * as markdown from '../../src/emulator/pages/markdown.js';
import { PAGE_LIMITS } from '../../src/emulator/pages/limits.js';
import { DESCRIPTION_MAX_CHARS } from '../../src/domain/vocabulary.js';
import { DESCRIPTION, runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { createJob, emulator, page, post, type Page } from '../helpers/pages.js';

/** A GET from another loopback address (127.0.0.2), to show that each address has its own allowance. */
function getFrom(localAddress: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers a stranger could compare, without those that differ on every answer. */
function comparable(answer: Page): Record<string, string> {
  const headers = Object.fromEntries(answer.headers);
  delete headers.date;
  delete headers['x-request-id'];
  if (headers.location) headers.location = headers.location.replace(/[A-Za-z0-9_-]{43}$/, 'TOKEN');
  return headers;
}

describe('page limits per address', () => {
  it(`${PAGE_LIMITS.views} views a minute, then a 429 page with Retry-After until the window ends; other addresses and the API unaffected`, async () => {
    const { emu, clock } = await emulator();
    const job = await createJob(emu);
    for (let index = 0; index < PAGE_LIMITS.views; index++) {
      const shown = await page(index % 2 === 0 ? job.application_url : `${emu.origin}/apply/job_missing`, {
        method: index % 3 === 0 ? 'HEAD' : 'GET',
      });
      expect(shown.status, `view ${index + 1}`).not.toBe(429);
    }
    const refused = await page(job.application_url);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(refused.html).toContain('<h1>Too many requests</h1>');
    expect(refused.html).toContain(`limit of ${PAGE_LIMITS.views} pages opened in a minute. Try again in 60 seconds.`);
    expect(refused.html).not.toContain('Backend Engineer');
    // Another address has its own allowance; the API is limited by key, not by this.
    expect(await getFrom('127.0.0.2', job.application_url)).toBe(200);
    expect((await emu.call('GET', `/jobs/${job.id}`)).status).toBe(200);
    // Form posts are counted apart: the views used up do not stop an application.
    expect((await post(job.application_url, { name: 'Ada Lovelace', email: 'ada@example.com' })).status).toBe(303);

    clock.now += 45_500;
    const later = await page(job.application_url);
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('15');
    clock.now += 14_500; // the minute is over
    expect((await page(job.application_url)).status).toBe(200);
  });

  it(`${PAGE_LIMITS.posts} form posts a minute (applications and answers alike); the one past it is not read and creates nothing`, async () => {
    const { emu, clock } = await emulator();
    const job = await createJob(emu, { assessment_config: { auto_generate: false } });
    for (let index = 0; index < PAGE_LIMITS.posts - 1; index++) {
      expect(
        (await post(job.application_url, { name: `Applicant ${index}`, email: `applicant${index}@example.com` }))
          .status,
      ).toBe(303);
    }
    // An invalid form counts too.
    expect((await post(job.application_url, { name: '', email: 'nobody' })).status).toBe(422);
    const refused = await post(job.application_url, { name: 'One Too Many', email: 'late@example.com' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.html).toContain('This form was not received: go back and send it again in 60 seconds.');
    expect((await post(`${emu.origin}/assess/${'A'.repeat(43)}`, {})).status).toBe(429);
    expect((await emu.call('GET', `/jobs/${job.id}`)).json.data.candidate_count).toBe(PAGE_LIMITS.posts - 1);
    expect(emu.store.count('candidates')).toBe(PAGE_LIMITS.posts - 1);
    // Views are still allowed.
    expect((await page(job.application_url)).status).toBe(200);

    clock.now += 60_000;
    expect((await post(job.application_url, { name: 'On Time', email: 'late@example.com' })).status).toBe(303);
    expect(emu.store.count('candidates')).toBe(PAGE_LIMITS.posts);
  });
});

describe('a second application with the same email address', () => {
  it('on a job with an assessment: answered exactly like a new applicant, with an assessment that scores nothing, and creates no candidate or event', async () => {
    const { emu } = await emulator();
    const job = await createJob(emu, { assessment_config: { question_count: 5, time_limit: 600 } });
    const first = await post(job.application_url, { name: 'Grace Hopper', email: 'grace@example.com', note: '' });
    expect(first.status).toBe(303);
    const candidate = (await emu.call('GET', `/candidates?job_id=${job.id}`)).json.data[0];
    const events = emu.store.count('events');

    const repeat = await post(job.application_url, {
      name: 'Someone Else',
      email: 'Grace@Example.com',
      note: 'who is this?',
    });
    const stranger = await post(job.application_url, { name: 'Alan Turing', email: 'alan@example.com', note: '' });
    for (const answer of [repeat, stranger]) {
      expect(answer.status).toBe(first.status);
      expect(answer.html).toBe(first.html);
      expect(comparable(answer)).toEqual(comparable(first));
    }
    expect(repeat.headers.get('location')).not.toBe(first.headers.get('location'));
    // Two candidates (Grace and Alan), the events of Alan's application only, the count of two.
    expect(
      (await emu.call('GET', `/candidates?job_id=${job.id}`)).json.data.map((entry: any) => entry.email).sort(),
    ).toEqual(['alan@example.com', 'grace@example.com']);
    expect(emu.store.count('events')).toBe(events + 2);
    expect((await emu.call('GET', `/jobs/${job.id}`)).json.data.candidate_count).toBe(2);

    // The repeat's link opens an assessment as the stranger's does; its answers change nothing.
    const repeatUrl = new URL(repeat.headers.get('location')!, emu.origin).href;
    const strangerUrl = new URL(stranger.headers.get('location')!, emu.origin).href;
    const [repeatPage, strangerPage] = [await page(repeatUrl), await page(strangerUrl)];
    expect(repeatPage.status).toBe(200);
    expect(repeatPage.html.replace(/\/assess\/[A-Za-z0-9_-]{43}/g, '')).toBe(
      strangerPage.html.replace(/\/assess\/[A-Za-z0-9_-]{43}/g, ''),
    );
    const sent = await post(repeatUrl, { confirm: '1' }); // nothing answered, confirmed
    expect(sent.status).toBe(303);
    expect((await page(repeatUrl)).html).toContain('Answers received');
    expect((await emu.call('GET', `/candidates/${candidate.id}`)).json.data).toMatchObject({
      status: 'new',
      score: null,
    });
    expect(emu.store.count('events')).toBe(events + 2);
  });

  it("is found by an index on (job_id, email), not by reading the job's candidates", async () => {
    const { emu } = await emulator();
    const plan = emu.store.db.prepare(`EXPLAIN QUERY PLAN ${CANDIDATE_BY_EMAIL}`).all('job_x', 'a@example.com');
    expect(plan.map((row) => String(row.detail)).join('\n')).toMatch(
      /SEARCH candidates USING INDEX candidates_job_id_email \(<expr>=\? AND <expr>=\?\)/,
    );
    expect(emu.store.candidateByEmail('job_x', 'a@example.com')).toBeUndefined();
  });
});

describe('job descriptions on the page', () => {
  it('are rendered once per text: views after the first reuse it, a changed description is rendered again', async () => {
    const { emu } = await emulator();
    const text = `# A description seen once ${Date.now()}\n\n${DESCRIPTION}`;
    const job = await createJob(emu, { description: text });
    const before = markdown.descriptionsRendered;
    for (let index = 0; index < 3; index++)
      expect((await page(job.application_url)).html).toContain('<h3>A description seen once');
    expect(markdown.descriptionsRendered).toBe(before + 1);
    expect(
      (await emu.call('PATCH', `/jobs/${job.id}`, { body: { description: `${text}\n\n**Changed.**` } })).status,
    ).toBe(200);
    expect((await page(job.application_url)).html).toContain('<strong>Changed.</strong>');
    expect((await page(job.application_url)).status).toBe(200);
    expect(markdown.descriptionsRendered).toBe(before + 2);
  });

  it('show no heading twice: a description opening with "About the role" leaves its own out, keeps the rest', async () => {
    const { emu } = await emulator();
    const headings = (html: string) =>
      [...html.matchAll(/<h\d[^>]*>(.*?)<\/h\d>/g)].map((match) => match[1]!.replace(/<[^>]*>/g, ''));
    for (const opening of ['## About the role', '# **About the Role:**', 'About the role\n---']) {
      const job = await createJob(emu, {
        description: `${opening}\n\n${DESCRIPTION}\n\n### What you will do\n\nShip.`,
      });
      const { html } = await page(job.application_url);
      expect(
        headings(html).filter((heading) => /about the role/i.test(heading)),
        opening,
      ).toEqual(['About the role']);
      expect(html).toContain('<h5>What you will do</h5>');
      expect(html).toContain(DESCRIPTION.split('\n')[0]!.slice(0, 40));
    }
    // Elsewhere in a description, the words are the author's: kept.
    const later = await createJob(emu, { description: `${DESCRIPTION}\n\n## About the role\n\nMore.` });
    expect((await page(later.application_url)).html).toContain('<h4>About the role</h4>');
  });

  it(`are at most ${DESCRIPTION_MAX_CHARS.toLocaleString('en-US')} characters: the API answers 400 naming description, and the CLI exits 2`, async () => {
    const { emu } = await emulator();
    const longest = 'x'.repeat(DESCRIPTION_MAX_CHARS);
    const job = await createJob(emu, { description: longest });
    expect(job.description).toBe(longest);
    const tooLong = `${longest}é`;
    const created = await emu.call('POST', '/jobs', { body: { title: 'Too long', description: tooLong } });
    expect(created.status).toBe(400);
    expect(created.json.error.code).toBe('validation_error');
    const most = DESCRIPTION_MAX_CHARS.toLocaleString('en-US');
    expect(created.json.error.details).toEqual({
      description: `must be at most ${most} characters (got ${(DESCRIPTION_MAX_CHARS + 1).toLocaleString('en-US')})`,
    });
    const patched = await emu.call('PATCH', `/jobs/${job.id}`, { body: { description: tooLong } });
    expect(patched.status).toBe(400);
    expect(patched.json.error.details.description).toContain(`at most ${most} characters`);

    const box = await sandbox();
    const cli = await runCli(['jobs', 'create', '--title', 'Too long', '--description', tooLong], { env: box.env });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(/description/);
    expect(cli.stderr).toContain(
      `at most ${most} characters (got ${(DESCRIPTION_MAX_CHARS + 1).toLocaleString('en-US')})`,
    );
  });
});

describe('a draft job', () => {
  it('is not public: its page, a post to it and its thank-you page say only that it is not open', async () => {
    const { emu } = await emulator();
    const job = await createJob(emu, {
      publish: false,
      title: 'Secret Reorg Lead',
      department: 'Confidential',
      salary: { min: 250000, max: 300000, currency: 'USD' },
      description: `Replacing the current head of platform. ${DESCRIPTION}`,
    });
    const answers = [
      await page(job.application_url),
      await post(job.application_url, { name: 'Ada', email: 'ada@example.com' }),
      await page(`${job.application_url}/thanks`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 409, 200]);
    for (const answer of answers) {
      expect(answer.html).toContain('<h1>Not open for applications</h1>');
      expect(answer.html).toContain('This job is not open for applications.');
      for (const secret of [
        'Secret Reorg Lead',
        'Confidential',
        '250,000',
        'USD',
        'Replacing the current head',
        '<form',
      ])
        expect(answer.html).not.toContain(secret);
    }
    expect(emu.store.count('candidates')).toBe(0);
    // Published, it is shown in full.
    expect((await emu.call('PATCH', `/jobs/${job.id}`, { body: { status: 'active' } })).status).toBe(200);
    expect((await page(job.application_url)).html).toContain('<h1>Secret Reorg Lead</h1>');
  });
});
