// The candidate's note reaches the recruiter (issue 28 item 2): what an applicant types in the
// public form's "Cover note or links" is the candidate's `note` — in GET /candidates, `candidates
// get` (at a terminal as inert, wrapped prose under the fields; piped as one escaped line; --json
// whole), the application.received and application.created payloads, and the candidates CSV, which
// also has the email. The note is the applicant's text: bidi overrides, newlines, long words and a
// formula are shown inert.
import { describe, expect, it } from 'vitest';
import { DESCRIPTION, json, runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';

// A right-to-left override, a bidi isolate, a tab, blank lines, a long unbroken word, and a
// line a spreadsheet would run as a formula.
const LONG = 'x'.repeat(150);
const NOTE = `=HYPERLINK("http://evil.example")\nPortfolio: https://example.com/ada \u202Egnp.exe\u202C\n\n\n\n\tIsolated \u2066text\u2069 and ${LONG}`;

async function applied() {
  const box = await sandbox();
  const emu = await testEmulator(box.dataDir);
  box.writeConfig({ profiles: { local: { environment: 'local', base_url: emu.apiUrl } } });
  await emu.call('POST', '/webhooks', {
    body: {
      url: 'http://127.0.0.1:9/hooks',
      secret: 'a-secret-of-16-chars',
      events: ['application.received', 'application.created'],
    },
  });
  const created = await emu.call('POST', '/jobs', {
    body: {
      title: 'Backend Engineer',
      description: DESCRIPTION,
      publish: true,
      assessment_config: { auto_generate: false },
    },
  });
  const job = created.json.data;
  const answer = await fetch(job.application_url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      note: NOTE.replace(/\n/g, '\r\n'),
    }).toString(),
  });
  expect(answer.status).toBe(303);
  const candidate = (await emu.call('GET', `/candidates?job_id=${job.id}`)).json.data[0];
  return { env: box.env, emu, job, candidate };
}

const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('the candidate note', () => {
  it('is the candidate field `note`, as sent (newlines as \\n), in GET /candidates, /candidates/{id} and ?fields=note', async () => {
    const { emu, candidate } = await applied();
    expect(candidate.note).toBe(NOTE);
    expect((await emu.call('GET', `/candidates/${candidate.id}`)).json.data.note).toBe(NOTE);
    expect((await emu.call('GET', `/candidates?fields=id,note`)).json.data).toEqual([{ id: candidate.id, note: NOTE }]);
    // Without one it is null, not an empty string.
    const other = await fetch(`${emu.origin}/apply/${candidate.job_id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Grace Hopper', email: 'grace@example.com', note: '' }).toString(),
    });
    expect(other.status).toBe(303);
    const grace = (await emu.call('GET', `/candidates?job_id=${candidate.job_id}`)).json.data.find(
      (c: any) => c.name === 'Grace Hopper',
    );
    expect(grace.note).toBeNull();
  });

  it('is carried by the application.received and application.created payloads', async () => {
    const { emu, candidate } = await applied();
    const events = emu.store
      .all<{ id: string; type: string; data: any }>('events')
      .filter((event) => event.data.id === candidate.id);
    expect(events.map((event) => event.type)).toEqual(['application.received', 'application.created']);
    for (const event of events) expect(event.data.note).toBe(NOTE);
  });

  it('candidates get at a terminal: the fields, then the note as inert prose wrapped to the width', async () => {
    const { env, candidate } = await applied();
    const result = await runCli(['candidates', 'get', candidate.id, '--no-color'], { env, tty: true, columns: 60 });
    expect(result.code, result.stderr).toBe(0);
    const [table, note] = result.stdout.split(/\nNote\n/);
    expect(table).toContain('ada@example.com');
    expect(table).not.toContain('HYPERLINK');
    expect(note).toBeDefined();
    const lines = note!.replace(/\n$/, '').split('\n');
    expect(lines[0]).toBe('  =HYPERLINK("http://evil.example")');
    expect(lines[1]).toContain('\\u202e');
    expect(lines[1]).toContain('\\u202c');
    // Runs of blank lines are one; the long word is broken, every line within the width.
    expect(lines[2]).toBe('');
    expect(lines[3]).toBe('  Isolated \\u2066text\\u2069 and');
    expect(lines[4]).toMatch(/^ {2}x+$/);
    expect(lines.join('')).toContain(LONG.slice(0, 40));
    expect(lines.join('').replace(/\s/g, '').match(/x+$/)![0]).toHaveLength(LONG.length);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
    expect(result.stdout).not.toMatch(HIDDEN);
  });

  it('candidates get piped: one `note<TAB>` line, newlines and controls escaped; --json carries the note whole', async () => {
    const { env, candidate } = await applied();
    const piped = await runCli(['candidates', 'get', candidate.id], { env });
    expect(piped.code, piped.stderr).toBe(0);
    const noteLine = piped.stdout.split('\n').find((line) => line.startsWith('note\t'));
    expect(noteLine).toBeDefined();
    expect(noteLine).toContain('\\n');
    expect(noteLine).toContain('\\u202e');
    expect(noteLine).toContain(LONG);
    expect(piped.stdout).not.toMatch(HIDDEN);
    expect(json<{ note: string }>(await runCli(['candidates', 'get', candidate.id, '--json'], { env })).note).toBe(
      NOTE,
    );
    expect(
      json(await runCli(['candidates', 'get', candidate.id, '--json', '--fields', 'email,note'], { env })),
    ).toEqual({ email: 'ada@example.com', note: NOTE });
  });

  it('candidates list -o csv: the email and the note columns, the formula guarded', async () => {
    const { env, candidate } = await applied();
    const result = await runCli(['candidates', 'list', '-o', 'csv'], { env });
    expect(result.code, result.stderr).toBe(0);
    const [header, ...rest] = result.stdout.split('\r\n');
    expect(header).toBe('id,name,email,status,score,job_id,applied_at,created_at,updated_at,note');
    const row = rest.join('\r\n');
    expect(row.startsWith(`${candidate.id},Ada Lovelace,ada@example.com,new,,${candidate.job_id},`)).toBe(true);
    // RFC 4180: the note quoted (it holds quotes and newlines), its formula behind a leading '.
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")\nPortfolio`);
    const get = await runCli(['candidates', 'get', candidate.id, '-o', 'csv'], { env });
    expect(get.stdout.split('\r\n')[0]).toBe(header);
  });
});
