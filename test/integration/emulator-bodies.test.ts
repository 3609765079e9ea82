// Bad request bodies get a 4xx with a reason, never a 500 (issue 15, item 9): bodies nested far
// deeper than any API body are refused before they are hashed for Idempotency-Key or validated.
import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH } from '../../src/emulator/http/body.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';

const DESCRIPTION =
  'Build and run the services behind our hiring platform. You will own APIs, data pipelines and the on-call rota with the team.';

/** `[[[…]]]` or `{"a":{"a":…1}}`, `depth` levels deep, as text (JSON.stringify would overflow). */
function nested(shape: 'array' | 'object', depth: number): string {
  return shape === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** A raw request to the API (`/api/v1…`) or the controls (`/_emulator…`) with the local key. */
async function send(
  emu: TestEmulator,
  method: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${emu.origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) };
}

function expectTooDeep(answer: { status: number; json: any }, what: string): void {
  expect(answer.status, `${what}: ${JSON.stringify(answer.json)}`).toBe(400);
  expect(answer.json.error.code).toBe('validation_error');
  expect(answer.json.error.details).toEqual({
    body: `must not nest objects and arrays more than ${MAX_BODY_DEPTH} levels deep`,
  });
  expect(answer.json.meta.request_id).toMatch(/^req_/);
}

async function emulatorWithJob(): Promise<{ emu: TestEmulator; jobId: string }> {
  const emu = await testEmulator((await sandbox()).dataDir);
  const created = await emu.call('POST', '/jobs', { body: { title: 'Backend Engineer', description: DESCRIPTION } });
  expect(created.status).toBe(201);
  return { emu, jobId: created.json.data.id };
}

describe('deeply nested bodies', () => {
  it('answers 400 naming body and the limit on every write route, with and without an Idempotency-Key', async () => {
    const { emu, jobId } = await emulatorWithJob();
    const routes: [string, string][] = [
      ['POST', '/api/v1/jobs'],
      ['POST', '/api/v1/webhooks'],
      ['POST', '/api/v1/assessments'],
      ['PATCH', `/api/v1/jobs/${jobId}`],
      ['POST', '/_emulator/simulate'],
      ['POST', '/_emulator/keys'],
      ['POST', '/_emulator/reset'],
    ];
    let key = 0;
    for (const depth of [10_000, 100_000]) {
      for (const shape of ['array', 'object'] as const) {
        const body = nested(shape, depth);
        for (const [method, path] of routes) {
          for (const idempotent of [true, false]) {
            const headers: Record<string, string> = idempotent ? { 'idempotency-key': `deep-${key++}` } : {};
            expectTooDeep(
              await send(emu, method, path, body, headers),
              `${method} ${path} ${shape} ${depth}${idempotent ? ' with Idempotency-Key' : ''}`,
            );
          }
        }
      }
    }
    // Refused before anything ran: the job is as it was, and nothing was reset.
    const job = await emu.call('GET', `/jobs/${jobId}`);
    expect(job.status).toBe(200);
    expect(job.json.data.status).toBe('draft');
  });

  it('refuses a deep value inside an otherwise valid job, and does not keep its Idempotency-Key', async () => {
    const emu = await testEmulator((await sandbox()).dataDir);
    const job = `{"title":"Backend Engineer","description":${JSON.stringify(DESCRIPTION)}`;
    const deep = await send(emu, 'POST', '/api/v1/jobs', `${job},"location":${nested('object', 10_000)}}`, {
      'idempotency-key': 'reused',
    });
    expectTooDeep(deep, 'a deep location');
    // The key was not spent on the refused body: the valid one with it is created.
    const valid = await send(emu, 'POST', '/api/v1/jobs', `${job}}`, { 'idempotency-key': 'reused' });
    expect(valid.status).toBe(201);
  });

  it(`takes a body exactly ${MAX_BODY_DEPTH} levels deep and refuses one level more`, async () => {
    const emu = await testEmulator((await sandbox()).dataDir);
    for (const shape of ['array', 'object'] as const) {
      // /_emulator/reset ignores its body: only the depth decides.
      const atLimit = await send(emu, 'POST', '/_emulator/reset', nested(shape, MAX_BODY_DEPTH), {
        'idempotency-key': `limit-${shape}`,
      });
      expect(atLimit.status, JSON.stringify(atLimit.json)).toBe(200);
      expectTooDeep(
        await send(emu, 'POST', '/_emulator/reset', nested(shape, MAX_BODY_DEPTH + 1), {
          'idempotency-key': `over-${shape}`,
        }),
        shape,
      );
    }
  });
});

describe('bodies that are not UTF-8', () => {
  it('answers 400 naming body instead of storing U+FFFD', async () => {
    const emu = await testEmulator((await sandbox()).dataDir);
    const job = Buffer.concat([
      Buffer.from('{"title":"Backend '),
      Buffer.from([0xff]),
      Buffer.from(`","description":${JSON.stringify(DESCRIPTION)}}`),
    ]);
    const response = await fetch(`${emu.apiUrl}/jobs`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${emu.key}`,
        'content-type': 'application/json',
        'idempotency-key': 'not-utf8',
      },
      body: job,
    });
    const answer = (await response.json()) as any;
    expect(response.status, JSON.stringify(answer)).toBe(400);
    expect(answer.error.details).toEqual({ body: 'is not valid UTF-8' });
    const jobs = await emu.call('GET', '/jobs');
    expect(jobs.json.data).toEqual([]);
  });
});
