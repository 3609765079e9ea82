// Every command beyond jobs create/list, through main() against the in-process emulator:
// jobs get/update/transitions/delete, emulator simulate/reset, candidates, assessments,
// analytics, webhooks, the list flags, and the output formats (drawn, piped, json, ndjson, csv).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, json, runCli, type RunResult } from '../helpers/cli.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { COLLECTIONS } from '../../src/emulator/storage/schema.js';
import { Store } from '../../src/emulator/storage/store.js';

type Rec = Record<string, any>;

const ANSI = /\u001b\[/;
const ANSI_ALL = /\u001b\[[0-9;]*m/g;
const GREEN = '\u001b[32m';
const YELLOW = '\u001b[33m';
const RED = '\u001b[31m';
const CYAN = '\u001b[36m';
const DIM = '\u001b[2m';
const BOLD = '\u001b[1m';

const CANDIDATE_STATUSES = ['new', 'screening', 'review', 'interview', 'offer', 'hired', 'rejected'] as const;
const PIPELINE = ['new', 'screening', 'review', 'interview', 'offer', 'hired'] as const;
const EVENT_KINDS =
  'job.created, assessment.generated, application.received, application.created, assessment.completed, candidate.statusChanged, interview.scheduled, offer.extended';

async function cli(
  box: Sandbox,
  argv: string[],
  options: { tty?: boolean; stdin?: string; env?: Record<string, string> } = {},
): Promise<RunResult> {
  return runCli(argv, {
    env: { ...box.env, ...options.env },
    ...(options.tty !== undefined ? { tty: options.tty } : {}),
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
  });
}

/** Runs a command that must succeed with --json, and returns its data. */
async function ok<T = Rec>(box: Sandbox, argv: string[], options: { stdin?: string } = {}): Promise<T> {
  const result = await cli(box, [...argv, '--json'], options);
  if (result.code !== 0) throw new Error(`hire ${argv.join(' ')} exited ${result.code}:\n${result.stderr}`);
  return json<T>(result);
}

async function newJob(box: Sandbox, title: string, extra: string[] = []): Promise<Rec> {
  return ok(box, ['jobs', 'create', '--title', title, '--description', DESCRIPTION, ...extra]);
}

async function simulate(box: Sandbox, jobId: string, applications: number, seed: number): Promise<Rec> {
  return ok(box, [
    'emulator',
    'simulate',
    '--job',
    jobId,
    '--applications',
    String(applications),
    '--seed',
    String(seed),
    '--advance',
  ]);
}

async function allCandidates(box: Sandbox, extra: string[] = []): Promise<Rec[]> {
  return ok<Rec[]>(box, ['candidates', 'list', '--all', ...extra]);
}

/** Piped key/value output → object (each line `key<TAB>value`). */
function keyValues(stdout: string): Record<string, string> {
  const lines = stdout.split('\n');
  expect(lines.at(-1)).toBe('');
  return Object.fromEntries(
    lines.slice(0, -1).map((line) => {
      const tab = line.indexOf('\t');
      expect(tab).toBeGreaterThan(0);
      return [line.slice(0, tab), line.slice(tab + 1)];
    }),
  );
}

/** Everything the emulator keeps on disk (snapshot and journal), as text. */
/** Every record of the emulator's database, as JSON text (as the next process would read it). */
function storedText(dataDir: string): string {
  const store = Store.open(dataDir);
  try {
    return COLLECTIONS.map((name) =>
      store
        .all(name)
        .map((record) => JSON.stringify(record))
        .join('\n'),
    ).join('\n');
  } finally {
    store.close();
  }
}

function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

function countBy(items: Rec[], key: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[String(item[key])] = (out[String(item[key])] ?? 0) + 1;
  return out;
}

function jobRow(job: Rec): string {
  return [
    `id\t${job.id}`,
    `title\t${job.title}`,
    `status\t${job.status}`,
    ...(job.location
      ? [
          `location\t${job.location.type} (${[job.location.city, job.location.state, job.location.country].filter(Boolean).join(', ')})`,
        ]
      : []),
    ...(job.skills ? [`skills\t${job.skills.join(', ')}`] : []),
    `assessment_id\t${job.assessment_id}`,
    `application_url\t${job.application_url}`,
    `candidate_count\t${job.candidate_count}`,
    `created_at\t${job.created_at}`,
    `updated_at\t${job.updated_at}`,
  ].join('\n');
}

const onsite = ['--location-type', 'onsite', '--city', 'Austin', '--state', 'TX', '--skill', 'go,sql'];

// ---------------------------------------------------------------------------------------------

describe('jobs get', () => {
  it('--json prints exactly the job record (the data, no envelope)', async () => {
    const box = await sandbox();
    const created = await newJob(box, 'Backend Engineer', onsite);
    const result = await cli(box, ['jobs', 'get', created.id, '--json']);
    expect(result.code).toBe(0);
    const job = json<Rec>(result);
    expect(job).toEqual(created);
    expect(Object.keys(job)).toEqual([
      'id',
      'title',
      'status',
      'location',
      'description',
      'skills',
      'assessment_config',
      'assessment_id',
      'application_url',
      'candidate_count',
      'created_at',
      'updated_at',
    ]);
    expect(job).toMatchObject({
      status: 'draft',
      location: { type: 'onsite', city: 'Austin', state: 'TX' },
      skills: ['go', 'sql'],
      candidate_count: 0,
    });
  });

  it('piped: one key<TAB>value line per present field, then the description and assessment settings, no colour', async () => {
    const box = await sandbox();
    const created = await newJob(box, 'Backend Engineer', onsite);
    const result = await cli(box, ['jobs', 'get', created.id]);
    expect(result.code).toBe(0);
    const settings = [
      `description\t${DESCRIPTION}`,
      'assessment_config.auto_generate\ttrue',
      'assessment_config.question_count\t10',
      'assessment_config.time_limit\t300',
      'assessment_config.proctoring\tfalse',
      'assessment_config.question_types\tranksort, multiple_choice, scenario',
    ];
    expect(result.stdout).toBe(`${jobRow(created)}\n${settings.join('\n')}\n`);
    expect(result.stdout).not.toMatch(ANSI);
    expect(result.stdout).not.toContain('│');
  });

  it('at a terminal: a drawn key/value table with the status coloured; --no-color drops the colour', async () => {
    const box = await sandbox();
    const created = await newJob(box, 'Backend Engineer', [...onsite, '--publish']);
    const result = await cli(box, ['jobs', 'get', created.id], { tty: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('┌');
    expect(result.stdout).toContain('│');
    expect(result.stdout).not.toContain('\t');
    expect(result.stdout).toContain(`${GREEN}active`);
    expect(result.stdout).toContain('onsite (Austin, TX)');
    expect(result.stdout).toContain(created.id);
    expect(result.stdout).toMatch(new RegExp(`${DIM.replace('[', '\\[')}title`));
    const plain = await cli(box, ['jobs', 'get', created.id, '--no-color'], { tty: true });
    expect(plain.stdout).not.toMatch(ANSI);
    expect(plain.stdout).toMatch(/│ status\s+│ active\s+│/);
  });

  it('-o csv: a header and one row in the columns jobs import reads (nested as location.city, lists as a;b); -o ndjson: one line', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend, "Core"', onsite);
    const csv = await cli(box, ['jobs', 'get', job.id, '-o', 'csv']);
    expect(csv.code).toBe(0);
    const description = /[",\r\n]/.test(DESCRIPTION) ? `"${DESCRIPTION.replace(/"/g, '""')}"` : DESCRIPTION;
    expect(csv.stdout).toBe(
      'id,status,title,department,description,location.type,location.city,location.state,location.country,requirements,skills,experience_level,employment_type,' +
        'salary.min,salary.max,salary.currency,salary.period,assessment_config.auto_generate,assessment_config.question_count,assessment_config.time_limit,' +
        'assessment_config.proctoring,assessment_config.question_types,assessment_id,application_url,candidate_count,created_at,updated_at\r\n' +
        `${job.id},draft,"Backend, ""Core""",,${description},onsite,Austin,TX,,,go;sql,,,,,,,true,10,300,false,ranksort;multiple_choice;scenario,` +
        `${job.assessment_id},${job.application_url},0,${job.created_at},${job.updated_at}\r\n`,
    );
    const ndjson = await cli(box, ['jobs', 'get', job.id, '-o', 'ndjson']);
    expect(ndjson.code).toBe(0);
    expect(ndjson.stdout).toBe(`${JSON.stringify(job)}\n`);
    const fields = await cli(box, ['jobs', 'get', job.id, '-o', 'csv', '--fields', 'status,location,id']);
    expect(fields.stdout).toBe(
      `status,location,id\r\ndraft,"{""type"":""onsite"",""city"":""Austin"",""state"":""TX""}",${job.id}\r\n`,
    );
  });

  it('--fields picks and orders the JSON keys and the piped rows', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer');
    const asJson = json<Rec>(await cli(box, ['jobs', 'get', job.id, '--json', '--fields', 'status,id,title']));
    expect(Object.keys(asJson)).toEqual(['status', 'id', 'title']);
    expect(asJson).toEqual({ status: 'draft', id: job.id, title: 'Backend Engineer' });
    const piped = await cli(box, ['jobs', 'get', job.id, '--fields', 'title,status']);
    expect(piped.stdout).toBe('title\tBackend Engineer\nstatus\tdraft\n');
  });

  it('a missing job is exit 4 with the not_found message and request id', async () => {
    const box = await sandbox();
    const result = await cli(box, ['jobs', 'get', 'job_missing']);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Error: No job with id job_missing. (not_found, HTTP 404)');
    expect(result.stderr).toMatch(/Request ID: req_\w+/);
    const asJson = await cli(box, ['jobs', 'get', 'job_missing', '--json']);
    expect(asJson.code).toBe(4);
    expect(asJson.stdout).toBe('');
    const envelope = JSON.parse(asJson.stderr.slice(asJson.stderr.indexOf('{'))) as Rec;
    expect(envelope.error).toEqual({ code: 'not_found', message: 'No job with id job_missing.' });
    expect(envelope.meta.request_id).toMatch(/^req_\w+$/);
  });
});

describe('jobs update', () => {
  it('changes only the fields given (--title), and prints the updated job', async () => {
    const box = await sandbox();
    const before = await newJob(box, 'Backend Engineer', [...onsite, '--department', 'Platform']);
    const result = await cli(box, ['jobs', 'update', before.id, '--title', 'Staff Backend Engineer', '--json']);
    expect(result.code).toBe(0);
    const updated = json<Rec>(result);
    const { updated_at: newStamp, ...rest } = updated;
    const { updated_at: oldStamp, ...old } = before;
    expect(rest).toEqual({ ...old, title: 'Staff Backend Engineer' });
    expect(newStamp >= oldStamp).toBe(true);
    expect(await ok(box, ['jobs', 'get', before.id])).toEqual(updated);
  });

  it('a nested partial (--city) keeps the location type and state', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer', onsite);
    const updated = await ok(box, ['jobs', 'update', job.id, '--city', 'Dallas']);
    expect(updated.location).toEqual({ type: 'onsite', city: 'Dallas', state: 'TX' });
    expect(updated.skills).toEqual(['go', 'sql']);
    expect((await ok(box, ['jobs', 'get', job.id])).location).toEqual({ type: 'onsite', city: 'Dallas', state: 'TX' });
  });

  it('piped and at a terminal, prints the job as key/value rows', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer', onsite);
    const piped = await cli(box, ['jobs', 'update', job.id, '--country', 'US']);
    expect(piped.code).toBe(0);
    const rows = keyValues(piped.stdout);
    expect(rows.location).toBe('onsite (Austin, TX, US)');
    expect(rows.title).toBe('Backend Engineer');
    expect(piped.stdout).not.toMatch(ANSI);
    const drawn = await cli(box, ['jobs', 'update', job.id, '--title', 'Renamed'], { tty: true });
    expect(drawn.code).toBe(0);
    expect(drawn.stdout).toContain('│');
    expect(drawn.stdout).toContain('Renamed');
    expect(drawn.stdout).toContain(`${DIM}draft`);
  });

  it('--dry-run prints the patch and sends nothing', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer', onsite);
    const result = await cli(box, ['jobs', 'update', job.id, '--title', 'Not sent', '--city', 'Dallas', '--dry-run']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ title: 'Not sent', location: { city: 'Dallas' } });
    expect(result.stderr).toContain('Dry run: the change is valid; nothing was sent.');
    expect(await ok(box, ['jobs', 'get', job.id])).toEqual(job);
  });

  it('no fields → exit 2, nothing sent', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer');
    const result = await cli(box, ['jobs', 'update', job.id]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/Nothing to update|names no field to change/);
    expect(await ok(box, ['jobs', 'get', job.id])).toEqual(job);
  });

  it('a patch that makes the job invalid is refused by the server: exit 2 with details and request id', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer');
    const result = await cli(box, ['jobs', 'update', job.id, '--location-type', 'onsite']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('(validation_error, HTTP 400)');
    expect(result.stderr).toContain('location.city: is required when location.type is onsite');
    expect(result.stderr).toContain('location.state: is required when location.type is onsite');
    expect(result.stderr).toMatch(/Request ID: req_\w+/);
    const asJson = await cli(box, ['jobs', 'update', job.id, '--location-type', 'onsite', '--json']);
    expect(asJson.code).toBe(2);
    const envelope = JSON.parse(asJson.stderr.slice(asJson.stderr.indexOf('{'))) as Rec;
    expect(envelope.error).toEqual({
      code: 'validation_error',
      message: 'The request has invalid fields.',
      details: {
        'location.city': 'is required when location.type is onsite',
        'location.state': 'is required when location.type is onsite',
      },
    });
    expect(await ok(box, ['jobs', 'get', job.id])).toEqual(job);
  });

  it('a locally invalid value is exit 2 before any request, naming the flag', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer');
    const result = await cli(box, ['jobs', 'update', job.id, '--question-count', '21']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'assessment_config.question_count (--question-count): must be a whole number from 5 to 20',
    );
    expect(result.stderr).not.toContain('Request ID');
  });

  it('a missing job is exit 4', async () => {
    const box = await sandbox();
    const result = await cli(box, ['jobs', 'update', 'job_missing', '--title', 'X']);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('No job with id job_missing.');
  });
});

describe('jobs publish | pause | close | reopen', () => {
  type Status = 'draft' | 'active' | 'paused' | 'closed';
  type Verb = 'publish' | 'pause' | 'close' | 'reopen';

  async function jobIn(box: Sandbox, status: Status): Promise<Rec> {
    const job = await newJob(box, `Job ${status}`, status === 'active' || status === 'paused' ? ['--publish'] : []);
    if (status === 'paused') await ok(box, ['jobs', 'pause', job.id]);
    if (status === 'closed') await ok(box, ['jobs', 'close', job.id]);
    const current = await ok(box, ['jobs', 'get', job.id]);
    expect(current.status).toBe(status);
    return current;
  }

  // docs/api-choices.md §3: publish draft → active; pause active → paused; reopen paused or closed → active;
  // close draft, active or paused → closed; anything else 409.
  const allowed: [Status, Verb, Status][] = [
    ['draft', 'publish', 'active'],
    ['draft', 'close', 'closed'],
    ['active', 'pause', 'paused'],
    ['active', 'close', 'closed'],
    ['paused', 'reopen', 'active'],
    ['paused', 'close', 'closed'],
    ['closed', 'reopen', 'active'],
  ];
  it.each(allowed)('%s → jobs %s → %s', async (from, verb, to) => {
    const box = await sandbox();
    const job = await jobIn(box, from);
    const result = await cli(box, ['jobs', verb, job.id, '--json']);
    expect(result.code).toBe(0);
    const moved = json<Rec>(result);
    const { updated_at: _a, ...rest } = moved;
    const { updated_at: _b, ...old } = job;
    expect(rest).toEqual({ ...old, status: to });
    expect((await ok(box, ['jobs', 'get', job.id])).status).toBe(to);
  });

  const conflicts: [Status, Verb, string][] = [
    ['draft', 'pause', 'is draft; it cannot become paused.'],
    ['active', 'publish', 'is already active.'],
    ['active', 'reopen', 'is already active.'],
    ['paused', 'pause', 'is already paused.'],
    ['closed', 'pause', 'is closed; it cannot become paused.'],
    ['closed', 'close', 'is already closed.'],
  ];
  it.each(conflicts)(
    '%s → jobs %s is a 409: exit 1 with the conflict message and request id',
    async (from, verb, message) => {
      const box = await sandbox();
      const job = await jobIn(box, from);
      const result = await cli(box, ['jobs', verb, job.id]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`Error: Job ${job.id} ${message} (conflict, HTTP 409)`);
      expect(result.stderr).toMatch(/Request ID: req_\w+/);
      expect(await ok(box, ['jobs', 'get', job.id])).toEqual(job);
    },
  );

  // The verbs are not interchangeable: "reopen" is for paused or closed jobs, "publish" for drafts.
  it.each([
    ['draft', 'reopen'],
    ['paused', 'publish'],
    ['closed', 'publish'],
  ] as [Status, Verb][])(
    '%s → jobs %s is refused (exit 1, conflict), not treated as another verb',
    async (from, verb) => {
      const box = await sandbox();
      const job = await jobIn(box, from);
      const result = await cli(box, ['jobs', verb, job.id]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('conflict');
      expect((await ok(box, ['jobs', 'get', job.id])).status).toBe(from);
    },
  );

  it('prints the job piped (status row) and drawn with the new status coloured', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer');
    const piped = await cli(box, ['jobs', 'publish', job.id]);
    expect(piped.code).toBe(0);
    expect(keyValues(piped.stdout).status).toBe('active');
    expect(piped.stdout).not.toMatch(ANSI);
    const paused = await cli(box, ['jobs', 'pause', job.id], { tty: true });
    expect(paused.code).toBe(0);
    expect(paused.stdout).toContain('│');
    expect(paused.stdout).toContain(`${YELLOW}paused`);
    const closed = await cli(box, ['jobs', 'close', job.id], { tty: true });
    expect(closed.stdout).toContain(`${RED}closed`);
  });

  it('a missing job is exit 4', async () => {
    const box = await sandbox();
    const result = await cli(box, ['jobs', 'publish', 'job_missing']);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('No job with id job_missing. (not_found, HTTP 404)');
  });
});

describe('jobs delete', () => {
  it('--yes deletes the job with its candidates; get is then exit 4', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer', ['--publish']);
    const keep = await newJob(box, 'Other', ['--publish']);
    await simulate(box, job.id, 5, 1);
    await simulate(box, keep.id, 3, 2);
    const extra = await ok(box, ['assessments', 'create', '--job', job.id]);
    const result = await cli(box, ['jobs', 'delete', job.id, '--yes']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Deleted job ${job.id}.`);
    const get = await cli(box, ['jobs', 'get', job.id]);
    expect(get.code).toBe(4);
    expect((await ok<Rec[]>(box, ['jobs', 'list'])).map((item) => item.id)).toEqual([keep.id]);
    const left = await allCandidates(box);
    expect(left).toHaveLength(3);
    expect(new Set(left.map((item) => item.job_id))).toEqual(new Set([keep.id]));
    expect((await cli(box, ['assessments', 'get', job.assessment_id])).code).toBe(4);
    expect((await cli(box, ['assessments', 'get', extra.id])).code).toBe(4);
    expect((await ok(box, ['assessments', 'get', keep.assessment_id])).job_id).toBe(keep.id);
  });

  it('without --yes and not interactive: exit 2 and nothing deleted', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer');
    const piped = await cli(box, ['jobs', 'delete', job.id]);
    expect(piped.code).toBe(2);
    expect(piped.stdout).toBe('');
    expect(piped.stderr).toContain(
      `Refusing to delete job ${job.id} without confirmation: pass --yes.\nNo question asked: not at a terminal.\n`,
    );
    const noInput = await cli(box, ['jobs', 'delete', job.id, '--no-input'], { tty: true });
    expect(noInput.code).toBe(2);
    expect(noInput.stderr).toContain('No question asked: --no-input.');
    const ci = await cli(box, ['jobs', 'delete', job.id], { tty: true, env: { CI: 'true' } });
    expect(ci.code).toBe(2);
    expect(ci.stderr).toContain('No question asked: CI is set.');
    expect(await ok(box, ['jobs', 'get', job.id])).toEqual(job);
  });

  it('deleting a missing id is exit 4', async () => {
    const box = await sandbox();
    const result = await cli(box, ['jobs', 'delete', 'job_missing', '--yes']);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('No job with id job_missing. (not_found, HTTP 404)');
  });
});

// ---------------------------------------------------------------------------------------------

describe('emulator simulate', () => {
  it('is deterministic for a seed: the same candidates, statuses and scores on two fresh sandboxes', async () => {
    const runs: { result: Rec; people: string[] }[] = [];
    for (const seed of [42, 42, 43]) {
      const box = await sandbox();
      const job = await newJob(box, 'Backend Engineer', ['--publish']);
      const result = await simulate(box, job.id, 60, seed);
      const people = (await allCandidates(box)).map((item) => `${item.name}|${item.status}|${item.score}`);
      runs.push({ result, people });
    }
    const [first, second, other] = runs as [(typeof runs)[0], (typeof runs)[0], (typeof runs)[0]];
    expect(second.result.by_status).toEqual(first.result.by_status);
    expect(second.people).toEqual(first.people);
    expect(other.people).not.toEqual(first.people);
    expect(Object.values(first.result.by_status as Record<string, number>).reduce((sum, n) => sum + n, 0)).toBe(60);
  });

  it('reports what it made (--json and a sentence), and the candidates match it', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer', ['--publish']);
    const result = await simulate(box, job.id, 40, 7);
    // With what the event log lost to these events, and its limit (test/integration/dropped-events.test.ts).
    expect(Object.keys(result)).toEqual(['job_id', 'created', 'by_status', 'dropped_events', 'events_kept']);
    expect(result.job_id).toBe(job.id);
    expect(result.created).toBe(40);
    expect(result.dropped_events).toBe(0);
    const candidates = await allCandidates(box);
    expect(candidates).toHaveLength(40);
    expect(countBy(candidates, 'status')).toEqual(result.by_status);
    expect((await ok(box, ['jobs', 'get', job.id])).candidate_count).toBe(40);
    for (const candidate of candidates) {
      expect(Object.keys(candidate)).toEqual([
        'id',
        'job_id',
        'name',
        'email',
        'status',
        'score',
        'note',
        'applied_at',
        'created_at',
        'updated_at',
      ]);
      expect(candidate.id).toMatch(/^cand_/);
      expect(candidate.job_id).toBe(job.id);
      expect(CANDIDATE_STATUSES).toContain(candidate.status);
      if (candidate.status === 'new' || candidate.status === 'screening') expect(candidate.score).toBeNull();
      else {
        expect(Number.isInteger(candidate.score)).toBe(true);
        expect(candidate.score).toBeGreaterThanOrEqual(0);
        expect(candidate.score).toBeLessThanOrEqual(100);
      }
    }

    // The sentence, on a fresh sandbox with the same seed.
    const other = await sandbox();
    const otherJob = await newJob(other, 'Backend Engineer', ['--publish']);
    const text = await cli(other, [
      'emulator',
      'simulate',
      '--job',
      otherJob.id,
      '--applications',
      '40',
      '--seed',
      '7',
      '--advance',
    ]);
    expect(text.code).toBe(0);
    const spread = Object.entries(result.by_status as Record<string, number>)
      .map(([status, n]) => `${status} ${n}`)
      .join(', ');
    expect(text.stdout).toBe(`40 candidates applied to ${otherJob.id} (${spread}).\n`);

    // At an 80-column terminal the sentence wraps between its parts, never between a status and its count.
    const third = await sandbox();
    const thirdJob = await newJob(third, 'Backend Engineer', ['--publish']);
    const shown = await runCli(
      ['emulator', 'simulate', '--job', thirdJob.id, '--applications', '40', '--seed', '7', '--advance'],
      { env: third.env, tty: true, columns: 80 },
    );
    expect(shown.code).toBe(0);
    const lines = shown.stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect([...line].length, shown.stdout).toBeLessThanOrEqual(80);
    expect(lines.join(' ')).toBe(`40 candidates applied to ${thirdJob.id} (${spread}).`);
    // Narrower terminals move the breaks: none of them falls between a status and its count.
    for (let columns = 50; columns < 80; columns += 3) {
      const narrow = await runCli(
        ['emulator', 'simulate', '--job', thirdJob.id, '--applications', '3', '--seed', String(columns), '--advance'],
        { env: third.env, tty: true, columns },
      );
      for (const line of narrow.stdout.trimEnd().split('\n'))
        expect(line, narrow.stdout).not.toMatch(/(?:new|screening|review|interview|offer|hired|rejected)$/);
    }
  });

  it('needs --job (exit 2) and an existing job (exit 4)', async () => {
    const box = await sandbox();
    const missing = await cli(box, ['emulator', 'simulate', '--applications', '3']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--job ID is required');
    const unknown = await cli(box, ['emulator', 'simulate', '--job', 'job_missing']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('No job with id job_missing.');
    const bad = await cli(box, ['emulator', 'simulate', '--job', 'job_missing', '--applications', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--applications must be a whole number of at least 1 (got "0")');
  });

  it('only an active job takes applications: a draft is a 409 (exit 1), and nobody applies', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer');
    const result = await cli(box, ['emulator', 'simulate', '--job', job.id, '--applications', '3']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Job ${job.id} is draft; only active jobs take applications`);
    expect(result.stderr).toContain('(conflict, HTTP 409)');
    expect(await ok(box, ['candidates', 'list'])).toEqual([]);
    expect((await ok(box, ['jobs', 'get', job.id])).candidate_count).toBe(0);
  });
});

describe('candidates list', () => {
  async function simulated(): Promise<{ box: Sandbox; jobA: Rec; jobB: Rec; a: Rec; b: Rec }> {
    const box = await sandbox();
    const jobA = await newJob(box, 'Backend Engineer', ['--publish']);
    const jobB = await newJob(box, 'Data Engineer', ['--publish']);
    const a = await simulate(box, jobA.id, 45, 11);
    const b = await simulate(box, jobB.id, 25, 12);
    return { box, jobA, jobB, a, b };
  }

  it('--status, comma lists, --score-min and --job filter exactly', async () => {
    const { box, jobA, jobB, a, b } = await simulated();
    const everyone = await allCandidates(box);
    expect(everyone).toHaveLength(70);
    const byStatus = countBy(everyone, 'status');

    const review = await allCandidates(box, ['--status', 'review']);
    expect(review.length).toBe(byStatus.review ?? 0);
    expect(review.length).toBeGreaterThan(0);
    expect(new Set(review.map((item) => item.status))).toEqual(new Set(['review']));

    const several = await allCandidates(box, ['--status', 'new,interview']);
    expect(several.length).toBe((byStatus.new ?? 0) + (byStatus.interview ?? 0));
    expect(several.every((item) => item.status === 'new' || item.status === 'interview')).toBe(true);

    const high = await allCandidates(box, ['--score-min', '80']);
    const expected = everyone.filter((item) => item.score !== null && item.score >= 80);
    expect(expected.length).toBeGreaterThan(0);
    expect(high.map((item) => item.id).sort()).toEqual(expected.map((item) => item.id).sort());
    expect(high.every((item) => typeof item.score === 'number' && item.score >= 80)).toBe(true);
    const zero = await allCandidates(box, ['--score-min', '0']);
    expect(zero.length).toBe(everyone.filter((item) => item.score !== null).length);

    const onlyA = await allCandidates(box, ['--job', jobA.id]);
    expect(onlyA).toHaveLength(45);
    expect(countBy(onlyA, 'status')).toEqual(a.by_status);
    const onlyB = await allCandidates(box, ['--job', jobB.id, '--status', 'review', '--score-min', '50']);
    expect(onlyB.map((item) => item.id).sort()).toEqual(
      everyone
        .filter((item) => item.job_id === jobB.id && item.status === 'review' && item.score >= 50)
        .map((item) => item.id)
        .sort(),
    );
    expect(countBy(await allCandidates(box, ['--job', jobB.id]), 'status')).toEqual(b.by_status);
  });

  it('refuses a bad --status or --score-min with exit 2 before any request', async () => {
    const box = await sandbox();
    const status = await cli(box, ['candidates', 'list', '--status', 'review,pending']);
    expect(status.code).toBe(2);
    expect(status.stderr).toContain(
      '--status must be one of new, screening, review, interview, offer, hired, rejected (got "pending")',
    );
    for (const value of ['101', '-1', 'high']) {
      const score = await cli(box, ['candidates', 'list', '--score-min', value]);
      expect(score.code).toBe(2);
      expect(score.stderr).toContain(`--score-min must be a number from 0 to 100 (got "${value}")`);
      expect(score.stderr).not.toContain('Using the local emulator');
    }
  });

  it('piped: tab-separated rows of the default columns, full values, no colour', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer', ['--publish']);
    await simulate(box, job.id, 12, 5);
    const items = await ok<Rec[]>(box, ['candidates', 'list']);
    const result = await cli(box, ['candidates', 'list']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      items
        .map(
          (item) =>
            `${item.id}\t${item.name}\t${item.status}\t${item.score ?? ''}\t${item.job_id}\t${item.applied_at}\n`,
        )
        .join(''),
    );
    expect(result.stdout).not.toMatch(ANSI);
  });

  it('at a terminal: a drawn table, statuses coloured, dates relative, a paging hint on stderr', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer', ['--publish']);
    await simulate(box, job.id, 45, 5);
    const items = await ok<Rec[]>(box, ['candidates', 'list']);
    const result = await cli(box, ['candidates', 'list'], { tty: true });
    expect(result.code).toBe(0);
    for (const header of ['ID', 'NAME', 'STATUS', 'SCORE', 'JOB', 'APPLIED']) expect(result.stdout).toContain(header);
    expect(result.stdout).toContain('│');
    expect(result.stdout).not.toContain('\t');
    const first = items[0]!;
    expect(result.stdout).toContain(first.id);
    expect(result.stdout).toMatch(/│ (just now|\d+ min ago) +│\n/);
    expect(result.stdout).not.toContain(first.applied_at.slice(0, 10));
    const colours: Record<string, string> = {
      new: CYAN,
      screening: CYAN,
      review: YELLOW,
      interview: YELLOW,
      offer: YELLOW,
      hired: GREEN,
      rejected: RED,
    };
    for (const status of new Set(items.map((item) => item.status as string)))
      expect(result.stdout).toContain(`${colours[status]}${status}`);
    // 20 rows of data in the default page (compact table: header, separator, rows, borders).
    expect(result.stdout.split('\n').filter((line) => line.includes('cand_'))).toHaveLength(20);
    expect(result.stderr).toContain('Page 1 of 3 (45 candidates). Next: --page 2, or --all.');
  });
});

describe('candidates get and move', () => {
  async function withCandidates(): Promise<{ box: Sandbox; job: Rec; candidates: Rec[] }> {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer', ['--publish']);
    await simulate(box, job.id, 40, 3);
    return { box, job, candidates: await allCandidates(box) };
  }

  it('get: --json is the record, piped key/value rows, drawn at a terminal; missing → exit 4', async () => {
    const { box, candidates } = await withCandidates();
    const one = candidates.find((item) => item.score !== null)!;
    expect(await ok(box, ['candidates', 'get', one.id])).toEqual(one);
    const piped = await cli(box, ['candidates', 'get', one.id]);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(
      ['id', 'name', 'email', 'status', 'score', 'job_id', 'applied_at', 'created_at', 'updated_at']
        .map((key) => `${key}\t${one[key]}\n`)
        .join(''),
    );
    const drawn = await cli(box, ['candidates', 'get', one.id], { tty: true });
    expect(drawn.stdout).toContain('│');
    expect(drawn.stdout).toContain(one.email);
    expect(drawn.stdout).toMatch(ANSI);
    const missing = await cli(box, ['candidates', 'get', 'cand_missing']);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('No candidate with id cand_missing. (not_found, HTTP 404)');
  });

  it('moves one step along the pipeline or back, and refuses jumps with 409 (exit 1)', async () => {
    const { box, candidates } = await withCandidates();
    const fresh = candidates.filter((item) => item.status === 'new');
    expect(fresh.length).toBeGreaterThanOrEqual(2);
    const [walker, jumper] = fresh as [Rec, Rec];

    const step = await cli(box, ['candidates', 'move', walker.id, '--status', 'screening', '--json']);
    expect(step.code).toBe(0);
    const moved = json<Rec>(step);
    const { updated_at: _a, ...rest } = moved;
    const { updated_at: _b, ...old } = walker;
    expect(rest).toEqual({ ...old, status: 'screening' });
    expect((await ok(box, ['candidates', 'get', walker.id])).status).toBe('screening');

    const back = await ok(box, ['candidates', 'move', walker.id, '--status', 'new']);
    expect(back.status).toBe('new');

    const jump = await cli(box, ['candidates', 'move', jumper.id, '--status', 'interview']);
    expect(jump.code).toBe(1);
    expect(jump.stdout).toBe('');
    expect(jump.stderr).toContain(
      `Error: Candidate ${jumper.id} is in status "new"; it can move one step along the pipeline, one back, or to rejected, not to "interview". (conflict, HTTP 409)`,
    );
    expect(jump.stderr).toMatch(/Request ID: req_\w+/);
    expect((await ok(box, ['candidates', 'get', jumper.id])).status).toBe('new');

    const same = await cli(box, ['candidates', 'move', jumper.id, '--status', 'new']);
    expect(same.code).toBe(1);
    expect(same.stderr).toContain(`Candidate ${jumper.id} is already in status "new".`);
  });

  it('any non-final status → rejected; nothing leaves hired or rejected', async () => {
    const { box, candidates } = await withCandidates();
    const walker = candidates.find((item) => item.status === 'new')!;
    for (const status of ['screening', 'review', 'interview', 'offer', 'hired']) {
      expect((await ok(box, ['candidates', 'move', walker.id, '--status', status])).status).toBe(status);
    }
    for (const status of ['offer', 'rejected', 'new']) {
      const result = await cli(box, ['candidates', 'move', walker.id, '--status', status]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('(conflict, HTTP 409)');
    }
    expect((await ok(box, ['candidates', 'get', walker.id])).status).toBe('hired');

    for (const from of ['new', 'screening', 'review', 'interview']) {
      const candidate = candidates.find((item) => item.status === from && item.id !== walker.id);
      if (!candidate) throw new Error(`seed 3 made no ${from} candidate`);
      const result = await cli(box, ['candidates', 'move', candidate.id, '--status', 'rejected']);
      expect(result.code).toBe(0);
      expect(keyValues(result.stdout).status).toBe('rejected');
    }
    const rejected = candidates.find((item) => item.status === 'rejected')!;
    const revive = await cli(box, ['candidates', 'move', rejected.id, '--status', 'new']);
    expect(revive.code).toBe(1);
    expect(revive.stderr).toContain(`Candidate ${rejected.id} is in status "rejected";`);
  });

  it('prints the moved candidate drawn, with the status coloured', async () => {
    const { box, candidates } = await withCandidates();
    const one = candidates.find((item) => item.status === 'review')!;
    const result = await cli(box, ['candidates', 'move', one.id, '--status', 'interview'], { tty: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('│');
    expect(result.stdout).toContain(`${YELLOW}interview`);
  });

  it('needs --status (exit 2), a known status (exit 2), and an existing candidate (exit 4)', async () => {
    const box = await sandbox();
    const missing = await cli(box, ['candidates', 'move', 'cand_x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      '--status is required: one of new, screening, review, interview, offer, hired, rejected.',
    );
    const bad = await cli(box, ['candidates', 'move', 'cand_x', '--status', 'fired']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      '--status must be one of new, screening, review, interview, offer, hired, rejected (got "fired")',
    );
    const unknown = await cli(box, ['candidates', 'move', 'cand_missing', '--status', 'screening']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('No candidate with id cand_missing.');
  });
});

// ---------------------------------------------------------------------------------------------

describe('assessments', () => {
  it('create --job with --question-count/--time-limit/--question-type/--proctoring', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer', ['--skill', 'go,sql']);
    const result = await cli(box, [
      'assessments',
      'create',
      '--job',
      job.id,
      '--question-count',
      '7',
      '--time-limit',
      '600',
      '--question-type',
      'scenario',
      '--question-type',
      'ranksort',
      '--proctoring',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const assessment = json<Rec>(result);
    expect(Object.keys(assessment)).toEqual([
      'id',
      'job_id',
      'status',
      'question_count',
      'time_limit',
      'proctoring',
      'question_types',
      'questions',
      'created_at',
      'updated_at',
    ]);
    expect(assessment).toMatchObject({
      job_id: job.id,
      status: 'ready',
      question_count: 7,
      time_limit: 600,
      proctoring: true,
      question_types: ['scenario', 'ranksort'],
    });
    expect(assessment.id).toMatch(/^asmt_/);
    expect(assessment.id).not.toBe(job.assessment_id);
    expect(assessment.questions).toHaveLength(7);
    expect(assessment.questions.map((question: Rec) => question.type)).toEqual([
      'scenario',
      'ranksort',
      'scenario',
      'ranksort',
      'scenario',
      'ranksort',
      'scenario',
    ]);
    expect(assessment.questions.map((question: Rec) => question.id)).toEqual([
      'q_1',
      'q_2',
      'q_3',
      'q_4',
      'q_5',
      'q_6',
      'q_7',
    ]);
    expect(assessment.questions[0].prompt).toContain('Backend Engineer');
    expect(assessment.questions[0].prompt).toContain('go');

    expect(await ok(box, ['assessments', 'get', assessment.id])).toEqual(assessment);
  });

  it('--question-type takes a comma list; defaults come from the job', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer', ['--question-count', '6', '--time-limit', '900']);
    const assessment = await ok(box, [
      'assessments',
      'create',
      '--job',
      job.id,
      '--question-type',
      'multiple_choice,ranksort',
    ]);
    expect(assessment).toMatchObject({
      question_count: 6,
      time_limit: 900,
      proctoring: false,
      question_types: ['multiple_choice', 'ranksort'],
    });
    expect(assessment.questions.map((question: Rec) => question.type)).toEqual([
      'multiple_choice',
      'ranksort',
      'multiple_choice',
      'ranksort',
      'multiple_choice',
      'ranksort',
    ]);
    expect(assessment.questions[0].options).toHaveLength(4);
    expect(assessment.questions[1].items).toHaveLength(4);
  });

  it('--data sets fields the flags do not show; flags win over it', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer');
    const data = await ok(box, ['assessments', 'create', '--job', job.id, '--data', '{"time_limit":600}']);
    expect(data).toMatchObject({
      job_id: job.id,
      time_limit: 600,
      question_count: 10,
      question_types: ['ranksort', 'multiple_choice', 'scenario'],
    });
    expect(data.questions).toHaveLength(10);
    const both = await ok(box, [
      'assessments',
      'create',
      '--job',
      job.id,
      '--data',
      '{"time_limit":600,"question_count":8}',
      '--question-count',
      '5',
    ]);
    expect(both).toMatchObject({ time_limit: 600, question_count: 5 });
    expect(both.questions).toHaveLength(5);
    const notJson = await cli(box, ['assessments', 'create', '--job', job.id, '--data', '{time_limit:600}']);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('--data is not valid JSON');
  });

  it('--data and --from-file carry fields the spec does not show, named in one warning; known fields are still checked', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer');
    const extra = await cli(box, [
      'assessments',
      'create',
      '--job',
      job.id,
      '--data',
      '{"difficulty":"hard","rubric":{"depth":2}}',
      '--json',
      '-v',
    ]);
    expect(extra.code, extra.stderr).toBe(0);
    const warnings = (result: RunResult) => result.stderr.split('\n').filter((line) => line.startsWith('Warning:'));
    expect(warnings(extra)).toEqual([
      'Warning: Sending fields the API spec does not show, unchecked: difficulty, rubric.',
    ]);
    expect(json<Rec>(extra)).toMatchObject({ job_id: job.id, question_count: 10 });
    const file = join(box.root, 'extra.json');
    writeFileSync(file, JSON.stringify({ job_id: job.id, seniority: 'staff' }));
    const fromFile = await cli(box, ['assessments', 'create', '--from-file', file, '--json', '-v']);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(warnings(fromFile)).toEqual(['Warning: Sending a field the API spec does not show, unchecked: seniority.']);
    // A known field is checked here, unknown ones beside it or not: nothing is sent.
    const bad = await cli(box, [
      'assessments',
      'create',
      '--job',
      job.id,
      '--data',
      '{"difficulty":"hard","question_count":99}',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('must be a whole number from 5 to 20');
    expect(bad.stderr).not.toContain('Warning');
  });

  it('--from-file reads YAML; flags override it', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer');
    const file = join(box.root, 'assessment.yaml');
    writeFileSync(
      file,
      `job_id: ${job.id}\nquestion_count: 5\ntime_limit: 1200\nquestion_types:\n  - multiple_choice\nproctoring: true\n`,
    );
    const fromFile = await ok(box, ['assessments', 'create', '--from-file', file]);
    expect(fromFile).toMatchObject({
      job_id: job.id,
      question_count: 5,
      time_limit: 1200,
      proctoring: true,
      question_types: ['multiple_choice'],
    });
    expect(fromFile.questions.map((question: Rec) => question.type)).toEqual(Array(5).fill('multiple_choice'));
    const overridden = await ok(box, ['assessments', 'create', '--from-file', file, '--question-count', '9']);
    expect(overridden).toMatchObject({ question_count: 9, time_limit: 1200 });
    expect(overridden.questions).toHaveLength(9);
  });

  it('piped: key/value rows with the question count; drawn at a terminal', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer');
    const piped = await cli(box, [
      'assessments',
      'create',
      '--job',
      job.id,
      '--question-count',
      '6',
      '--question-type',
      'scenario,ranksort',
    ]);
    expect(piped.code).toBe(0);
    const rows = keyValues(piped.stdout);
    expect(rows).toMatchObject({
      job_id: job.id,
      status: 'ready',
      question_count: '6',
      time_limit: '300',
      proctoring: 'false',
      question_types: 'scenario, ranksort',
      questions: '6 questions (--json shows them)',
    });
    expect(rows.assessment_generation_time).toMatch(/^\d+(\.\d+)? ms$/);
    expect(piped.stdout).not.toMatch(ANSI);
    const id = rows.id!;
    const get = await cli(box, ['assessments', 'get', id]);
    expect(get.code).toBe(0);
    expect(keyValues(get.stdout)).toEqual(
      Object.fromEntries(Object.entries(rows).filter(([key]) => key !== 'assessment_generation_time')),
    );
    // At a terminal the questions themselves, under the table (test/e2e/detail-views checks the layout).
    const drawn = await cli(box, ['assessments', 'get', id], { tty: true });
    expect(drawn.stdout).toContain('│');
    expect(drawn.stdout).toContain(`${GREEN}ready`);
    expect(drawn.stdout).not.toContain('--json shows them');
    expect(drawn.stdout).toContain('Questions (6)');
  });

  it('refuses bad input with exit 2 naming the flag, and an unknown job with exit 4', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer');
    for (const value of ['4', '21', '7.5', 'many']) {
      const result = await cli(box, ['assessments', 'create', '--job', job.id, '--question-count', value]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('question_count (--question-count): must be a whole number from 5 to 20');
    }
    const time = await cli(box, ['assessments', 'create', '--job', job.id, '--time-limit', '100']);
    expect(time.code).toBe(2);
    expect(time.stderr).toContain('time_limit (--time-limit): must be a whole number from 300 to 1800');
    const type = await cli(box, ['assessments', 'create', '--job', job.id, '--question-type', 'essay']);
    expect(type.code).toBe(2);
    expect(type.stderr).toContain(
      'question_types[0] (--question-type): must be one of: ranksort, multiple_choice, scenario',
    );
    const neither = await cli(box, ['assessments', 'create', '--question-count', '5']);
    expect(neither.code).toBe(2);
    // Only flags this command has, and the --data/--from-file field that can stand in for --job.
    expect(neither.stderr).toContain(
      'job_id (--job): is required (or "title", with --data or --from-file, to generate questions from a title alone)',
    );
    const unknown = await cli(box, ['assessments', 'create', '--job', 'job_missing']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('No job with id job_missing. (not_found, HTTP 404)');
    const missing = await cli(box, ['assessments', 'get', 'asmt_missing']);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('No assessment with id asmt_missing.');
  });

  it('a title alone (through --data) generates questions about it', async () => {
    const box = await sandbox();
    const assessment = await ok(box, [
      'assessments',
      'create',
      '--data',
      '{"title":"SRE","skills":["linux"]}',
      '--question-count',
      '5',
    ]);
    expect(assessment).toMatchObject({ job_id: null, question_count: 5, status: 'ready' });
    expect(assessment.questions[0].prompt).toContain('SRE');
  });
});

// ---------------------------------------------------------------------------------------------

describe('analytics', () => {
  async function world(): Promise<{ box: Sandbox; jobA: Rec; jobB: Rec; everyone: Rec[] }> {
    const box = await sandbox();
    const jobA = await newJob(box, 'Backend Engineer', ['--publish']);
    const jobB = await newJob(box, 'Data Engineer', ['--publish']);
    await simulate(box, jobA.id, 30, 21);
    await simulate(box, jobB.id, 20, 22);
    await ok(box, ['jobs', 'pause', jobB.id]);
    return { box, jobA, jobB, everyone: await allCandidates(box) };
  }

  function expectedCandidates(items: Rec[]): Rec {
    const scores = items.map((item) => item.score).filter((score): score is number => score !== null);
    const byStatus = Object.fromEntries(
      CANDIDATE_STATUSES.map((status) => [status, items.filter((item) => item.status === status).length]),
    );
    // Each job with candidates: its candidates by status (what `hire status` counts per job).
    const jobs = [...new Set(items.map((item) => item.job_id as string))];
    const byJob = Object.fromEntries(
      jobs.map((job) => [
        job,
        Object.fromEntries(
          CANDIDATE_STATUSES.map((status) => [
            status,
            items.filter((item) => item.job_id === job && item.status === status).length,
          ]),
        ),
      ]),
    );
    return {
      total: items.length,
      by_status: byStatus,
      by_job: byJob,
      assessed: scores.length,
      average_score:
        scores.length === 0 ? null : Math.round((scores.reduce((sum, n) => sum + n, 0) / scores.length) * 10) / 10,
    };
  }

  function expectedFunnel(items: Rec[]): Rec[] {
    return PIPELINE.map((status, index) => ({
      status,
      // A rejected candidate applied, at least: it counts in the first stage.
      count: items.filter((item) => (item.status === 'rejected' ? 0 : PIPELINE.indexOf(item.status)) >= index).length,
    }));
  }

  it('--json: totals, by_status, average_score and the funnel match what was simulated', async () => {
    const { box, everyone } = await world();
    const result = await cli(box, ['analytics', '--json']);
    expect(result.code).toBe(0);
    const data = json<Rec>(result);
    expect(data).toEqual({
      jobs: { total: 2, by_status: { draft: 0, active: 1, paused: 1, closed: 0 } },
      candidates: expectedCandidates(everyone),
      assessments: { generated: 2 },
      funnel: expectedFunnel(everyone),
      filters: { job_id: null, from: null, to: null },
    });
    expect(data.candidates.total).toBe(50);
    expect(data.funnel[0]).toEqual({ status: 'new', count: 50 });
    expect(data.funnel[1].count).toBe(everyone.filter((item) => !['new', 'rejected'].includes(item.status)).length);
  });

  it('--job narrows everything to one job', async () => {
    const { box, jobA, everyone } = await world();
    const mine = everyone.filter((item) => item.job_id === jobA.id);
    expect(mine).toHaveLength(30);
    const data = await ok(box, ['analytics', '--job', jobA.id]);
    expect(data).toEqual({
      jobs: { total: 1, by_status: { draft: 0, active: 1, paused: 0, closed: 0 } },
      candidates: expectedCandidates(mine),
      assessments: { generated: 1 },
      funnel: expectedFunnel(mine),
      filters: { job_id: jobA.id, from: null, to: null },
    });
    const unknown = await cli(box, ['analytics', '--job', 'job_missing']);
    expect(unknown.code).toBe(4);
  });

  it('--from/--to: a future --from gives zero totals; a wide range gives everything', async () => {
    const { box, everyone } = await world();
    const future = await ok(box, ['analytics', '--from', '2999-01-01']);
    expect(future).toEqual({
      jobs: { total: 0, by_status: { draft: 0, active: 0, paused: 0, closed: 0 } },
      candidates: {
        total: 0,
        by_status: Object.fromEntries(CANDIDATE_STATUSES.map((status) => [status, 0])),
        by_job: {},
        assessed: 0,
        average_score: null,
      },
      assessments: { generated: 0 },
      funnel: PIPELINE.map((status) => ({ status, count: 0 })),
      filters: { job_id: null, from: '2999-01-01T00:00:00.000Z', to: null },
    });
    const past = await ok(box, ['analytics', '--to', '2000-01-01']);
    expect(past.candidates.total).toBe(0);
    expect(past.jobs.total).toBe(0);
    expect(past.filters.to).toBe('2000-01-01T23:59:59.999Z');
    const wide = await ok(box, ['analytics', '--from', '2000-01-01', '--to', '2999-12-31T00:00:00Z']);
    expect(wide.candidates).toEqual(expectedCandidates(everyone));
    expect(wide.jobs.total).toBe(2);
    expect(wide.filters).toEqual({ job_id: null, from: '2000-01-01T00:00:00.000Z', to: '2999-12-31T00:00:00.000Z' });
  });

  it('a bad date is exit 2 before any request', async () => {
    const box = await sandbox();
    for (const [flag, value] of [
      ['--from', '2026-02-30'],
      ['--to', 'yesterday'],
      ['--from', '01/11/2026'],
    ] as const) {
      const result = await cli(box, ['analytics', flag, value]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(
        `${flag} must be a date such as 2026-11-01, or an ISO 8601 time (got "${value}").`,
      );
      expect(result.stderr).not.toContain('Using the local emulator');
    }
    const backwards = await cli(box, ['analytics', '--from', '2026-11-02', '--to', '2026-11-01']);
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toContain('to: must not be before from');
  });

  it('piped: the readable summary, exactly, without colour', async () => {
    const { box, everyone } = await world();
    const data = await ok(box, ['analytics']);
    const result = await cli(box, ['analytics']);
    expect(result.code).toBe(0);
    const counts = (byStatus: Record<string, number>) =>
      Object.entries(byStatus)
        .filter(([, n]) => n > 0)
        .map(([status, n]) => `${status} ${n}`)
        .join(', ');
    expect(result.stdout).toBe(
      [
        'Analytics (all jobs)',
        '  Jobs         2 (active 1, paused 1)',
        `  Candidates   50, ${everyone.filter((item) => item.score !== null).length} assessed, average score ${data.candidates.average_score} (${counts(data.candidates.by_status)})`,
        '  Assessments  2 generated',
        `  Funnel       ${expectedFunnel(everyone)
          .map((step) => `${step.status} ${step.count}`)
          .join(' → ')}`,
        '',
      ].join('\n'),
    );
    expect(result.stdout).not.toMatch(ANSI);
  });

  it('at a terminal: the summary mentions the Funnel, with colour', async () => {
    const { box, jobA } = await world();
    const result = await cli(box, ['analytics', '--job', jobA.id, '--from', '2000-01-01'], { tty: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Funnel');
    expect(result.stdout).toContain(`${BOLD}Analytics`);
    expect(result.stdout).toContain(`(job ${jobA.id} from 2000-01-01)`);
    expect(result.stdout).toContain(`${GREEN}active`);
    const empty = await cli(box, ['analytics', '--from', '2999-01-01'], { tty: true });
    expect(empty.stdout).toContain('no scores yet');
  });

  it('at 80 columns: each value wraps beside its label, a status never apart from its count', async () => {
    const { box } = await world();
    const result = await runCli(['analytics'], { env: box.env, tty: true, columns: 80 });
    expect(result.code).toBe(0);
    const lines = result.stdout.replace(ANSI_ALL, '').split('\n');
    for (const line of lines) expect([...line].length, result.stdout).toBeLessThanOrEqual(80);
    // Continuation lines sit under the values, and every "status count" pair is on one line (the
    // funnel is drawn as bars at a terminal: test/integration/charts.test.ts).
    const candidates = lines.slice(
      lines.findIndex((line) => line.startsWith('  Candidates')),
      lines.findIndex((line) => line.startsWith('  Assessments')),
    );
    expect(candidates.length, result.stdout).toBeGreaterThan(1);
    for (const line of candidates.slice(1)) expect(line).toMatch(/^ {15}\S/);
    for (const line of lines)
      expect(line, result.stdout).not.toMatch(/(?:new|screening|review|interview|offer|hired|rejected)$/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('webhooks', () => {
  const url = 'https://hooks.example.com/hire';

  it('add generates a whsec_ secret, sends it, and prints it exactly once; list never shows it', async () => {
    const box = await sandbox();
    const result = await cli(box, [
      'webhooks',
      'add',
      '--url',
      url,
      '--event',
      'job.created,offer.extended',
      '--event',
      'candidate.statusChanged',
      '--json',
      '-v',
    ]);
    expect(result.code).toBe(0);
    const webhook = json<Rec>(result);
    expect(Object.keys(webhook).sort()).toEqual([
      'created_at',
      'events',
      'id',
      'secret',
      'status',
      'updated_at',
      'url',
    ]);
    expect(webhook).toMatchObject({
      url,
      events: ['job.created', 'offer.extended', 'candidate.statusChanged'],
      status: 'active',
    });
    expect(webhook.id).toMatch(/^wh_/);
    const secret = webhook.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(occurrences(result.stdout, secret)).toBe(1);
    expect(result.stderr).not.toContain(secret);
    expect(result.stderr).toContain('Save the secret now: it is shown only this once.');
    expect(storedText(box.dataDir)).toContain(`"secret":"${secret}"`);

    const list = await cli(box, ['webhooks', 'list', '--json']);
    expect(list.code).toBe(0);
    const { secret: _secret, ...stored } = webhook;
    expect(json(list)).toEqual([stored]);
    expect(list.stdout).not.toContain(secret);
    expect(list.stdout).not.toContain('"secret"');
  });

  it('--secret-stdin reads and trims the secret, and never prints it', async () => {
    const box = await sandbox();
    const secret = 'my-very-secret-value-123';
    const asJson = await cli(
      box,
      ['webhooks', 'add', '--url', url, '--event', 'job.created', '--secret-stdin', '--json'],
      { stdin: `${secret}\n` },
    );
    expect(asJson.code).toBe(0);
    const webhook = json<Rec>(asJson);
    expect(webhook).not.toHaveProperty('secret');
    expect(asJson.stdout).not.toContain(secret);
    expect(asJson.stderr).not.toContain(secret);
    expect(asJson.stderr).not.toContain('Save the secret now');
    expect(storedText(box.dataDir)).toContain(`"secret":"${secret}"`);
    expect(storedText(box.dataDir)).not.toContain(`"secret":"${secret}\\n"`);

    const piped = await cli(
      box,
      ['webhooks', 'add', '--url', 'http://127.0.0.1:8123/hook', '--event', 'job.created', '--secret-stdin'],
      { stdin: `  ${secret}-2\n` },
    );
    expect(piped.code).toBe(0);
    expect(piped.stdout).not.toContain(secret);
    expect(keyValues(piped.stdout)).not.toHaveProperty('secret');
    expect(keyValues(piped.stdout).url).toBe('http://127.0.0.1:8123/hook');
    expect(storedText(box.dataDir)).toContain(`"secret":"${secret}-2"`);

    const short = await cli(box, ['webhooks', 'add', '--url', url, '--event', 'job.created', '--secret-stdin'], {
      stdin: 'short\n',
    });
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('secret (--secret-stdin): must be at least 16 characters');
  });

  it('refuses bad input with exit 2: unknown event kind (listing the kinds), http to a remote host, no --url, no --event', async () => {
    const box = await sandbox();
    const kind = await cli(box, ['webhooks', 'add', '--url', url, '--event', 'job.created,job.deleted']);
    expect(kind.code).toBe(2);
    expect(kind.stderr).toContain(`--event job.deleted: not an event kind. Kinds: ${EVENT_KINDS}.`);
    const http = await cli(box, [
      'webhooks',
      'add',
      '--url',
      'http://hooks.example.com/hire',
      '--event',
      'job.created',
    ]);
    expect(http.code).toBe(2);
    expect(http.stderr).toContain('url (--url): must be an https URL (http only for 127.0.0.1 or localhost)');
    const noUrl = await cli(box, ['webhooks', 'add', '--event', 'job.created']);
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toContain('url (--url): is required');
    const noEvent = await cli(box, ['webhooks', 'add', '--url', url]);
    expect(noEvent.code).toBe(2);
    expect(noEvent.stderr).toContain('events (--event): must name at least one event kind');
    for (const result of [kind, http, noUrl, noEvent]) expect(result.stdout).toBe('');
    expect(await ok(box, ['webhooks', 'list'])).toEqual([]);
  });

  it('add prints key/value rows piped (secret included) and a drawn table at a terminal', async () => {
    const box = await sandbox();
    const piped = await cli(box, ['webhooks', 'add', '--url', url, '--event', 'job.created,assessment.generated']);
    expect(piped.code).toBe(0);
    const rows = keyValues(piped.stdout);
    expect(Object.keys(rows)).toEqual(['id', 'url', 'events', 'status', 'secret', 'created_at']);
    expect(rows).toMatchObject({ url, events: 'job.created, assessment.generated', status: 'active' });
    expect(rows.secret).toMatch(/^whsec_/);
    expect(occurrences(piped.stdout, rows.secret!)).toBe(1);
    const drawn = await cli(box, ['webhooks', 'add', '--url', url, '--event', 'job.created'], { tty: true });
    expect(drawn.code).toBe(0);
    expect(drawn.stdout).toContain('│');
    expect(drawn.stdout).toContain('whsec_');
    expect(drawn.stdout).toContain(`${DIM}secret`);
  });

  it('list: piped rows and a drawn table', async () => {
    const box = await sandbox();
    const first = await ok(box, ['webhooks', 'add', '--url', 'https://a.example.com/h', '--event', 'job.created']);
    const second = await ok(box, [
      'webhooks',
      'add',
      '--url',
      'https://b.example.com/h',
      '--event',
      'offer.extended,interview.scheduled',
    ]);
    const piped = await cli(box, ['webhooks', 'list']);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(
      `${second.id}\thttps://b.example.com/h\toffer.extended, interview.scheduled\tactive\t${second.created_at}\n` +
        `${first.id}\thttps://a.example.com/h\tjob.created\tactive\t${first.created_at}\n`,
    );
    const drawn = await cli(box, ['webhooks', 'list'], { tty: true });
    for (const header of ['ID', 'URL', 'EVENTS', 'STATUS', 'CREATED']) expect(drawn.stdout).toContain(header);
    expect(drawn.stdout).toContain('│');
    expect(drawn.stdout).toContain(`${GREEN}active`);
    expect(drawn.stdout).not.toContain(first.created_at.slice(0, 10));
    expect(drawn.stdout).toMatch(/│ (just now|\d+ min ago) +│\n/);
  });

  it('a write key adds and removes webhooks ("configure webhooks"); a read key may not', async () => {
    const box = await sandbox();
    const write = await ok(box, ['emulator', 'keys', 'create', '--level', 'write']);
    const read = await ok(box, ['emulator', 'keys', 'create', '--level', 'read']);
    const withKey = (key: string) => ({ env: { HIRE_API_KEY: key } });
    const added = await cli(
      box,
      ['webhooks', 'add', '--url', url, '--event', 'job.created', '--json'],
      withKey(write.key),
    );
    expect(added.code, added.stderr).toBe(0);
    const id = json<Rec>(added).id;
    const refused = await cli(box, ['webhooks', 'remove', id, '--yes'], withKey(read.key));
    expect(refused.code).toBe(3);
    const removed = await cli(box, ['webhooks', 'remove', id, '--yes'], withKey(write.key));
    expect(removed.code, removed.stderr).toBe(0);
    expect(await ok(box, ['webhooks', 'list'])).toEqual([]);
    // Jobs are still deleted by admin keys alone.
    const job = await newJob(box, 'Kept Engineer');
    expect((await cli(box, ['jobs', 'delete', job.id, '--yes'], withKey(write.key))).code).toBe(3);
  });

  it('remove deletes it (the list is then empty); a missing id is exit 4', async () => {
    const box = await sandbox();
    const webhook = await ok(box, ['webhooks', 'add', '--url', url, '--event', 'job.created']);
    const unconfirmed = await cli(box, ['webhooks', 'remove', webhook.id]);
    expect(unconfirmed).toMatchObject({ code: 2, stdout: '' });
    expect(unconfirmed.stderr).toBe(
      `Error: Refusing to remove webhook ${webhook.id} without confirmation: pass --yes.\nNo question asked: not at a terminal.\n`,
    );
    const removed = await cli(box, ['webhooks', 'remove', webhook.id, '--yes']);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe('');
    expect(removed.stderr).toContain(`Removed webhook ${webhook.id}.`);
    expect(await ok(box, ['webhooks', 'list'])).toEqual([]);
    const piped = await cli(box, ['webhooks', 'list']);
    expect(piped).toMatchObject({ code: 0, stdout: '' });
    const again = await cli(box, ['webhooks', 'remove', webhook.id, '--yes']);
    expect(again.code).toBe(4);
    // DELETE /webhooks/{id} is assumed and no published list holds webhooks: the message says both
    // (docs/api-choices.md "Running against a real platform").
    expect(again.stderr).toContain(
      `No webhook with id ${webhook.id}. Or the server may not offer DELETE /webhooks/{id}, which the API spec does not publish, and no published operation can tell which. (not_found, HTTP 404)`,
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('list flags', () => {
  it('--all returns every candidate once as JSON, NDJSON lines and CSV rows (230 across pages)', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer', ['--publish']);
    await simulate(box, job.id, 230, 99);

    const all = await cli(box, ['candidates', 'list', '--all', '--json']);
    expect(all.code).toBe(0);
    const items = json<Rec[]>(all);
    expect(items).toHaveLength(230);
    const ids = items.map((item) => item.id as string);
    expect(new Set(ids).size).toBe(230);

    const ndjson = await cli(box, ['candidates', 'list', '--all', '-o', 'ndjson']);
    expect(ndjson.code).toBe(0);
    const lines = ndjson.stdout.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1)).toHaveLength(230);
    expect(lines.slice(0, -1).map((line) => (JSON.parse(line) as Rec).id)).toEqual(ids);

    const csv = await cli(box, ['candidates', 'list', '--all', '-o', 'csv']);
    expect(csv.code).toBe(0);
    const rows = csv.stdout.split('\r\n');
    expect(rows.at(-1)).toBe('');
    expect(rows[0]).toBe('id,name,email,status,score,job_id,applied_at,created_at,updated_at,note');
    expect(rows.slice(1, -1)).toHaveLength(230);
    expect(rows.slice(1, -1).map((row) => row.split(',')[0])).toEqual(ids);
    const firstRow = items[0]!;
    expect(rows[1]).toBe(
      `${firstRow.id},${firstRow.name},${firstRow.email},${firstRow.status},${firstRow.score ?? ''},${job.id},${firstRow.applied_at},${firstRow.created_at},${firstRow.updated_at},`,
    );

    const piped = await cli(box, ['candidates', 'list', '--all']);
    expect(piped.stdout.split('\n').slice(0, -1)).toHaveLength(230);

    // One page by default (20), then --page/--per-page.
    expect(await ok<Rec[]>(box, ['candidates', 'list'])).toHaveLength(20);
    const page3 = await ok<Rec[]>(box, ['candidates', 'list', '--page', '3', '--per-page', '100']);
    expect(page3.map((item) => item.id)).toEqual(ids.slice(200));
    const page2 = await ok<Rec[]>(box, ['candidates', 'list', '--page', '2', '--per-page', '7']);
    expect(page2.map((item) => item.id)).toEqual(ids.slice(7, 14));
    const tooBig = await cli(box, ['candidates', 'list', '--per-page', '101']);
    expect(tooBig.code).toBe(2);
    expect(tooBig.stderr).toContain('--per-page must be a whole number from 1 to 100 (got "101")');

    // --limit: exactly N, with or without --all, fetching further pages as needed.
    for (const extra of [[], ['--all']]) {
      const seven = await ok<Rec[]>(box, ['candidates', 'list', '--limit', '7', ...extra]);
      expect(seven.map((item) => item.id)).toEqual(ids.slice(0, 7));
    }
    const many = await ok<Rec[]>(box, ['candidates', 'list', '--limit', '150']);
    expect(many.map((item) => item.id)).toEqual(ids.slice(0, 150));
    const sevenLines = await cli(box, ['candidates', 'list', '--limit', '7', '-o', 'ndjson']);
    expect(sevenLines.stdout.split('\n').slice(0, -1)).toHaveLength(7);
    const badLimit = await cli(box, ['candidates', 'list', '--limit', '0']);
    expect(badLimit.code).toBe(2);
    expect(badLimit.stderr).toContain('--limit must be a whole number of at least 1 (got "0")');
  });

  it('candidates: --sort, --fields (columns and keys, in order), --filter', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer', ['--publish']);
    await simulate(box, job.id, 60, 8);
    const everyone = await allCandidates(box);

    const byScore = await allCandidates(box, ['--sort', '-score']);
    const scores = byScore.map((item) => item.score as number | null);
    const numbers = scores.filter((score): score is number => score !== null);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(scores.slice(numbers.length).every((score) => score === null)).toBe(true); // nulls last
    const ascending = await allCandidates(box, ['--sort', 'score']);
    expect(ascending.map((item) => item.score).filter((score) => score !== null)).toEqual(
      [...numbers].sort((a, b) => a - b),
    );
    const byName = await allCandidates(box, ['--sort', 'name,-score']);
    const names = byName.map((item) => (item.name as string).toLowerCase());
    expect(names).toEqual([...names].sort());

    const fields = await ok<Rec[]>(box, ['candidates', 'list', '--fields', 'score,id', '--per-page', '5']);
    expect(fields).toHaveLength(5);
    for (const item of fields) expect(Object.keys(item)).toEqual(['score', 'id']);
    const piped = await cli(box, ['candidates', 'list', '--fields', 'score,id', '--per-page', '5']);
    expect(piped.stdout).toBe(fields.map((item) => `${item.score ?? ''}\t${item.id}\n`).join(''));
    const csv = await cli(box, ['candidates', 'list', '--fields', 'status,name', '--per-page', '3', '-o', 'csv']);
    expect(csv.stdout).toBe(
      `status,name\r\n${everyone
        .slice(0, 3)
        .map((item) => `${item.status},${item.name}\r\n`)
        .join('')}`,
    );
    const drawn = await cli(box, ['candidates', 'list', '--fields', 'email,status', '--per-page', '3'], { tty: true });
    expect(drawn.stdout).toContain('EMAIL');
    expect(drawn.stdout).not.toContain('NAME');
    expect(drawn.stdout.indexOf('EMAIL')).toBeLessThan(drawn.stdout.indexOf('STATUS'));
    const unknownField = await cli(box, ['candidates', 'list', '--fields', 'id,salary']);
    expect(unknownField.code).toBe(2);
    expect(unknownField.stderr).toContain('fields: unknown field salary');

    const named = everyone[0]!;
    const byEmail = await allCandidates(box, ['--filter', `email=${named.email}`]);
    expect(byEmail.map((item) => item.id)).toEqual([named.id]);
  });

  it('--filter on a field the command also has a flag for (status, job_id) is sent, not dropped', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer', ['--publish']);
    const other = await newJob(box, 'Other job', ['--publish']);
    await simulate(box, job.id, 60, 8);
    await simulate(box, other.id, 5, 9);
    await ok(box, ['jobs', 'pause', other.id]);
    expect((await allCandidates(box, ['--filter', `job_id=${other.id}`])).map((item) => item.job_id)).toEqual(
      Array(5).fill(other.id),
    );
    const everyone = await allCandidates(box);
    const review = everyone.filter((item) => item.status === 'review').map((item) => item.id);
    expect(review.length).toBeGreaterThan(0);
    expect(review.length).toBeLessThan(65);
    expect((await allCandidates(box, ['--filter', 'status=review'])).map((item) => item.id)).toEqual(review);
    expect((await ok<Rec[]>(box, ['jobs', 'list', '--filter', 'status=active'])).map((item) => item.id)).toEqual([
      job.id,
    ]);
  });

  it('jobs: --limit, --fields order in csv and ndjson, --filter, --sort', async () => {
    const box = await sandbox();
    const created: Rec[] = [];
    for (const title of ['Kilo', 'Alpha', 'Juliet', 'Bravo', 'India', 'Charlie', 'Hotel', 'Delta', 'Golf', 'Echo']) {
      created.push(await newJob(box, title, title < 'E' ? ['--department', 'Early'] : []));
    }
    const newestFirst = [...created].reverse().map((job) => job.id);
    expect((await ok<Rec[]>(box, ['jobs', 'list', '--limit', '7'])).map((job) => job.id)).toEqual(
      newestFirst.slice(0, 7),
    );
    expect(
      (await ok<Rec[]>(box, ['jobs', 'list', '--limit', '7', '--all', '--per-page', '3'])).map((job) => job.id),
    ).toEqual(newestFirst.slice(0, 7));
    const sorted = await ok<Rec[]>(box, ['jobs', 'list', '--sort', 'title', '--per-page', '4', '--page', '2']);
    expect(sorted.map((job) => job.title)).toEqual(['Echo', 'Golf', 'Hotel', 'India']);
    const early = await ok<Rec[]>(box, ['jobs', 'list', '--filter', 'department=Early', '--sort', '-title']);
    expect(early.map((job) => job.title)).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);
    const csv = await cli(box, [
      'jobs',
      'list',
      '--fields',
      'title,id',
      '--sort',
      'title',
      '--limit',
      '2',
      '-o',
      'csv',
    ]);
    const alpha = created.find((job) => job.title === 'Alpha')!;
    const bravo = created.find((job) => job.title === 'Bravo')!;
    expect(csv.stdout).toBe(`title,id\r\nAlpha,${alpha.id}\r\nBravo,${bravo.id}\r\n`);
    const ndjson = await cli(box, [
      'jobs',
      'list',
      '--fields',
      'title,status',
      '--sort',
      'title',
      '--limit',
      '2',
      '-o',
      'ndjson',
    ]);
    expect(ndjson.stdout).toBe('{"title":"Alpha","status":"draft"}\n{"title":"Bravo","status":"draft"}\n');
    const csvNested = await cli(box, ['jobs', 'list', '--fields', 'id,assessment_config', '--limit', '1', '-o', 'csv']);
    const last = created.at(-1)!;
    expect(csvNested.stdout).toBe(
      `id,assessment_config\r\n${last.id},"${JSON.stringify(last.assessment_config).replace(/"/g, '""')}"\r\n`,
    );
  });

  it('webhooks: --page/--per-page, --sort, --fields, --filter, --limit', async () => {
    const box = await sandbox();
    const made: Rec[] = [];
    for (const host of ['c', 'a', 'd', 'b']) {
      made.push(
        await ok(box, [
          'webhooks',
          'add',
          '--url',
          `https://${host}.example.com/h`,
          '--event',
          host === 'a' ? 'offer.extended' : 'job.created',
        ]),
      );
    }
    const sorted = await ok<Rec[]>(box, ['webhooks', 'list', '--sort', 'url']);
    expect(sorted.map((hook) => hook.url)).toEqual(['a', 'b', 'c', 'd'].map((host) => `https://${host}.example.com/h`));
    const page = await ok<Rec[]>(box, ['webhooks', 'list', '--sort', '-url', '--per-page', '3', '--page', '2']);
    expect(page.map((hook) => hook.url)).toEqual(['https://a.example.com/h']);
    const fields = await ok<Rec[]>(box, ['webhooks', 'list', '--fields', 'url,id', '--sort', 'url', '--limit', '2']);
    expect(fields).toEqual([
      { url: 'https://a.example.com/h', id: made[1]!.id },
      { url: 'https://b.example.com/h', id: made[3]!.id },
    ]);
    const piped = await cli(box, ['webhooks', 'list', '--fields', 'url,events', '--filter', 'events=offer.extended']);
    expect(piped.stdout).toBe('https://a.example.com/h\toffer.extended\n');
    const limited = await cli(box, ['webhooks', 'list', '--limit', '3', '--all', '-o', 'ndjson']);
    expect(
      limited.stdout
        .split('\n')
        .slice(0, -1)
        .map((line) => (JSON.parse(line) as Rec).id),
    ).toEqual(
      [...made]
        .reverse()
        .slice(0, 3)
        .map((hook) => hook.id),
    );
  });

  it('an empty list prints nothing and exits 0, in every format but JSON', async () => {
    const box = await sandbox();
    for (const noun of ['jobs', 'candidates', 'webhooks']) {
      for (const format of [[], ['-o', 'ndjson'], ['-o', 'csv'], ['--all']]) {
        const result = await cli(box, [noun, 'list', ...format]);
        expect(result).toMatchObject({ code: 0, stdout: '' });
      }
      const asJson = await cli(box, [noun, 'list', '--json']);
      expect(asJson).toMatchObject({ code: 0, stdout: '[]\n' });
      const drawn = await cli(box, [noun, 'list'], { tty: true });
      expect(drawn).toMatchObject({ code: 0, stdout: '' });
      expect(drawn.stderr).toContain(`No ${noun} found.`);
    }
    const filtered = await cli(box, ['candidates', 'list', '--status', 'hired', '--score-min', '100']);
    expect(filtered).toMatchObject({ code: 0, stdout: '' });
  });
});

// ---------------------------------------------------------------------------------------------

describe('emulator reset', () => {
  it('--yes empties jobs, candidates, assessments and webhooks', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer', ['--publish']);
    await newJob(box, 'Data Engineer');
    await simulate(box, job.id, 12, 1);
    await ok(box, ['assessments', 'create', '--job', job.id]);
    await ok(box, ['webhooks', 'add', '--url', 'https://hooks.example.com/h', '--event', 'job.created']);
    const result = await cli(box, ['emulator', 'reset', '--yes', '--json']);
    expect(result.code).toBe(0);
    const data = json<Rec>(result);
    expect(data.removed).toMatchObject({ jobs: 2, candidates: 12, assessments: 3, webhooks: 1 });
    expect(data.removed).not.toHaveProperty('keys');
    expect(await ok(box, ['jobs', 'list'])).toEqual([]);
    expect(await ok(box, ['candidates', 'list'])).toEqual([]);
    expect(await ok(box, ['webhooks', 'list'])).toEqual([]);
    expect((await cli(box, ['jobs', 'get', job.id])).code).toBe(4);

    await newJob(box, 'Again');
    const plain = await cli(box, ['emulator', 'reset', '-y']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toBe('');
    expect(plain.stderr).toContain('The emulator is empty again (keys kept).');
    expect(await ok(box, ['jobs', 'list'])).toEqual([]);
  });

  it('without --yes and not interactive: exit 2, nothing deleted', async () => {
    const box = await sandbox();
    const job = await newJob(box, 'Backend Engineer');
    const piped = await cli(box, ['emulator', 'reset']);
    expect(piped.code).toBe(2);
    expect(piped.stdout).toBe('');
    expect(piped.stderr).toContain(
      'Refusing to reset the emulator without confirmation: pass --yes.\nNo question asked: not at a terminal.\n',
    );
    const noInput = await cli(box, ['emulator', 'reset', '--no-input'], { tty: true });
    expect(noInput.code).toBe(2);
    expect((await ok<Rec[]>(box, ['jobs', 'list'])).map((item) => item.id)).toEqual([job.id]);
  });
});
