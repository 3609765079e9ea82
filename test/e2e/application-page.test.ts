// The candidate's side in a real browser (issue 16; docs/emulator.md "The candidate's side"): Debian's
// headless Chromium, driven by playwright-core, opens a job's application_url on a standing
// emulator (`hire emulator start --port 0`), applies, takes the assessment, and the built CLI then
// sees the candidate with its score while a `hire webhooks listen --register` receiver gets the
// signed deliveries. A job carrying <script> and <img onerror> shows them as text and runs nothing;
// a description opening with the page's own heading does not show it twice.
// Each page's screenshot is saved in the test's temp dir (kept where HIRE_KEEP_SCREENSHOTS says).
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hire, spawnHire, waitFor, type Spawned } from '../helpers/bin.js';
import { DESCRIPTION } from '../helpers/cli.js';
import { beforeSandboxRemoval, sandbox, type Sandbox } from '../helpers/env.js';
import { TASKS } from '../../src/emulator/platform/role-families.js';

const CHROMIUM = '/usr/bin/chromium';
const HOSTILE_SCRIPT = '<script>window.__pwned=1</script>';
const HOSTILE_IMG = '<img src=x onerror="window.__pwned=1">';
const TASK_ORDER = TASKS;

/** `hire emulator start --port 0` on the box's data dir; commands on the local profile find it there. */
async function standingEmulator(box: Sandbox): Promise<{ proc: Spawned; origin: string }> {
  const proc = spawnHire(box, ['emulator', 'start', '--port', '0']);
  const match = await waitFor(proc, 'the emulator to listen', () =>
    /listening on (http:\/\/127\.0\.0\.1:\d+)\/api\/v1/.exec(proc.stderr),
  );
  return { proc, origin: match[1]! };
}

/** A browser of its own: a fresh profile in the test's temp dir, closed before the temp dir goes. */
async function browser(box: Sandbox): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(join(box.root, 'chromium-profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 900, height: 900 },
  });
  beforeSandboxRemoval(() => context.close());
  return context;
}

async function screenshot(box: Sandbox, page: Page, name: string): Promise<void> {
  const path = join(box.root, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  expect(existsSync(path)).toBe(true);
  const keep = process.env.HIRE_KEEP_SCREENSHOTS;
  if (keep) {
    mkdirSync(keep, { recursive: true });
    copyFileSync(path, join(keep, `${name}.png`));
  }
}

async function ok(box: Sandbox, args: string[]): Promise<string> {
  const result = await hire(box, args);
  expect(result.code, `hire ${args.join(' ')}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

async function createJob(
  box: Sandbox,
  args: string[],
): Promise<{ id: string; application_url: string; assessment_id: string }> {
  return JSON.parse(await ok(box, ['jobs', 'create', '--publish', '--json', ...args]));
}

interface Delivery {
  id: string;
  type: string;
  valid: boolean;
  data: Record<string, unknown>;
}

describe('the application page in headless Chromium', () => {
  it('applies (an invalid email first), takes the assessment, and the CLI and a webhook receiver see the result', async () => {
    const box = await sandbox();
    const emulator = await standingEmulator(box);
    const job = await createJob(box, [
      '--title',
      'Platform Engineer',
      '--department',
      'Infrastructure',
      '--location-type',
      'hybrid',
      '--city',
      'Berlin',
      '--state',
      'BE',
      '--country',
      'DE',
      '--salary-min',
      '70000',
      '--salary-max',
      '90000',
      '--salary-currency',
      'EUR',
      '--salary-period',
      'yearly',
      '--skill',
      'go,sql',
      '--question-count',
      '5',
      '--time-limit',
      '600',
      '--description',
      `## The team\n\nWe run **the hiring platform** for many companies. Read [our blog](https://example.com/blog).\n\n- Go services\n- PostgreSQL\n\n${DESCRIPTION}`,
    ]);
    expect(job.application_url).toBe(`${emulator.origin}/apply/${job.id}`);

    const receiver = spawnHire(box, ['webhooks', 'listen', '--register', '--json']);
    await waitFor(receiver, '"Registered webhook"', () => /Registered webhook wh_\S+/.exec(receiver.stderr));
    const deliveries = () =>
      receiver.stdout
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Delivery);

    const context = await browser(box);
    const page = await context.newPage();
    const opened = await page.goto(job.application_url);
    expect(opened?.status()).toBe(200);
    await expect.poll(() => page.title()).toBe('Apply: Platform Engineer');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('h1').allTextContents()).toEqual(['Platform Engineer']);
    expect(await page.locator('.description strong').textContent()).toBe('the hiring platform');
    expect(await page.locator('.facts').textContent()).toContain('70,000 – 90,000 EUR per year');
    for (const label of ['Full name', 'Email address', 'Cover note or links'])
      expect(await page.getByLabel(label).count(), label).toBe(1);
    // The keyboard goes through the form in reading order.
    await page.getByLabel('Full name').focus();
    // Evaluated in the page (as strings: this file is compiled without the DOM's types).
    const focused = () => page.evaluate<string>('document.activeElement.id || document.activeElement.tagName');
    const order = [await focused()];
    for (let step = 0; step < 3; step++) {
      await page.keyboard.press('Tab');
      order.push(await focused());
    }
    expect(order).toEqual(['name', 'email', 'note', 'BUTTON']);
    await screenshot(box, page, 'apply');

    // An invalid email: the page comes back with the message next to the field and what was typed.
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email address').fill('ada-at-example.com');
    await page.getByLabel('Cover note or links').fill('My work: https://example.com/ada <b>and more</b>');
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.getByRole('button', { name: 'Send application' }).click(),
    ]);
    expect(refused.status()).toBe(422);
    await page.waitForLoadState();
    expect(await page.locator('#email-error').textContent()).toBe(
      'Error: Enter an email address like name@example.com.',
    );
    expect(await page.getByLabel('Full name').inputValue()).toBe('Ada Lovelace');
    expect(await page.getByLabel('Email address').inputValue()).toBe('ada-at-example.com');
    expect(await page.getByLabel('Cover note or links').inputValue()).toBe(
      'My work: https://example.com/ada <b>and more</b>',
    );
    expect(await page.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[role=alert]').textContent()).toContain('Email address: Enter an email address');
    await screenshot(box, page, 'apply-invalid');

    await page.getByLabel('Email address').fill('ada@example.com');
    await Promise.all([
      page.waitForURL(/\/assess\/[A-Za-z0-9_-]{43}$/),
      page.getByRole('button', { name: 'Send application' }).click(),
    ]);
    expect(await page.locator('h1').allTextContents()).toEqual(['Assessment: Platform Engineer']);
    await screenshot(box, page, 'assessment');

    // The questions, answered as the platform's own assessment says is right.
    const assessment = JSON.parse(await ok(box, ['assessments', 'get', job.assessment_id, '--json'])) as {
      questions: Array<{
        id: string;
        type: string;
        prompt: string;
        options?: string[];
        answer_index?: number;
        items?: string[];
      }>;
    };
    expect(assessment.questions).toHaveLength(5);
    for (const question of assessment.questions) {
      if (question.type === 'multiple_choice') {
        await page.getByRole('radio', { name: question.options![question.answer_index!]! }).first().check();
      } else if (question.type === 'ranksort') {
        const sorted = [...question.items!].sort((a, b) => TASK_ORDER.indexOf(a) - TASK_ORDER.indexOf(b));
        for (const [index, item] of question.items!.entries()) {
          await page.locator(`select[name="${question.id}.${index}"]`).selectOption(String(sorted.indexOf(item) + 1));
        }
      } else {
        await page
          .locator(`textarea[name="${question.id}"]`)
          .fill(
            'The main risk is a regression; my first step is a small, reversible change, and success is measured by the error-rate metric.',
          );
      }
    }
    await screenshot(box, page, 'assessment-answered');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Send answers' }).click()]);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Answers received');
    await screenshot(box, page, 'assessment-done');

    const candidates = JSON.parse(await ok(box, ['candidates', 'list', '--job', job.id, '--json'])) as Array<
      Record<string, unknown>
    >;
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      status: 'review',
      score: 100,
      job_id: job.id,
    });
    expect(JSON.parse(await ok(box, ['jobs', 'get', job.id, '--json']))).toMatchObject({ candidate_count: 1 });

    // The signed deliveries, verified by the receiver (they go out in parallel, so in any order).
    const candidateId = candidates[0]!.id;
    const received = await waitFor(receiver, 'the five deliveries about the candidate', () => {
      const about = deliveries().filter(
        (delivery) => delivery.data.id === candidateId || delivery.data.candidate_id === candidateId,
      );
      return about.length >= 5 ? about : undefined;
    });
    const seen = received
      .map((delivery) => `${delivery.type} ${String(delivery.data.status ?? delivery.data.score)}`)
      .sort();
    expect(seen).toEqual([
      'application.created new',
      'application.received new',
      'assessment.completed 100',
      'candidate.statusChanged review',
      'candidate.statusChanged screening',
    ]);
    expect(received.every((delivery) => delivery.valid)).toBe(true);
    expect(received.find((delivery) => delivery.type === 'assessment.completed')!.data).toMatchObject({
      job_id: job.id,
      assessment_id: job.assessment_id,
    });
  });

  it('asks before sending an assessment with a question unanswered, keeps the answers, and "Submit anyway" sends them', async () => {
    const box = await sandbox();
    await standingEmulator(box);
    const job = await createJob(box, [
      '--title',
      'Data Engineer',
      '--skill',
      'sql',
      '--question-count',
      '5',
      '--time-limit',
      '600',
      '--description',
      DESCRIPTION,
    ]);
    const context = await browser(box);
    const page = await context.newPage();
    await page.goto(job.application_url);
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Email address').fill('grace@example.com');
    await Promise.all([
      page.waitForURL(/\/assess\/[A-Za-z0-9_-]{43}$/),
      page.getByRole('button', { name: 'Send application' }).click(),
    ]);

    const assessment = JSON.parse(await ok(box, ['assessments', 'get', job.assessment_id, '--json'])) as {
      questions: Array<{ id: string; type: string; options?: string[]; answer_index?: number; items?: string[] }>;
    };
    expect(assessment.questions).toHaveLength(5);
    // Every question but the last is answered (whatever its kind); the answers are remembered to compare.
    const answered = assessment.questions.slice(0, -1);
    const skipped = assessment.questions.at(-1)!;
    const given: Record<string, string> = {};
    for (const question of answered) {
      if (question.type === 'multiple_choice') {
        await page.locator(`input[name="${question.id}"][value="${question.answer_index}"]`).check();
        given[question.id] = String(question.answer_index);
      } else if (question.type === 'ranksort') {
        for (const [index] of question.items!.entries()) {
          await page.locator(`select[name="${question.id}.${index}"]`).selectOption(String(index + 1));
          given[`${question.id}.${index}`] = String(index + 1);
        }
      } else {
        await page.locator(`textarea[name="${question.id}"]`).fill('A first answer,\non two lines.');
        given[question.id] = 'A first answer,\non two lines.';
      }
    }
    const [asked] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.getByRole('button', { name: 'Send answers' }).click(),
    ]);
    expect(asked.status()).toBe(200);
    await page.waitForLoadState();
    const notice = page.locator('.confirm[role=alert]');
    expect(await notice.locator('h2').textContent()).toBe('1 of 5 questions is unanswered');
    expect(await notice.textContent()).toContain('Not answered: Question 5. Submitting is final');
    // The answers given are still in the form.
    for (const [name, value] of Object.entries(given)) {
      const control = page.locator(`[name="${name}"]:not([type=hidden])`);
      if ((await control.count()) > 1)
        expect(await page.locator(`form:not(.actions) input[name="${name}"]:checked`).getAttribute('value'), name).toBe(
          value,
        );
      else expect(await page.locator(`form:not(.actions) [name="${name}"]`).inputValue(), name).toBe(value);
    }
    // "Go back to answering" goes to the unanswered question, on the same page; nothing is sent.
    await notice.getByRole('link', { name: 'Go back to answering' }).click();
    await page.waitForURL(new RegExp(`#${skipped.id}$`));
    expect(JSON.parse(await ok(box, ['candidates', 'list', '--job', job.id, '--json']))[0]).toMatchObject({
      status: 'new',
      score: null,
    });
    await screenshot(box, page, 'assessment-confirm');

    await Promise.all([page.waitForLoadState('load'), notice.getByRole('button', { name: 'Submit anyway' }).click()]);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Answers received');
    await screenshot(box, page, 'assessment-confirmed');
    const [candidate] = JSON.parse(await ok(box, ['candidates', 'list', '--job', job.id, '--json'])) as Array<{
      status: string;
      score: number;
    }>;
    expect(candidate!.status).toBe('review');
    expect(candidate!.score).toBeGreaterThan(0);
    expect(candidate!.score).toBeLessThan(100);
  });

  it("shows a job's <script> and <img onerror> as text and runs nothing; a closed job says so and has no form", async () => {
    const box = await sandbox();
    await standingEmulator(box);
    const hostile = await createJob(box, [
      '--title',
      `Engineer ${HOSTILE_SCRIPT}`,
      '--department',
      HOSTILE_IMG,
      '--description',
      `${HOSTILE_SCRIPT}\n\n${HOSTILE_IMG}\n\n${DESCRIPTION}`,
    ]);
    const closed = await createJob(box, ['--title', 'Data Analyst', '--description', DESCRIPTION]);
    await ok(box, ['jobs', 'close', closed.id]);

    const context = await browser(box);
    const page = await context.newPage();
    expect((await page.goto(hostile.application_url))?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe(`Engineer ${HOSTILE_SCRIPT}`);
    const description = (await page.locator('.description').textContent()) ?? '';
    expect(description).toContain(HOSTILE_SCRIPT);
    expect(description).toContain(HOSTILE_IMG);
    expect(await page.locator('.facts dd').first().textContent()).toBe(HOSTILE_IMG);
    expect(await page.evaluate<number>("document.querySelectorAll('script, img, iframe, [onerror]').length")).toBe(0);
    expect(await page.evaluate<string>('typeof window.__pwned')).toBe('undefined');
    await screenshot(box, page, 'hostile');

    expect((await page.goto(closed.application_url))?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('Data Analyst');
    expect(await page.locator('[role=status]').textContent()).toContain(
      'This job is closed and no longer takes applications.',
    );
    expect(await page.locator('form').count()).toBe(0);
    await screenshot(box, page, 'closed');

    // A description that opens with the page's own heading: no heading is shown twice.
    const headed = await createJob(box, [
      '--title',
      'Site Engineer',
      '--description',
      `## About the role\n\n${DESCRIPTION}\n\n### What you will do\n\nShip.`,
    ]);
    expect((await page.goto(headed.application_url))?.status()).toBe(200);
    const headings = (await page.locator('h1, h2, h3, h4, h5, h6').allTextContents()).map((text) => text.trim());
    expect(headings.filter((heading) => heading === 'About the role')).toHaveLength(1);
    expect(new Set(headings).size, headings.join(' | ')).toBe(headings.length);
    expect(headings).toContain('What you will do');
    await screenshot(box, page, 'headed');
  });
});
