// The candidate's side of the platform (docs/emulator.md "The candidate's side"): `/apply/{job_id}` shows an active job and
// takes applications; `/assess/{token}` gives an applicant the job's assessment, timed from when
// the page was first served. No key: these are public pages. Applying and completing are the
// platform's (platform/applications.ts), the same code as `hire emulator simulate`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Job } from '../../domain/job.js';
import { takesApplications } from '../../domain/job-status.js';
import { scoreAnswers, type Answers, type Question } from '../platform/question-bank.js';
import {
  applyToJob,
  findSession,
  finishSession,
  sessionDeadline,
  startSession,
  type Session,
} from '../platform/applications.js';
import type { PlatformContext } from '../platform/context.js';
import type { PageLimiter } from './limits.js';
import { markdownRenderer, renderDescription } from './markdown.js';
import {
  NAME_MAX_CHARS,
  NOTE_MAX_CHARS,
  PAGE_POLICY,
  applicationPage,
  assessmentPage,
  messagePage,
  notOpenPage,
  notPublicPage,
  tooManyPage,
  thanksPage,
  type ApplicationForm,
  type AssessmentAnswersForm,
  type FormErrors,
} from './render.js';
import { transaction } from '../storage/transaction.js';
import { PAGE_PATH } from './page-path.js';

/** What a page loads at its first render (markdown-it), loaded now: a standing server's start (http/pipeline.ts). */
export const loadRenderer = (): Promise<unknown> => markdownRenderer();

/** A form is small; anything larger is refused before it is read whole. */
export const MAX_FORM_BYTES = 64 * 1024;
const ANSWER_MAX_CHARS = 5_000;

interface Page {
  status: number;
  html?: string;
  headers?: Record<string, string>;
}

const html = (status: number, body: string): Page => ({ status, html: body });
const seeOther = (location: string): Page => ({ status: 303, headers: { location } });

/** Answers a request for a candidate's page; returns the status, for the request log. */
export async function servePage(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: PlatformContext,
  pathname: string,
  requestId: string,
  limiter: PageLimiter,
): Promise<number> {
  let page: Page;
  try {
    // Counted first, before the form is read or the data is: past its allowance an address costs nothing more.
    const kind = req.method === 'POST' ? 'posts' : 'views';
    const admission = limiter.take(req.socket.remoteAddress ?? '', kind);
    if (admission.ok) page = await route(req, ctx, pathname);
    else {
      // A form past the limit is not read: the connection goes with the answer.
      if (kind === 'posts') req.resume();
      page = {
        ...html(429, tooManyPage(kind, limiter.limits, admission.retryAfterSeconds)),
        headers: {
          'retry-after': String(admission.retryAfterSeconds),
          ...(kind === 'posts' ? { connection: 'close' } : {}),
        },
      };
    }
  } catch (error) {
    page =
      error instanceof PageError
        ? error.page
        : html(500, messagePage('Something went wrong', `The emulator failed: ${(error as Error).message}`));
  }
  const body = page.html ?? '';
  res.writeHead(page.status, {
    'x-request-id': requestId,
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'content-security-policy': PAGE_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    ...page.headers,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return page.status;
}

class PageError extends Error {
  constructor(readonly page: Page) {
    super(`page ${page.status}`);
  }
}

/**
 * The path the pages live under, from the origin of public links: '' for production, `/sandbox`
 * for the sandbox, so that forms and redirects stay in the environment the page came from.
 */
function basePath(ctx: PlatformContext): string {
  try {
    return new URL(ctx.publicUrl).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

async function route(req: IncomingMessage, ctx: PlatformContext, pathname: string): Promise<Page> {
  const match = PAGE_PATH.exec(pathname)!;
  const [, kind, rawId, thanks] = match;
  let id: string;
  try {
    id = decodeURIComponent(rawId!);
  } catch {
    return html(404, messagePage('Page not found', 'There is no page at this address.'));
  }
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  const allowed = thanks ? ['GET', 'HEAD'] : ['GET', 'HEAD', 'POST'];
  if (!allowed.includes(req.method ?? 'GET')) {
    return {
      ...html(405, messagePage('Method not allowed', `This page answers ${allowed.join(', ')}.`)),
      headers: { allow: allowed.join(', ') },
    };
  }
  if (kind === 'apply') {
    if (thanks) return thanksFor(ctx, id);
    return method === 'POST' ? apply(req, ctx, id) : showJob(ctx, id);
  }
  if (thanks) return html(404, messagePage('Page not found', 'There is no page at this address.'));
  return method === 'POST' ? submitAnswers(req, ctx, id) : showAssessment(ctx, id, req.method === 'GET');
}

// ---------------------------------------------------------------------------------------------
// The application page

function jobNotFound(): Page {
  return html(
    404,
    messagePage(
      'Job not found',
      'There is no job at this address. It may have been removed; check the link you were given.',
    ),
  );
}

/** Rendered once per distinct description (markdown.ts), not on every view. */
function description(job: Job): Promise<string> {
  return renderDescription(job.description ?? '');
}

/** A job that is not open: a draft was never published, so nothing of it is shown (not even its title). */
async function notOpen(job: Job): Promise<string> {
  return job.status === 'draft' ? notPublicPage() : notOpenPage(job, await description(job));
}

async function showJob(ctx: PlatformContext, jobId: string): Promise<Page> {
  const job = transaction(ctx, 'read', () => ctx.store.get<Job>('jobs', jobId));
  if (!job) return jobNotFound();
  return takesApplications(job)
    ? html(200, applicationPage(job, await description(job), { base: basePath(ctx) }))
    : html(200, await notOpen(job));
}

function thanksFor(ctx: PlatformContext, jobId: string): Page {
  const job = transaction(ctx, 'read', () => ctx.store.get<Job>('jobs', jobId));
  if (!job) return jobNotFound();
  return job.status === 'draft' ? html(200, notPublicPage()) : html(200, thanksPage(job));
}

/** A plausible address: something@domain.tld, no spaces or characters mail addresses do not use. */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

function validateApplication(form: ApplicationForm): FormErrors<keyof ApplicationForm> {
  const errors: FormErrors<keyof ApplicationForm> = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'Enter your full name.';
  else if ([...name].length > NAME_MAX_CHARS) errors.name = `Use at most ${NAME_MAX_CHARS} characters.`;
  else if (CONTROL.test(name)) errors.name = 'Use letters, spaces and punctuation only.';
  const email = form.email.trim();
  if (email === '') errors.email = 'Enter your email address.';
  else if (email.length > 254 || !EMAIL.test(email)) errors.email = 'Enter an email address like name@example.com.';
  if ([...form.note].length > NOTE_MAX_CHARS) {
    errors.note = `Use at most ${NOTE_MAX_CHARS.toLocaleString('en-US')} characters (you used ${[...form.note].length.toLocaleString('en-US')}).`;
  } else if (CONTROL.test(form.note.replace(/\t/g, ''))) errors.note = 'Remove the control characters.';
  return errors;
}

async function apply(req: IncomingMessage, ctx: PlatformContext, jobId: string): Promise<Page> {
  const fields = await readForm(req);
  const form: ApplicationForm = {
    name: fields.get('name') ?? '',
    email: fields.get('email') ?? '',
    note: (fields.get('note') ?? '').replace(/\r\n?/g, '\n'),
  };
  const shown = transaction(ctx, 'read', () => ctx.store.get<Job>('jobs', jobId));
  if (!shown) return jobNotFound();
  const errors = validateApplication(form);
  if (Object.keys(errors).length > 0 && takesApplications(shown)) {
    return html(422, applicationPage(shown, await description(shown), { base: basePath(ctx), form, errors }));
  }
  // A repeat (the same email address again) is answered exactly as a first application: see applyToJob.
  const outcome = applyToJob(ctx, jobId, form);
  if (outcome.kind === 'gone') return jobNotFound();
  if (outcome.kind === 'not_open') return html(409, await notOpen(outcome.job));
  const base = basePath(ctx);
  return seeOther(
    outcome.token ? `${base}/assess/${outcome.token}` : `${base}/apply/${encodeURIComponent(outcome.job.id)}/thanks`,
  );
}

// ---------------------------------------------------------------------------------------------
// The assessment page

/** The session behind a token, read in the caller's transaction; a page saying so when there is none. */
function session(ctx: PlatformContext, token: string): Session {
  const found = findSession(ctx, token);
  if (!found)
    throw new PageError(
      html(
        404,
        messagePage('Assessment not found', 'This assessment link is not valid. Use the link from your application.'),
      ),
    );
  return found;
}

function alreadySent(): Page {
  return html(
    409,
    messagePage(
      'Answers already sent',
      'Your answers to this assessment were received. Thank you; the hiring team will be in touch.',
      'done',
    ),
  );
}

function timeIsUp(session: Session): Page {
  return html(
    410,
    messagePage(
      'Time is up',
      `The time for this assessment (${Math.round(session.assessment.time_limit / 60)} minutes) ran out at ${sessionDeadline(session).toISOString().replace('T', ' ').slice(0, 19)} UTC, so answers are no longer accepted.`,
    ),
  );
}

function showAssessment(ctx: PlatformContext, token: string, startClock: boolean): Page {
  return transaction(ctx, 'write', () => {
    const current = session(ctx, token);
    if (current.application.completed_at) {
      return html(
        200,
        messagePage(
          'Answers received',
          'Thank you: your answers were received. The hiring team will be in touch.',
          'done',
        ),
      );
    }
    // HEAD before any GET shows nothing and starts nothing.
    if (!startClock && !current.application.started_at) return html(200, '');
    const started = startSession(ctx, current);
    if (ctx.now() > sessionDeadline(started)) return timeIsUp(started);
    return html(200, renderAssessment(started, `${basePath(ctx)}/assess/${token}`));
  });
}

function renderAssessment(current: Session, action: string, form?: AssessmentAnswersForm): string {
  // The right answers stay on the server: the page gets the prompts and choices only.
  const questions: Question[] = current.assessment.questions.map(({ answer_index: _answer, ...question }) => question);
  return assessmentPage(current.job, questions, {
    action,
    deadline: sessionDeadline(current),
    timeLimitSeconds: current.assessment.time_limit,
    ...(form ? { form } : {}),
  });
}

/** The form's answers, checked against the questions: an unanswered question is allowed (it scores 0). */
function readAnswers(
  questions: readonly Question[],
  fields: URLSearchParams,
): { answers: Answers; errors: FormErrors } {
  const answers: Answers = { choices: {}, ranks: {}, texts: {} };
  const errors: FormErrors = {};
  for (const question of questions) {
    if (question.type === 'multiple_choice') {
      const value = fields.get(question.id);
      if (value === null || value === '') continue;
      const index = Number(value);
      if (!Number.isInteger(index) || index < 0 || index >= (question.options ?? []).length)
        errors[question.id] = 'Choose one of the options.';
      else answers.choices[question.id] = index;
    } else if (question.type === 'ranksort') {
      const items = question.items ?? [];
      const given = items.map((_, index) => fields.get(`${question.id}.${index}`) ?? '');
      if (given.every((value) => value === '')) continue;
      const ranks = given.map(Number);
      const valid =
        ranks.every((rank) => Number.isInteger(rank) && rank >= 1 && rank <= items.length) &&
        new Set(ranks).size === items.length;
      if (!valid) errors[question.id] = `Give each task a different rank from 1 to ${items.length}.`;
      else answers.ranks[question.id] = ranks;
    } else {
      const text = (fields.get(question.id) ?? '').replace(/\r\n?/g, '\n');
      if ([...text].length > ANSWER_MAX_CHARS)
        errors[question.id] = `Use at most ${ANSWER_MAX_CHARS.toLocaleString('en-US')} characters.`;
      else if (text.trim() !== '') answers.texts[question.id] = text;
    }
  }
  return { answers, errors };
}

/** The ids of the questions without an answer, in the assessment's order. */
function unansweredQuestions(questions: readonly Question[], answers: Answers): string[] {
  return questions
    .filter((question) =>
      question.type === 'multiple_choice'
        ? !(question.id in answers.choices)
        : question.type === 'ranksort'
          ? !(question.id in answers.ranks)
          : !(question.id in answers.texts),
    )
    .map((question) => question.id);
}

async function submitAnswers(req: IncomingMessage, ctx: PlatformContext, token: string): Promise<Page> {
  const fields = await readForm(req);
  return transaction(ctx, 'write', () => {
    const found = session(ctx, token);
    if (found.application.completed_at) return alreadySent();
    // Answers sent without the page ever being served (a script): the clock starts now.
    const current = startSession(ctx, found);
    if (ctx.now() > sessionDeadline(current)) return timeIsUp(current);
    const { answers, errors } = readAnswers(current.assessment.questions, fields);
    if (Object.keys(errors).length > 0) {
      return html(
        422,
        renderAssessment(current, `${basePath(ctx)}/assess/${token}`, { values: Object.fromEntries(fields), errors }),
      );
    }
    // Sending is final: a submission that leaves questions unanswered is shown back, answers kept,
    // until the candidate confirms it (the page's "Submit anyway" posts the same answers and confirm=1).
    const unanswered = unansweredQuestions(current.assessment.questions, answers);
    if (unanswered.length > 0 && fields.get('confirm') !== '1') {
      return html(
        200,
        renderAssessment(current, `${basePath(ctx)}/assess/${token}`, {
          values: Object.fromEntries(fields),
          errors: {},
          unanswered,
        }),
      );
    }
    finishSession(ctx, current, () => scoreAnswers(current.assessment, answers));
    return seeOther(`${basePath(ctx)}/assess/${token}`);
  });
}

// ---------------------------------------------------------------------------------------------

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    req.resume();
    throw new PageError(
      html(
        415,
        messagePage('Unsupported form', 'Send the form as application/x-www-form-urlencoded, as a browser does.'),
      ),
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) {
      throw new PageError({
        ...html(
          413,
          messagePage(
            'Too much text',
            `The form is larger than ${MAX_FORM_BYTES / 1024} KiB; shorten your answers and send it again.`,
          ),
        ),
        headers: { connection: 'close' },
      });
    }
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
