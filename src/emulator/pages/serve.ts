// The candidate's side of the platform (CONTRACT §7): `/apply/{job_id}` shows an active job and
// takes applications; `/assess/{token}` gives an applicant the job's assessment, timed from when
// the page was first served. No key: these are public pages. Applying and completing go through
// applications.ts, the same code as `hire emulator simulate`.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Candidate } from '../../domain/candidate.js';
import type { Job } from '../../domain/job.js';
import { addToCandidateCount, completeAssessment, createApplication } from '../applications.js';
import { scoreAnswers, type Answers, type Assessment, type Question } from '../assessments.js';
import { newId } from '../ids.js';
import type { RouteContext } from '../route.js';
import { markdownRenderer } from './markdown.js';
import {
  NAME_MAX_CHARS,
  NOTE_MAX_CHARS,
  PAGE_POLICY,
  applicationPage,
  assessmentPage,
  messagePage,
  notOpenPage,
  thanksPage,
  type ApplicationForm,
  type FormErrors,
} from './render.js';

/** An application as kept by the emulator: what the candidate sent, and their assessment session. */
export interface StoredApplication {
  id: string;
  job_id: string;
  candidate_id: string;
  note: string;
  /** SHA-256 of the token in the assessment's address (the token itself is not stored); null without an assessment. */
  token_hash: string | null;
  assessment_id: string | null;
  /** When the assessment page was first served: the time limit runs from here. */
  started_at: string | null;
  completed_at: string | null;
  created_at: string;
}

export const PAGE_PATH = /^\/(apply|assess)\/([^/]+)(\/thanks)?\/?$/;
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
export async function servePage(req: IncomingMessage, res: ServerResponse, ctx: RouteContext, pathname: string, requestId: string): Promise<number> {
  let page: Page;
  try {
    page = await route(req, ctx, pathname);
  } catch (error) {
    page = error instanceof PageError ? error.page : html(500, messagePage('Something went wrong', `The emulator failed: ${(error as Error).message}`));
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
function basePath(ctx: RouteContext): string {
  try {
    return new URL(ctx.publicUrl).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

async function route(req: IncomingMessage, ctx: RouteContext, pathname: string): Promise<Page> {
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
    return { ...html(405, messagePage('Method not allowed', `This page answers ${allowed.join(', ')}.`)), headers: { allow: allowed.join(', ') } };
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
  return html(404, messagePage('Job not found', 'There is no job at this address. It may have been removed; check the link you were given.'));
}

async function description(job: Job): Promise<string> {
  return (await markdownRenderer())(job.description ?? '');
}

async function showJob(ctx: RouteContext, jobId: string): Promise<Page> {
  const job = ctx.store.read(() => ctx.store.get<Job>('jobs', jobId));
  if (!job) return jobNotFound();
  const rendered = await description(job);
  return job.status === 'active' ? html(200, applicationPage(job, rendered, { base: basePath(ctx) })) : html(200, notOpenPage(job, rendered));
}

function thanksFor(ctx: RouteContext, jobId: string): Page {
  const job = ctx.store.read(() => ctx.store.get<Job>('jobs', jobId));
  return job ? html(200, thanksPage(job)) : jobNotFound();
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

async function apply(req: IncomingMessage, ctx: RouteContext, jobId: string): Promise<Page> {
  const fields = await readForm(req);
  const form: ApplicationForm = { name: fields.get('name') ?? '', email: fields.get('email') ?? '', note: (fields.get('note') ?? '').replace(/\r\n?/g, '\n') };
  const rendered = ctx.store.read(() => ctx.store.get<Job>('jobs', jobId));
  if (!rendered) return jobNotFound();
  const descriptionHtml = await description(rendered);
  const errors = validateApplication(form);
  if (Object.keys(errors).length > 0 && rendered.status === 'active') {
    return html(422, applicationPage(rendered, descriptionHtml, { base: basePath(ctx), form, errors }));
  }
  const outcome = ctx.store.write(() => {
    // Read again inside the transaction: the job may have closed since the page was read.
    const job = ctx.store.get<Job>('jobs', jobId);
    if (!job) return { kind: 'gone' as const };
    if (job.status !== 'active') return { kind: 'not_open' as const, job };
    // One application per person and job: the same email address again is refused, not a second candidate.
    const email = form.email.trim().toLowerCase();
    if (ctx.store.all<Candidate>('candidates', { job_id: job.id }).some((candidate) => candidate.email.toLowerCase() === email)) {
      return { kind: 'duplicate' as const, job };
    }
    const candidate = createApplication(ctx, job, { name: form.name.trim(), email: form.email.trim() });
    addToCandidateCount(ctx, job, 1);
    const assessment = assessmentOf(ctx, job);
    const token = assessment ? randomBytes(32).toString('base64url') : undefined;
    ctx.store.put('applications', {
      id: newId('app'),
      job_id: job.id,
      candidate_id: candidate.id,
      note: form.note,
      token_hash: token ? hashToken(token) : null,
      assessment_id: assessment?.id ?? null,
      started_at: null,
      completed_at: null,
      created_at: ctx.now().toISOString(),
    } satisfies StoredApplication);
    return { kind: 'applied' as const, job, token };
  });
  if (outcome.kind === 'gone') return jobNotFound();
  if (outcome.kind === 'not_open') return html(409, notOpenPage(outcome.job, await description(outcome.job)));
  if (outcome.kind === 'duplicate') {
    const errors = { email: 'You have already applied for this job with this email address.' };
    return html(409, applicationPage(outcome.job, descriptionHtml, { base: basePath(ctx), form, errors }));
  }
  const base = basePath(ctx);
  return seeOther(outcome.token ? `${base}/assess/${outcome.token}` : `${base}/apply/${encodeURIComponent(outcome.job.id)}/thanks`);
}

/** The job's assessment, when it has one with questions (auto_generate false leaves an empty draft). */
function assessmentOf(ctx: RouteContext, job: Job): Assessment | undefined {
  if (!job.assessment_id) return undefined;
  const assessment = ctx.store.get<Assessment>('assessments', job.assessment_id);
  return assessment && assessment.status === 'ready' && assessment.questions.length > 0 ? assessment : undefined;
}

// ---------------------------------------------------------------------------------------------
// The assessment page

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface Session {
  application: StoredApplication;
  job: Job;
  candidate: Candidate;
  assessment: Assessment;
}

/** The application, job, candidate and assessment behind a token, read in the caller's transaction. */
function session(ctx: RouteContext, token: string): Session {
  const notFound = new PageError(html(404, messagePage('Assessment not found', 'This assessment link is not valid. Use the link from your application.')));
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound;
  const application = ctx.store.findBy<StoredApplication>('applications', 'token_hash', hashToken(token));
  if (!application || !application.assessment_id) throw notFound;
  const job = ctx.store.get<Job>('jobs', application.job_id);
  const candidate = ctx.store.get<Candidate>('candidates', application.candidate_id);
  const assessment = ctx.store.get<Assessment>('assessments', application.assessment_id);
  if (!job || !candidate || !assessment) throw notFound;
  return { application, job, candidate, assessment };
}

const deadlineOf = (session: Session) => new Date(Date.parse(session.application.started_at!) + session.assessment.time_limit * 1000);

function alreadySent(): Page {
  return html(409, messagePage('Answers already sent', 'Your answers to this assessment were received. Thank you; the hiring team will be in touch.', 'done'));
}

function timeIsUp(session: Session): Page {
  return html(
    410,
    messagePage(
      'Time is up',
      `The time for this assessment (${Math.round(session.assessment.time_limit / 60)} minutes) ran out at ${deadlineOf(session).toISOString().replace('T', ' ').slice(0, 19)} UTC, so answers are no longer accepted.`,
    ),
  );
}

function showAssessment(ctx: RouteContext, token: string, startClock: boolean): Page {
  return ctx.store.write(() => {
    const current = session(ctx, token);
    if (current.application.completed_at) {
      return html(200, messagePage('Answers received', 'Thank you: your answers were received. The hiring team will be in touch.', 'done'));
    }
    if (!current.application.started_at && startClock) {
      current.application = ctx.store.put('applications', { ...current.application, started_at: ctx.now().toISOString() });
    }
    // HEAD before any GET shows nothing and starts nothing.
    if (!current.application.started_at) return html(200, '');
    if (ctx.now() > deadlineOf(current)) return timeIsUp(current);
    return html(200, renderAssessment(current, `${basePath(ctx)}/assess/${token}`));
  });
}

function renderAssessment(current: Session, action: string, form?: { values: Record<string, string>; errors: FormErrors }): string {
  // The right answers stay on the server: the page gets the prompts and choices only.
  const questions: Question[] = current.assessment.questions.map(({ answer_index: _answer, ...question }) => question);
  return assessmentPage(current.job, questions, {
    action,
    deadline: deadlineOf(current),
    timeLimitSeconds: current.assessment.time_limit,
    ...(form ? { form } : {}),
  });
}

/** The form's answers, checked against the questions: an unanswered question is allowed (it scores 0). */
function readAnswers(questions: readonly Question[], fields: URLSearchParams): { answers: Answers; errors: FormErrors } {
  const answers: Answers = { choices: {}, ranks: {}, texts: {} };
  const errors: FormErrors = {};
  for (const question of questions) {
    if (question.type === 'multiple_choice') {
      const value = fields.get(question.id);
      if (value === null || value === '') continue;
      const index = Number(value);
      if (!Number.isInteger(index) || index < 0 || index >= (question.options ?? []).length) errors[question.id] = 'Choose one of the options.';
      else answers.choices[question.id] = index;
    } else if (question.type === 'ranksort') {
      const items = question.items ?? [];
      const given = items.map((_, index) => fields.get(`${question.id}.${index}`) ?? '');
      if (given.every((value) => value === '')) continue;
      const ranks = given.map(Number);
      const valid = ranks.every((rank) => Number.isInteger(rank) && rank >= 1 && rank <= items.length) && new Set(ranks).size === items.length;
      if (!valid) errors[question.id] = `Give each task a different rank from 1 to ${items.length}.`;
      else answers.ranks[question.id] = ranks;
    } else {
      const text = (fields.get(question.id) ?? '').replace(/\r\n?/g, '\n');
      if ([...text].length > ANSWER_MAX_CHARS) errors[question.id] = `Use at most ${ANSWER_MAX_CHARS.toLocaleString('en-US')} characters.`;
      else if (text.trim() !== '') answers.texts[question.id] = text;
    }
  }
  return { answers, errors };
}

async function submitAnswers(req: IncomingMessage, ctx: RouteContext, token: string): Promise<Page> {
  const fields = await readForm(req);
  return ctx.store.write(() => {
    const current = session(ctx, token);
    if (current.application.completed_at) return alreadySent();
    // Answers sent without the page ever being served (a script): the clock starts now.
    if (!current.application.started_at) {
      current.application = ctx.store.put('applications', { ...current.application, started_at: ctx.now().toISOString() });
    }
    if (ctx.now() > deadlineOf(current)) return timeIsUp(current);
    const { answers, errors } = readAnswers(current.assessment.questions, fields);
    if (Object.keys(errors).length > 0) {
      return html(422, renderAssessment(current, `${basePath(ctx)}/assess/${token}`, { values: Object.fromEntries(fields), errors }));
    }
    const score = scoreAnswers(current.assessment, answers);
    completeAssessment(ctx, current.job, current.candidate, score);
    ctx.store.put('applications', { ...current.application, completed_at: ctx.now().toISOString() });
    return seeOther(`${basePath(ctx)}/assess/${token}`);
  });
}

// ---------------------------------------------------------------------------------------------

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    req.resume();
    throw new PageError(html(415, messagePage('Unsupported form', 'Send the form as application/x-www-form-urlencoded, as a browser does.')));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) {
      throw new PageError({
        ...html(413, messagePage('Too much text', `The form is larger than ${MAX_FORM_BYTES / 1024} KiB; shorten your answers and send it again.`)),
        headers: { connection: 'close' },
      });
    }
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
