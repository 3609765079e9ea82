// `hire api PATH` never reaches anything outside the API (docs/commands.md "hire api", docs/mcp.md):
// whatever the spelling — `\`, `/`, `%2e`, `%5c`, TAB, CR, LF, NUL, fullwidth dots, mixed case —
// every request a server receives is under the base path, read as the most lenient server would
// read it, and a refused PATH is exit 2 with nothing sent. Against a scripted server that records
// every request, and the emulator, whose controls (`/_emulator/keys`) hand out keys.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';
import { properties } from '../helpers/properties.js';
import { reply, serve } from '../helpers/scripted-server.js';

const KEY = 'hk_test_path_guard_0123456789abcdef';
const { property } = properties('api PATH guard', 3707);

/**
 * The path as a lenient server could read it: escapes decoded (three times: a proxy and a server
 * may each decode), `\` as `/`, controls dropped, NFKC and IDNA dots as `.`, dot segments resolved.
 */
function leniently(received: string): string {
  let path = received.split('?')[0]!;
  for (let round = 0; round < 3; round++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // Not UTF-8 as a whole: the ASCII escapes alone.
      path = path.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
  }
  path = path
    .normalize('NFKC')
    .replace(/[\u3002\uff61]/g, '.')
    .replace(/\\/g, '/')
    .replace(/[\u0000-\u001f\u007f]/g, '');
  const out: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}

const underApi = (path: string) => path === '/api/v1' || path.startsWith('/api/v1/');

/** Pieces a PATH is made of: separators and dots in every spelling, and names. */
const PIECE = fc.constantFrom(
  '/',
  '\\',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2e%2e',
  '.%2E',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%252e',
  '%25',
  '\t',
  '\r',
  '\n',
  '\u0000',
  '%00',
  '\uff0e',
  '\uff0e\uff0e',
  '%EF%BC%8E',
  '\u3002',
  '\u2024',
  '\ufe52',
  '\uff0f',
  '\uff3c',
  '_emulator',
  '_EMULATOR',
  'keys',
  'api',
  'v1',
  'jobs',
  'sandbox',
  '?x=1',
);
const PATHS = fc.array(PIECE, { minLength: 1, maxLength: 12 }).map((pieces) => pieces.join(''));

async function scriptedBox() {
  const server = await serve(reply(200, { data: [], meta: { request_id: 'req_1' } }));
  const box = await sandbox();
  const env = { ...box.env, HIRE_BASE_URL: `${server.origin}/api/v1`, HIRE_API_KEY: KEY, HIRE_MAX_RETRIES: '0' };
  return { server, env };
}

describe('hire api PATH: no request leaves the API, whatever the spelling', () => {
  it('a generated PATH is sent under /api/v1 or refused with exit 2 before anything is sent', async () => {
    await property('PATH stays under the API', PATHS, 400, async (path) => {
      const { server, env } = await scriptedBox();
      for (const method of ['GET', 'POST']) {
        const before = server.requests.length;
        const result = await runCli(['api', '-X', method, path], { env });
        const sent = server.requests.slice(before);
        for (const request of sent)
          expect(underApi(leniently(request.url)), `${JSON.stringify(path)} reached ${request.url}`).toBe(true);
        if (result.code === 2) expect(sent, result.stderr).toHaveLength(0);
        else expect(result.code, result.stderr).toBe(0);
      }
    });
  });

  // The spellings that reached the emulator's controls before the guard read the built URL.
  const REPROS = [
    '/x\\..\\..\\..\\_emulator/keys',
    '/.\t./.\t./_emulator/keys',
    '/x/..\\..\\_emulator/keys',
    '/.\r./.\n./_emulator/keys',
    '/%2e%2e/%2E%2E/_emulator/keys',
    '/\uff0e\uff0e/\uff0e\uff0e/_emulator/keys',
    '/..%2f..%2f_emulator/keys',
    '/..%5c..%5c_emulator/keys',
    '/x/\u0000/../../_emulator/keys',
  ];

  it.each(REPROS)('%j is refused with exit 2, nothing sent', async (path) => {
    const { server, env } = await scriptedBox();
    for (const json of [[], ['--json']]) {
      const result = await runCli(['api', '-X', 'POST', path, '-f', 'level=admin', ...json], { env });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      if (json.length > 0)
        expect(JSON.parse(result.stderr)).toMatchObject({
          error: { code: 'usage_error', message: expect.any(String) },
        });
      else expect(result.stderr).toMatch(/^Error: PATH /);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('against the emulator: no key is minted or returned through a climbing PATH', async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const env = { ...box.env, HIRE_BASE_URL: emu.apiUrl, HIRE_API_KEY: emu.key };
    const keyIds = async () => {
      const listed = await fetch(`${emu.origin}/_emulator/keys`, { headers: { authorization: `Bearer ${emu.key}` } });
      return ((await listed.json()) as { data: { id: string }[] }).data.map((key) => key.id);
    };
    const keysBefore = await keyIds();
    for (const path of REPROS) {
      const result = await runCli(['api', '-X', 'POST', path, '-f', 'level=admin', '--json'], { env });
      expect(result.code, `${JSON.stringify(path)}: ${result.stderr}`).toBe(2);
      expect(`${result.stdout}${result.stderr}`).not.toMatch(/hk_(test|live|local)_[A-Za-z0-9]{16,}/);
      const listed = await runCli(['api', path, '--json'], { env });
      expect(listed.code, listed.stderr).toBe(2);
    }
    expect(await keyIds()).toEqual(keysBefore);
  });

  it('paths that stay in the API still go out as written: /api/v1 prefix, query, a plain dotted name', async () => {
    const { server, env } = await scriptedBox();
    for (const path of ['jobs', '/api/v1/jobs', '/jobs?status=active', '/jobs/job_1.json', '/jobs/a...b']) {
      const result = await runCli(['api', path], { env });
      expect(result.code, result.stderr).toBe(0);
    }
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/v1/jobs',
      '/api/v1/jobs',
      '/api/v1/jobs?status=active',
      '/api/v1/jobs/job_1.json',
      '/api/v1/jobs/a...b',
    ]);
  });
});
