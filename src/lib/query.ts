// A list's query, checked before anything is sent, with the rules the CLI's flags
// check (--status's choices, --score-min 0-100, --page, --per-page within the API's 1-100, docs/api-choices.md §4):
// a UsageError (exit 2) naming each parameter, and any parameter the resource does not take refused.
// Several values of one parameter are sent comma-separated, as the CLI sends them.
import { parseDateBound } from '../domain/analytics.js';
import { dictionary } from '../domain/merge.js';
import type { FieldErrors } from '../domain/rules.js';
import { CANDIDATE_STATUSES, DELIVERY_STATES, EVENT_KINDS, JOB_STATUSES } from '../domain/vocabulary.js';
import { MAX_PER_PAGE } from '../api/paginate.js';
import { UsageError } from '../errors.js';

type Rule =
  | { kind: 'number'; whole: boolean; min: number; max: number }
  | { kind: 'choice'; choices: readonly string[] }
  | { kind: 'text' }
  | { kind: 'time'; bound: 'from' | 'to' };

const whole = (min: number, max = Number.MAX_SAFE_INTEGER): Rule => ({ kind: 'number', whole: true, min, max });
const choice = (choices: readonly string[]): Rule => ({ kind: 'choice', choices });
const TEXT: Rule = { kind: 'text' };
const time = (bound: 'from' | 'to'): Rule => ({ kind: 'time', bound });

const PAGING = { page: whole(1), per_page: whole(1, MAX_PER_PAGE), sort: TEXT };

/** What each list (and analytics) takes: the parameters of its CLI command's flags. */
const QUERY_RULES = {
  jobs: { ...PAGING, status: choice(JOB_STATUSES) },
  candidates: {
    ...PAGING,
    status: choice(CANDIDATE_STATUSES),
    job_id: TEXT,
    score_min: { kind: 'number', whole: false, min: 0, max: 100 },
  },
  assessments: { ...PAGING, job_id: TEXT },
  webhooks: PAGING,
  deliveries: { ...PAGING, state: choice(DELIVERY_STATES) },
  events: {
    ...PAGING,
    type: choice(EVENT_KINDS),
    job_id: TEXT,
    created_after: time('from'),
    created_before: time('from'),
  },
  analytics: { job_id: TEXT, from: time('from'), to: time('to') },
} as const satisfies Record<string, Record<string, Rule>>;
export type QueryKind = keyof typeof QUERY_RULES;

type Sent = Record<string, string | number | undefined>;

/** `where`: the method, for the message (`jobs.list`). */
export function checkQuery(kind: QueryKind, where: string, query: unknown): Sent {
  if (query === undefined) return {};
  if (query === null || typeof query !== 'object' || Array.isArray(query))
    throw new UsageError(`${where}: the query must be an object of parameters ({ per_page: 50 }).`);
  const rules: Readonly<Record<string, Rule>> = QUERY_RULES[kind];
  const errors: FieldErrors = dictionary();
  const sent: Sent = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
    if (!rule) {
      errors[name] = `is not a parameter of ${where} (${Object.keys(rules).join(', ')})`;
      continue;
    }
    const problem = check(rule, value);
    if (problem) errors[name] = problem;
    else sent[name] = Array.isArray(value) ? value.join(',') : (value as string | number);
  }
  const after = sent.created_after ?? sent.from;
  const before = sent.created_before ?? sent.to;
  if (typeof after === 'string' && typeof before === 'string') {
    const [start, end] = [parseDateBound(after, 'from')!, parseDateBound(before, kind === 'events' ? 'from' : 'to')!];
    if (start.getTime() > end.getTime() || (kind === 'events' && start.getTime() === end.getTime()))
      errors[kind === 'events' ? 'created_before' : 'to'] =
        `is not after ${kind === 'events' ? 'created_after' : 'from'} (${after}): nothing can be in between`;
  }
  const names = Object.keys(errors);
  if (names.length > 0)
    throw new UsageError(`${where}: ${names.map((name) => `${name} ${errors[name]}`).join('; ')}.`, {
      details: errors,
    });
  return sent;
}

function check(rule: Rule, value: unknown): string | undefined {
  const got = `(got ${typeof value === 'string' ? JSON.stringify(value) : String(value)})`;
  switch (rule.kind) {
    case 'number': {
      const kind = rule.whole ? 'a whole number' : 'a number';
      const range =
        rule.max === Number.MAX_SAFE_INTEGER
          ? `${kind} of at least ${rule.min}`
          : `${kind} from ${rule.min} to ${rule.max}`;
      const ok =
        typeof value === 'number' &&
        Number.isFinite(value) &&
        (!rule.whole || Number.isSafeInteger(value)) &&
        value >= rule.min &&
        value <= rule.max;
      return ok ? undefined : `must be ${range} ${got}`;
    }
    case 'choice': {
      const given: unknown[] = Array.isArray(value) ? value : [value];
      const bad = given.filter((item) => typeof item !== 'string' || !rule.choices.includes(item));
      if (given.length === 0) return `must name at least one of ${rule.choices.join(', ')}`;
      return bad.length === 0
        ? undefined
        : `must be one of ${rule.choices.join(', ')} (got ${bad.map((item) => JSON.stringify(item)).join(', ')})`;
    }
    case 'text':
      return typeof value === 'string' && value.trim() !== '' ? undefined : `must be a non-empty string ${got}`;
    case 'time':
      return typeof value === 'string' && parseDateBound(value, rule.bound) !== undefined
        ? undefined
        : `must be an ISO date or time, such as 2026-11-24 or 2026-11-24T09:00:00Z ${got}`;
  }
}
