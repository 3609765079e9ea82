// The candidate's pages as HTML (docs/emulator.md "The candidate's side"): plain forms that work
// without JavaScript. Every value from a job, an assessment or a form is HTML-escaped here; the
// description's Markdown arrives already rendered by markdown.ts (raw HTML in it escaped too).
import { createHash } from 'node:crypto';
import type { Job } from '../../domain/job.js';
import type { Question } from '../platform/question-bank.js';
import { DESCRIPTION_HEADING } from './markdown.js';

function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// Colours chosen for contrast on white (WCAG AA): text 16:1, muted 7:1, error 6.6:1, button 8:1;
// input borders 7:1 and a 3 px focus ring, so that where the focus is can always be seen.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:1rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff}
main{max-width:44rem;margin:0 auto;padding:2rem 1.25rem 4rem}
h1{font-size:1.9rem;line-height:1.25;margin:0 0 .5rem;overflow-wrap:anywhere}
h2{font-size:1.3rem;margin:2rem 0 .75rem}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0;padding:1rem;background:#f3f4f6;border-radius:6px}
.facts dt{font-weight:600}.facts dd{margin:0;overflow-wrap:anywhere}
.description{overflow-wrap:anywhere}.description pre{white-space:pre-wrap;background:#f3f4f6;padding:.75rem;border-radius:4px}
.muted{color:#4a4a4a}
.notice{padding:1rem;border-left:4px solid #8a4b00;background:#fff7e6;margin:1.5rem 0}
.done{padding:1rem;border-left:4px solid #1e6b35;background:#eef8f0;margin:1.5rem 0}
.field{margin:0 0 1.25rem}
label,legend{display:block;font-weight:600;margin-bottom:.3rem}
.hint{display:block;color:#4a4a4a;font-size:.95rem;margin-bottom:.3rem}
input[type=text],input[type=email],textarea,select{font:inherit;color:#1a1a1a;background:#fff;border:2px solid #555;border-radius:4px;padding:.5rem .6rem}
input[type=text],input[type=email],textarea{width:100%}
textarea{min-height:8rem;resize:vertical}
fieldset{border:1px solid #6b6b6b;border-radius:6px;padding:1rem;margin:0 0 1.5rem}
fieldset legend{padding:0 .3rem;max-width:100%;overflow-wrap:anywhere}
.choice{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;margin:.35rem 0}
.choice input{margin-top:.35rem}
.rank{display:flex;gap:.75rem;align-items:center;justify-content:space-between;margin:.35rem 0}
.rank label{font-weight:400;margin:0}
input[aria-invalid=true],textarea[aria-invalid=true],select[aria-invalid=true]{border-color:#b00020}
.error{display:block;color:#b00020;font-weight:600;margin-bottom:.3rem}
.summary{border:3px solid #b00020;padding:1rem;margin:0 0 1.5rem;border-radius:6px}
.summary h2{margin:0 0 .5rem;font-size:1.15rem}
.summary a{color:#b00020}
.confirm{border-color:#8a4b00;background:#fff7e6}.confirm a{color:#1a4fd0}
.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;margin:1rem 0 0}
.actions .secondary{font-weight:600;border:2px solid #1a4fd0;border-radius:4px;padding:.5rem 1.2rem;text-decoration:none;background:#fff}
a{color:#1a4fd0}
button{font:inherit;font-weight:600;color:#fff;background:#1a4fd0;border:0;border-radius:4px;padding:.65rem 1.4rem;cursor:pointer}
:focus-visible{outline:3px solid #1a4fd0;outline-offset:2px}
button:focus-visible{outline-color:#1a1a1a}
`;

/** The Content-Security-Policy of every page: no script at all, this stylesheet only, forms to here. */
export const PAGE_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  'img-src http: https:',
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const LABELS: Record<string, string> = {
  remote: 'Remote',
  hybrid: 'Hybrid',
  onsite: 'On site',
  full_time: 'Full time',
  part_time: 'Part time',
  contract: 'Contract',
  internship: 'Internship',
  entry: 'Entry level',
  mid: 'Mid level',
  senior: 'Senior',
  lead: 'Lead',
  executive: 'Executive',
  hourly: 'per hour',
  monthly: 'per month',
  yearly: 'per year',
};
const label = (value: string) => LABELS[value] ?? value;

function describeLocation(location: Job['location']): string | undefined {
  if (!location) return undefined;
  const place = [location.city, location.state, location.country]
    .filter((part) => part !== undefined && part !== '')
    .join(', ');
  return place ? `${label(location.type)} · ${place}` : label(location.type);
}

function describeSalary(salary: Job['salary']): string | undefined {
  if (!salary || (salary.min === undefined && salary.max === undefined)) return undefined;
  const amount = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value);
  const range =
    salary.min !== undefined && salary.max !== undefined
      ? salary.min === salary.max
        ? amount(salary.min)
        : `${amount(salary.min)} – ${amount(salary.max)}`
      : salary.min !== undefined
        ? `from ${amount(salary.min)}`
        : `up to ${amount(salary.max!)}`;
  return [range, salary.currency, salary.period ? label(salary.period) : undefined].filter(Boolean).join(' ');
}

function facts(job: Job): string {
  const rows: [string, string | undefined][] = [
    ['Department', job.department],
    ['Location', describeLocation(job.location)],
    ['Employment', job.employment_type ? label(job.employment_type) : undefined],
    ['Experience', job.experience_level ? label(job.experience_level) : undefined],
    ['Salary', describeSalary(job.salary)],
  ];
  const shown = rows.filter(([, value]) => value !== undefined && value !== '');
  if (shown.length === 0) return '';
  return `<dl class="facts">${shown.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

function list(title: string, items: readonly string[] | undefined): string {
  if (!items || items.length === 0) return '';
  return `<h2>${escapeHtml(title)}</h2><ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
}

/** The job as a candidate sees it; `descriptionHtml` is the Markdown already rendered safely. */
function jobDetails(job: Job, descriptionHtml: string): string {
  return `${facts(job)}
<h2>${DESCRIPTION_HEADING}</h2>
<div class="description">${descriptionHtml}</div>
${list('Requirements', job.requirements)}
${list('Skills', job.skills)}`;
}

export interface ApplicationForm {
  name: string;
  email: string;
  note: string;
}

export type FormErrors<F extends string = string> = Partial<Record<F, string>>;

export const NOTE_MAX_CHARS = 2_000;
export const NAME_MAX_CHARS = 200;

function errorSummary(errors: FormErrors, fields: Record<string, string>, what: string): string {
  const entries = Object.entries(errors).filter(([, message]) => message);
  if (entries.length === 0) return '';
  // Read first and focusable, so that the person knows at once what to fix and can jump to it.
  return `<div class="summary" role="alert" aria-labelledby="summary-title" tabindex="-1">
<h2 id="summary-title">There ${entries.length === 1 ? 'is a problem' : `are ${entries.length} problems`} with your ${what}</h2>
<ul>${entries.map(([field, message]) => `<li><a href="#${escapeHtml(field)}">${escapeHtml(fields[field] ?? field)}: ${escapeHtml(message)}</a></li>`).join('')}</ul>
</div>`;
}

function fieldError(id: string, errors: FormErrors): { message: string; attributes: string } {
  const message = errors[id];
  if (!message) return { message: '', attributes: '' };
  return {
    message: `<span class="error" id="${id}-error">Error: ${escapeHtml(message)}</span>`,
    attributes: ` aria-invalid="true"`,
  };
}

const describedBy = (id: string, errors: FormErrors, hint?: string) => {
  const ids = [hint, errors[id] ? `${id}-error` : undefined].filter(Boolean);
  return ids.length > 0 ? ` aria-describedby="${ids.join(' ')}"` : '';
};

/** `base`: the path the pages live under ('' in production, `/sandbox` in the sandbox). */
export function applicationPage(
  job: Job,
  descriptionHtml: string,
  options: { base: string; form?: ApplicationForm; errors?: FormErrors },
): string {
  const form = options.form ?? { name: '', email: '', note: '' };
  const errors = options.errors ?? {};
  const name = fieldError('name', errors);
  const email = fieldError('email', errors);
  const note = fieldError('note', errors);
  const body = `<h1>${escapeHtml(job.title)}</h1>
${errorSummary(errors, { name: 'Full name', email: 'Email address', note: 'Cover note or links' }, 'application')}
${jobDetails(job, descriptionHtml)}
<h2 id="apply">Apply for this job</h2>
<form method="post" action="${escapeHtml(options.base)}/apply/${encodeURIComponent(job.id)}" novalidate aria-labelledby="apply">
<div class="field">
<label for="name">Full name</label>
${name.message}<input type="text" id="name" name="name" autocomplete="name" maxlength="${NAME_MAX_CHARS}" value="${escapeHtml(form.name)}"${name.attributes}${describedBy('name', errors)}>
</div>
<div class="field">
<label for="email">Email address</label>
<span class="hint" id="email-hint">We will only use it about this application.</span>
${email.message}<input type="email" id="email" name="email" autocomplete="email" spellcheck="false" value="${escapeHtml(form.email)}"${email.attributes}${describedBy('email', errors, 'email-hint')}>
</div>
<div class="field">
<label for="note">Cover note or links <span class="muted">(optional)</span></label>
<span class="hint" id="note-hint">A few lines about you, or links to your work. Up to ${NOTE_MAX_CHARS.toLocaleString('en-US')} characters.</span>
${note.message}<textarea id="note" name="note" rows="6"${note.attributes}${describedBy('note', errors, 'note-hint')}>${escapeHtml(form.note)}</textarea>
</div>
<button type="submit">Send application</button>
</form>`;
  return layout(`Apply: ${job.title}`, body);
}

const CLOSED_REASON: Record<string, string> = {
  draft: 'This job has not been published yet, so it does not take applications.',
  paused: 'Applications to this job are paused for now. Please check back later.',
  closed: 'This job is closed and no longer takes applications.',
};

export function notOpenPage(job: Job, descriptionHtml: string): string {
  const reason = CLOSED_REASON[job.status] ?? 'This job does not take applications.';
  return layout(
    `${job.title} (not open)`,
    `<h1>${escapeHtml(job.title)}</h1>
<p class="notice" role="status"><strong>Not open for applications.</strong> ${escapeHtml(reason)}</p>
${jobDetails(job, descriptionHtml)}`,
  );
}

/** A draft's page: it was never published, so it shows nothing of the job, only that it is not open. */
export function notPublicPage(): string {
  return layout(
    'Not open for applications',
    `<h1>Not open for applications</h1>
<p class="notice" role="status">This job is not open for applications.</p>`,
  );
}

/** Past an address's allowance of views or posts (limits.ts): when to try again. */
export function tooManyPage(
  kind: 'views' | 'posts',
  limits: { views: number; posts: number; windowMs: number },
  retryAfterSeconds: number,
): string {
  const what = kind === 'posts' ? `${limits.posts} forms sent` : `${limits.views} pages opened`;
  const minute = limits.windowMs === 60_000 ? 'a minute' : `${limits.windowMs / 1000} seconds`;
  return messagePage(
    'Too many requests',
    `This address has reached its limit of ${what} in ${minute}. ${kind === 'posts' ? 'This form was not received: go back and send it again' : 'Try again'} in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
  );
}

export function messagePage(title: string, message: string, tone: 'notice' | 'done' = 'notice'): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p class="${tone}" role="status">${escapeHtml(message)}</p>`);
}

export function thanksPage(job: Job): string {
  return layout(
    `Application sent: ${job.title}`,
    `<h1>Thank you for applying</h1>
<p class="done" role="status">Your application for <strong>${escapeHtml(job.title)}</strong> was received. The hiring team will be in touch.</p>`,
  );
}

export interface AssessmentAnswersForm {
  /** The form's fields as sent, to show again after an error. */
  values: Record<string, string>;
  errors: FormErrors;
  /** Ids of the questions left unanswered by a submission not yet confirmed: the page asks first. */
  unanswered?: readonly string[];
}

export function assessmentPage(
  job: Job,
  questions: readonly Question[],
  options: { action: string; deadline: Date; timeLimitSeconds: number; form?: AssessmentAnswersForm },
): string {
  const values = options.form?.values ?? {};
  const errors = options.form?.errors ?? {};
  const minutes = Math.round(options.timeLimitSeconds / 60);
  const rendered = questions.map((question, index) => questionHtml(question, index + 1, values, errors)).join('\n');
  const fieldNames = Object.fromEntries(questions.map((question, index) => [question.id, `Question ${index + 1}`]));
  const body = `<h1>Assessment: ${escapeHtml(job.title)}</h1>
${errorSummary(errors, fieldNames, 'answers')}
${confirmUnanswered(questions, options.form?.unanswered ?? [], values, options.action)}
<p>${questions.length} question${questions.length === 1 ? '' : 's'}. You have ${minutes} minute${minutes === 1 ? '' : 's'} from when this page first opened: send your answers by <strong><time datetime="${options.deadline.toISOString()}">${escapeHtml(options.deadline.toISOString().slice(11, 19))} UTC</time></strong> (${escapeHtml(options.deadline.toISOString().slice(0, 10))}). Answers sent later are not accepted.</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${rendered}
<button type="submit">Send answers</button>
</form>`;
  return layout(`Assessment: ${job.title}`, body);
}

/**
 * Before a final submission that leaves questions unanswered: which ones (linked to them, like the
 * error summary), a link back to the form as it stands, and a separate form that posts the same
 * answers with confirm=1. Separate, so that Enter in the main form never confirms by accident.
 */
function confirmUnanswered(
  questions: readonly Question[],
  unanswered: readonly string[],
  values: Record<string, string>,
  action: string,
): string {
  if (unanswered.length === 0) return '';
  const numbers = new Map(questions.map((question, index) => [question.id, index + 1]));
  const links = unanswered.map((id) => `<a href="#${escapeHtml(id)}">Question ${numbers.get(id)}</a>`);
  const names = questions.flatMap((question) =>
    question.type === 'ranksort' ? (question.items ?? []).map((_, index) => `${question.id}.${index}`) : [question.id],
  );
  const hidden = names
    .filter((name) => (values[name] ?? '') !== '')
    .map((name) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(values[name])}">`)
    .join('\n');
  const verb = unanswered.length === 1 ? 'is' : 'are';
  return `<div class="summary confirm" role="alert" aria-labelledby="confirm-title" tabindex="-1">
<h2 id="confirm-title">${unanswered.length} of ${questions.length} question${questions.length === 1 ? '' : 's'} ${verb} unanswered</h2>
<p>Not answered: ${links.join(', ')}. Submitting is final: after it, answers cannot be changed. “Submit anyway” sends the answers as you sent them; to change them, go back to answering (they are kept below).</p>
<form method="post" action="${escapeHtml(action)}" class="actions">
${hidden}
<input type="hidden" name="confirm" value="1">
<a class="secondary" href="#${escapeHtml(unanswered[0]!)}">Go back to answering</a>
<button type="submit">Submit anyway</button>
</form>
</div>`;
}

function questionHtml(question: Question, number: number, values: Record<string, string>, errors: FormErrors): string {
  const id = question.id;
  const error = fieldError(id, errors);
  const prompt = `<span class="muted">Question ${number}.</span> ${escapeHtml(question.prompt)}`;
  if (question.type === 'multiple_choice') {
    const options = (question.options ?? [])
      .map((option, index) => {
        const checked = values[id] === String(index) ? ' checked' : '';
        return `<label class="choice"><input type="radio" name="${id}" value="${index}"${index === 0 ? ` id="${id}"` : ''}${checked}> <span>${escapeHtml(option)}</span></label>`;
      })
      .join('\n');
    return `<fieldset${describedBy(id, errors)}>\n<legend>${prompt}</legend>\n${error.message}${options}\n</fieldset>`;
  }
  if (question.type === 'ranksort') {
    const items = question.items ?? [];
    const rows = items
      .map((item, index) => {
        const name = `${id}.${index}`;
        const chosen = values[name] ?? '';
        const choices = [`<option value=""${chosen === '' ? ' selected' : ''}>Rank…</option>`]
          .concat(
            items.map(
              (_, rank) =>
                `<option value="${rank + 1}"${chosen === String(rank + 1) ? ' selected' : ''}>${rank + 1}</option>`,
            ),
          )
          .join('');
        const control = index === 0 ? id : name;
        return `<div class="rank"><label for="${control}">${escapeHtml(item)}</label><select id="${control}" name="${name}"${error.attributes}>${choices}</select></div>`;
      })
      .join('\n');
    return `<fieldset${describedBy(id, errors, `${id}-hint`)}>\n<legend>${prompt}</legend>\n<span class="hint" id="${id}-hint">1 is the most urgent; give each task a different rank.</span>\n${error.message}${rows}\n</fieldset>`;
  }
  return `<div class="field">\n<label for="${id}">${prompt}</label>\n<span class="hint" id="${id}-hint">${escapeHtml(
    (question.rubric ?? []).length > 0
      ? `A good answer: ${(question.rubric ?? []).join('; ').toLowerCase()}.`
      : 'Answer in a few sentences.',
  )}</span>\n${error.message}<textarea id="${id}" name="${id}" rows="6"${error.attributes}${describedBy(id, errors, `${id}-hint`)}>${escapeHtml(values[id] ?? '')}</textarea>\n</div>`;
}
