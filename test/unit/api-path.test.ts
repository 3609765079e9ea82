// The decision "what hire api's PATH may be" (src/commands/api/path.ts), case by case: the PATH as
// typed, then the URL as the client builds it from the base.
import { describe, expect, it } from 'vitest';
import { apiPath, checkUnderApi } from '../../src/commands/api/path.js';
import { UsageError } from '../../src/errors.js';

const BASE = 'https://api.example.com/api/v1';
const SANDBOX = 'http://127.0.0.1:4010/sandbox/api/v1';

/** The URL ApiClient.url builds: the base and the path, parsed. */
const built = (base: string, path: string) => new URL(base + path).href;

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as UsageError).message;
  }
  throw new Error('not refused');
}

describe('apiPath: the PATH as typed', () => {
  it.each([
    ['jobs', '/jobs'],
    ['/jobs', '/jobs'],
    ['/api/v1/jobs', '/jobs'],
    ['/api/v1', '/'],
    ['/jobs?status=active', '/jobs?status=active'],
    ['/jobs/job_1.json', '/jobs/job_1.json'],
    ['/jobs/a...b', '/jobs/a...b'],
  ])('%j is sent as %j', (raw, path) => {
    expect(apiPath(raw)).toBe(path);
  });

  it.each([
    ['/x\\..\\..\\_emulator/keys', /backslash or a control character/],
    ['/.\t./.\t./_emulator/keys', /backslash or a control character/],
    ['/jobs\r\n', /backslash or a control character/],
    ['/jobs/\u0000', /backslash or a control character/],
    ['/../_emulator/keys', /\. or \.\. segments/],
    ['/jobs/./x', /\. or \.\. segments/],
    ['/%2e%2E/_emulator', /\. or \.\. segments/],
  ])('%j is refused', (raw, words) => {
    expect(refusal(() => apiPath(raw))).toMatch(words);
  });

  it('quotes the PATH inert: a control character is shown escaped, never raw', () => {
    expect(refusal(() => apiPath('/a\u001b[31m'))).toContain('\\u001b');
  });
});

describe('checkUnderApi: the URL as built, against the base', () => {
  it.each([
    [BASE, '/jobs'],
    [BASE, '/'],
    [BASE, '/jobs/job_1?x=%2e'],
    [BASE, '/jobs/%C3%A9t%C3%A9'],
    [SANDBOX, '/candidates/cand_1'],
  ])('%s + %j stays in the API', (base, path) => {
    expect(() => checkUnderApi(built(base, path), base, path)).not.toThrow();
  });

  it.each([
    // Resolved away by the URL parser: outside the base path.
    [BASE, '/x\\..\\..\\..\\_emulator/keys', /outside the API \(\/api\/v1\)/],
    [BASE, '/.\t./.\t./_emulator/keys', /resolves to \/_emulator\/keys/],
    [
      SANDBOX,
      '/../../_emulator/keys',
      /resolves to \/sandbox\/_emulator\/keys, outside the API \(\/sandbox\/api\/v1\)/,
    ],
    [SANDBOX, '/%2e%2e/%2e%2e/%2e%2e/_emulator/keys', /outside the API/],
    // Kept in the path, but a server could decode them into a climb.
    [BASE, '/..%2f..%2f_emulator', /dot, a separator or a control character/],
    [BASE, '/..%5C..%5C_emulator', /dot, a separator/],
    [BASE, '/x%2e%2e', /dot, a separator/],
    [BASE, '/%252e%252e/x', /dot, a separator/],
    [BASE, '/jobs/%00', /dot, a separator/],
    [BASE, '/\uff0e\uff0e/_emulator', /dot, a separator/],
    [BASE, '/%EF%BC%8E%EF%BC%8E/_emulator', /dot, a separator/],
    [BASE, '/\u3002\u3002/x', /dot, a separator/],
    [BASE, '/\uff0f_emulator', /dot, a separator/],
    [BASE, '/%ff/x', /dot, a separator/],
  ])('%s + %j is refused', (base, path, words) => {
    expect(refusal(() => checkUnderApi(built(base, path), base, path))).toMatch(words);
  });

  it('another origin is outside the API too', () => {
    expect(refusal(() => checkUnderApi('https://evil.example/api/v1/jobs', BASE, '/jobs'))).toMatch(/outside the API/);
  });
});
