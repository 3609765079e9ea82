// Following a list's pages (docs/output.md "Lists": `--all`, `--limit`; "Formats": ndjson streamed as pages arrive):
// paginate() from src/api/paginate.ts, and runList/printPages through the CLI, against a scripted
// node:http server that serves N numbered items with the spec's list meta and records every
// page asked for and how many requests were in flight at once.
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { resolveBaseUrl } from '../../src/api/base-url.js';
import { paginate, type PageOptions } from '../../src/api/paginate.js';
import type { ApiRecord } from '../../src/api/envelope.js';
import { main } from '../../src/cli.js';
import { captureIO, runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';
import { afterServersClosed, listen } from '../helpers/scripted-server.js';

const API_KEY = 'hk_test_paginate_0123456789abcdef';

interface ListServerOptions {
  /** Items 1..total. */
  total: number;
  /** per_page when the request names none. */
  defaultPerPage?: number;
  /** Milliseconds to wait before answering a page. */
  delayMs?: (page: number) => number;
  /** A page is answered only once its promise settles (read when the page is asked for, so a test may add gates after making the server). */
  gates?: Record<number, Promise<void>>;
  headers?: Record<string, string>;
  /** Leave total_pages out of meta (a server that does not count pages). */
  withoutTotalPages?: boolean;
}

interface ListServer {
  apiUrl: string;
  /** Every URL asked for, in order of arrival. */
  urls: string[];
  /** The page number of every request, in order of arrival. */
  pages: number[];
  /** Pages in the order they were answered. */
  answered: number[];
  /** Most requests being handled at the same time. */
  maxInFlight: number;
  /** Events in order: `request N`, `answer N`. */
  events: string[];
}

const itemId = (n: number) => `item_${String(n).padStart(4, '0')}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

async function listServer(options: ListServerOptions): Promise<ListServer> {
  const state: ListServer = { apiUrl: '', urls: [], pages: [], answered: [], maxInFlight: 0, events: [] };
  let inFlight = 0;
  const server = createServer((req, res) => {
    void (async () => {
      inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, inFlight);
      const url = new URL(req.url ?? '/', 'http://list');
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? options.defaultPerPage ?? 20);
      state.urls.push(req.url ?? '');
      state.pages.push(page);
      state.events.push(`request ${page}`);
      const delay = options.delayMs?.(page) ?? 0;
      if (delay > 0) await sleep(delay);
      await options.gates?.[page];
      const first = (page - 1) * perPage + 1;
      const last = Math.min(options.total, page * perPage);
      const data = first > last ? [] : range(first, last).map((n) => ({ id: itemId(n), n, title: `Item ${n}` }));
      const meta: Record<string, unknown> = {
        request_id: `req_page_${page}`,
        current_page: page,
        per_page: perPage,
        total_count: options.total,
      };
      if (!options.withoutTotalPages) meta.total_pages = Math.ceil(options.total / perPage);
      inFlight -= 1;
      state.answered.push(page);
      state.events.push(`answer ${page}`);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...options.headers });
      res.end(JSON.stringify({ data, meta }));
    })();
  });
  state.apiUrl = `${await listen(server)}/api/v1`;
  return state;
}

async function clientFor(server: ListServer): Promise<ApiClient> {
  const client = await ApiClient.create({
    baseUrl: resolveBaseUrl(server.apiUrl),
    apiKey: API_KEY,
    timeoutMs: 45_000,
    userAgent: 'hire/0.0.0-test (node)',
  });
  afterServersClosed(() => client.close());
  return client;
}

/** Every page paginate() yields, as arrays of item numbers. */
async function pagesOf(
  server: ListServer,
  query: Record<string, string | number | undefined>,
  options: PageOptions = {},
): Promise<number[][]> {
  const client = await clientFor(server);
  const pages: number[][] = [];
  for await (const items of paginate(client, '/items', query, options))
    pages.push(items.map((item: ApiRecord) => item.n as number));
  return pages;
}

async function cliEnv(server: ListServer): Promise<Record<string, string>> {
  const box = await sandbox();
  return { ...box.env, HIRE_BASE_URL: server.apiUrl, HIRE_API_KEY: API_KEY };
}

function ndjsonNumbers(stdout: string): number[] {
  expect(stdout.endsWith('\n')).toBe(true);
  return stdout
    .slice(0, -1)
    .split('\n')
    .map((line) => (JSON.parse(line) as { n: number }).n);
}

function query(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://list').searchParams.entries());
}

/** Polls until the condition holds; the limit is generous, below the test's own only to name `what`. */
async function until(condition: () => boolean, what: string, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/**
 * A gate for a page that opens once the condition holds: what the test wants to have happened first
 * has happened, however slow the machine. If it never does, the gate opens after until()'s limit
 * anyway and the test's assertions on the server's record say what went wrong.
 */
function opensWhen(condition: () => boolean, what: string): Promise<void> {
  return until(condition, what).catch(() => undefined);
}

/** Page 2 is answered only after pages 3 and 5: later pages answer first. */
function holdPage2UntilLaterPagesAnswered(server: ListServer, gates: Record<number, Promise<void>>): void {
  gates[2] = opensWhen(
    () => server.answered.includes(3) && server.answered.includes(5),
    'pages 3 and 5 to be answered',
  );
}

describe('paginate()', () => {
  it('fetches one page by default, sending neither page nor per_page', async () => {
    const server = await listServer({ total: 45 });
    const pages = await pagesOf(server, {});
    expect(pages).toEqual([range(1, 20)]);
    expect(server.urls).toEqual(['/api/v1/items']);
  });

  it('fetches only the page asked for without --all', async () => {
    const server = await listServer({ total: 45 });
    const pages = await pagesOf(server, { page: 2, per_page: 10 });
    expect(pages).toEqual([range(11, 20)]);
    expect(server.urls.map(query)).toEqual([{ page: '2', per_page: '10' }]);
  });

  it('with all, yields every item once and in order though page 3 answers before the slow page 2', async () => {
    const gates: Record<number, Promise<void>> = {};
    const server = await listServer({ total: 50, gates, delayMs: (page) => ({ 4: 60 })[page] ?? 0 });
    holdPage2UntilLaterPagesAnswered(server, gates);
    const pages = await pagesOf(server, { per_page: 10 }, { all: true });
    expect(pages).toEqual([range(1, 10), range(11, 20), range(21, 30), range(31, 40), range(41, 50)]);
    expect(pages.flat()).toEqual(range(1, 50));
    expect([...server.pages].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    // The scenario really happened: later pages were answered before page 2.
    expect(server.answered.indexOf(3)).toBeLessThan(server.answered.indexOf(2));
    expect(server.answered.indexOf(5)).toBeLessThan(server.answered.indexOf(2));
  });

  it('keeps at most 4 pages in flight, and does reach 4', async () => {
    // Every page after the first is held until 4 are in flight at once: reaching 4 does not depend on
    // how fast the requests come (a client that never sends 4 at once fails on maxInFlight below).
    const gates: Record<number, Promise<void>> = {};
    const server = await listServer({ total: 100, gates });
    const fourInFlight = opensWhen(() => server.maxInFlight >= 4, '4 pages in flight');
    for (const page of range(2, 10)) gates[page] = fourInFlight;
    const pages = await pagesOf(server, { per_page: 10 }, { all: true });
    expect(pages.flat()).toEqual(range(1, 100));
    expect([...server.pages].sort((a, b) => a - b)).toEqual(range(1, 10));
    expect(server.maxInFlight).toBe(4);
  });

  it('drops to one page in flight when X-RateLimit-Remaining is 2', async () => {
    const server = await listServer({
      total: 100,
      delayMs: (page) => (page === 1 ? 0 : 40),
      headers: {
        'x-ratelimit-limit': '100',
        'x-ratelimit-remaining': '2',
        'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
      },
    });
    const pages = await pagesOf(server, { per_page: 10 }, { all: true });
    expect(pages.flat()).toEqual(range(1, 100));
    expect(server.pages).toEqual(range(1, 10));
    expect(server.maxInFlight).toBe(1);
  });

  it('--limit 7 with per_page 5 asks for exactly 2 pages and yields 7 items', async () => {
    const server = await listServer({ total: 40 });
    const pages = await pagesOf(server, { per_page: 5 }, { limit: 7 });
    expect(pages.flat()).toEqual(range(1, 7));
    expect(server.pages).toEqual([1, 2]);
    expect(server.urls.map(query)).toEqual([{ per_page: '5' }, { page: '2', per_page: '5' }]);
  });

  it('--limit 250 with --all stops after page 3 at per_page 100', async () => {
    const server = await listServer({ total: 1000 });
    const pages = await pagesOf(server, {}, { all: true, limit: 250 });
    expect(pages.flat()).toEqual(range(1, 250));
    expect([...server.pages].sort((a, b) => a - b)).toEqual([1, 2, 3]);
    expect(server.urls.map((url) => query(url).per_page)).toEqual(['100', '100', '100']);
  });

  it('walks a list whose meta has no total_pages until a short page', async () => {
    const server = await listServer({ total: 23, withoutTotalPages: true });
    const pages = await pagesOf(server, { per_page: 10 }, { all: true });
    expect(pages).toEqual([range(1, 10), range(11, 20), range(21, 23)]);
    expect(server.pages).toEqual([1, 2, 3]);
  });

  it('walks a list without total_pages until an empty page when the count is a multiple of per_page', async () => {
    const server = await listServer({ total: 20, withoutTotalPages: true });
    const pages = await pagesOf(server, { per_page: 10 }, { all: true });
    expect(pages.flat()).toEqual(range(1, 20));
    expect(server.pages).toEqual([1, 2, 3]);
  });

  it('stops a list without total_pages at --limit', async () => {
    const server = await listServer({ total: 100, withoutTotalPages: true });
    const pages = await pagesOf(server, { per_page: 10 }, { limit: 15 });
    expect(pages.flat()).toEqual(range(1, 15));
    expect(server.pages).toEqual([1, 2]);
  });
});

describe('list commands through the CLI (runList, printPages)', () => {
  it('prints one page by default', async () => {
    const server = await listServer({ total: 45 });
    const result = await runCli(['jobs', 'list', '-o', 'ndjson'], { env: await cliEnv(server) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(ndjsonNumbers(result.stdout)).toEqual(range(1, 20));
    expect(server.urls).toEqual(['/api/v1/jobs']);
  });

  it('--all prints every item once, in order, though later pages answer first', async () => {
    const gates: Record<number, Promise<void>> = {};
    const server = await listServer({ total: 50, gates, delayMs: (page) => ({ 4: 60 })[page] ?? 0 });
    holdPage2UntilLaterPagesAnswered(server, gates);
    const result = await runCli(['jobs', 'list', '--all', '--per-page', '10', '-o', 'ndjson'], {
      env: await cliEnv(server),
    });
    expect(result.code).toBe(0);
    expect(ndjsonNumbers(result.stdout)).toEqual(range(1, 50));
    expect(server.answered.indexOf(3)).toBeLessThan(server.answered.indexOf(2));
  });

  it('--all --json prints one array of every item, in order', async () => {
    const server = await listServer({ total: 250, delayMs: (page) => (page === 2 ? 150 : 0) });
    const result = await runCli(['jobs', 'list', '--all', '--json'], { env: await cliEnv(server) });
    expect(result.code).toBe(0);
    const items = JSON.parse(result.stdout) as { id: string; n: number }[];
    expect(items.map((item) => item.n)).toEqual(range(1, 250));
    expect(items[0]).toEqual({ id: itemId(1), n: 1, title: 'Item 1' });
    expect(server.urls.map((url) => query(url).per_page)).toEqual(['100', '100', '100']);
  });

  it('--limit 7 --per-page 5 requests exactly 2 pages and prints 7 items', async () => {
    const server = await listServer({ total: 40 });
    const result = await runCli(['jobs', 'list', '--limit', '7', '--per-page', '5', '-o', 'ndjson'], {
      env: await cliEnv(server),
    });
    expect(result.code).toBe(0);
    expect(ndjsonNumbers(result.stdout)).toEqual(range(1, 7));
    expect(server.pages).toEqual([1, 2]);
  });

  it('--limit 250 --all stops fetching after page 3', async () => {
    const server = await listServer({ total: 1000 });
    const result = await runCli(['jobs', 'list', '--all', '--limit', '250', '-o', 'ndjson'], {
      env: await cliEnv(server),
    });
    expect(result.code).toBe(0);
    expect(ndjsonNumbers(result.stdout)).toEqual(range(1, 250));
    expect([...server.pages].sort((a, b) => a - b)).toEqual([1, 2, 3]);
  });

  it('walks a server without total_pages until a short page', async () => {
    const server = await listServer({ total: 23, withoutTotalPages: true });
    const result = await runCli(['jobs', 'list', '--all', '--per-page', '10', '-o', 'ndjson'], {
      env: await cliEnv(server),
    });
    expect(result.code).toBe(0);
    expect(ndjsonNumbers(result.stdout)).toEqual(range(1, 23));
    expect(server.pages).toEqual([1, 2, 3]);
  });

  it('--all -o ndjson writes the first pages before the last page is served', async () => {
    let release: () => void = () => undefined;
    const lastPage = new Promise<void>((resolve) => (release = resolve));
    const server = await listServer({ total: 30, gates: { 3: lastPage } });
    const env = await cliEnv(server);
    const captured = captureIO();
    const writes: string[] = [];
    captured.io.stdout.on('data', (chunk: Buffer) => {
      writes.push(chunk.toString());
      server.events.push(`stdout ${chunk.toString().split('\n').length - 1} lines`);
    });
    const running = main(['jobs', 'list', '--all', '--per-page', '10', '-o', 'ndjson'], captured.io, env);
    try {
      await until(() => server.pages.includes(3), 'the request for the last page');
      await until(
        () => captured.stdout().split('\n').length - 1 >= 20,
        'the first two pages on stdout while the last page is held',
      );
      // Page 3 is still held: everything so far was written as pages arrived.
      expect(server.answered).not.toContain(3);
      expect(ndjsonNumbers(captured.stdout())).toEqual(range(1, 20));
    } finally {
      release();
    }
    const code = await running;
    expect(code).toBe(0);
    expect(ndjsonNumbers(captured.stdout())).toEqual(range(1, 30));
    expect(writes.length).toBeGreaterThanOrEqual(2);
    const firstWrite = server.events.findIndex((event) => event.startsWith('stdout'));
    expect(firstWrite).toBeGreaterThan(-1);
    expect(firstWrite).toBeLessThan(server.events.indexOf('answer 3'));
  });
});
