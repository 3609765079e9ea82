// The views a tester found broken before tables were reworked (issue 28, items 1 and 7), at real
// terminals of 60, 80 and 120 columns (tmux, the built binary): a profile's environment is never
// hidden and its short words never split (docs/output.md "Values a person copies"); the application
// URL after `jobs create`, a webhook's URL, event kinds and a URL in a candidate's note stay whole.
// Panes are captured with soft-wrapped lines joined (-J): a value is whole when it is inside one
// captured line, and no line is wider than the pane unless it is one such value alone.
import { afterEach, describe, expect, it } from 'vitest';
import { hire } from '../helpers/bin.js';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { testEmulator } from '../helpers/emulator.js';
import { hirePane, shellPane, type Pane } from '../helpers/tmux.js';
import { copyKind } from '../../src/output/fit.js';

type Rec = Record<string, any>;

const panes: Pane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

const TENANT = '/tenants/acme-international-holdings-europe';
const HOOK_URL = 'https://hooks.example-company.com/hiring/receive';
const LONG_HOOK_URL =
  'https://hooks.example-company.com:8443/integrations/hiring/webhooks/v2/receive/lisbon-office?mode=strict';
const KINDS = ['application.created', 'interview.scheduled', 'candidate.statusChanged', 'offer.extended'];
const NOTE_URL =
  'https://portfolio.example.org/maria-joao/case-studies/recruiting-operations-2026/lisbon-office/very-long-path-segment?from=hire';
const DESCRIPTION =
  'We are growing our recruiting team in Lisbon. Read more on our careers site and write to us with questions about the role.';

async function ok(box: Sandbox, args: string[]): Promise<any> {
  const result = await hire(box, [...args, '--json', '-q']);
  expect(result.code, `hire ${args.join(' ')}\n${result.stderr}`).toBe(0);
  return JSON.parse(result.stdout);
}

/** Runs `args` in a pane `width` wide; stdout and stderr with soft-wrapped lines joined, history included. */
async function screen(box: Sandbox, args: string[], width: number): Promise<string> {
  const pane = hirePane(box, args, { width, height: 24 });
  panes.push(pane);
  await pane.waitFor(/EXIT=\d+/);
  const text = pane.capture({ history: true });
  pane.kill();
  expect(text, `hire ${args.join(' ')}\n${text}`).toMatch(/EXIT=0/);
  return text;
}

/** Each value inside one captured line; no line wider than the pane but a copyable value alone. */
function expectWhole(text: string, values: readonly string[], width: number): void {
  const lines = text.split('\n');
  for (const value of values)
    expect(
      lines.some((line) => line.includes(value)),
      `${value} is not whole in one line at ${width}:\n${text}`,
    ).toBe(true);
  for (const line of lines)
    if ([...line].length > width)
      expect(copyKind(line.trim()), `a line the terminal wrapped at ${width}:\n${line}\n\n${text}`).not.toBe(undefined);
}

/** Each word stands whole (between spaces, borders or line ends) somewhere in the text. */
function expectWords(text: string, words: readonly string[], label: string): void {
  for (const word of words) {
    const pattern = new RegExp(`(^|[ │])${word.replace(/[().]/g, '\\$&')}(,|[ │]|$)`, 'm');
    expect(text, `${word} is split or missing (${label}):\n${text}`).toMatch(pattern);
  }
}

describe('views at 60, 80 and 120 columns', () => {
  it("a profile's environment is shown, whole, beside a long base URL", async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    const sandboxUrl = `${emu.origin}${TENANT}/sandbox/api/v1`;
    const productionUrl = `${emu.origin}${TENANT}/api/v1`;
    box.writeConfig({
      default_profile: 'local',
      profiles: {
        local: { environment: 'local', base_url: emu.apiUrl },
        'local-sandbox': { environment: 'local', base_url: emu.apiUrl.replace('/api/v1', '/sandbox/api/v1') },
        acme: { environment: 'sandbox', base_url: sandboxUrl, api_key: 'hk_test_abcdefghijklmnop1234' },
        prod: { environment: 'production', base_url: productionUrl, api_key: 'hk_live_abcdefghijklmnop5678' },
      },
    });
    for (const width of [60, 80, 120]) {
      const list = await screen(box, ['profiles', 'list'], width);
      expect(list, list).not.toMatch(/Hidden at this width:[^\n]*ENV/);
      expectWords(list, ['production', 'sandbox', '(emulator)', 'local-sandbox'], `profiles list at ${width}`);
      if (width >= 80) expectWhole(list, [sandboxUrl, productionUrl], width);

      const status = await screen(box, ['auth', 'status'], width);
      expect(status, status).not.toMatch(/Hidden at this width:[^\n]*(ENV|STATUS|PROFILE)/);
      expectWords(
        status,
        ['production', 'sandbox', '(emulator)', 'local-sandbox', 'ok', 'error'],
        `auth status at ${width}`,
      );
      if (width >= 80) expectWhole(status, [sandboxUrl, productionUrl], width);

      const show = await screen(box, ['profiles', 'show', 'acme'], width);
      expectWords(show, ['sandbox'], `profiles show at ${width}`);
      if (width >= 80) expectWhole(show, [sandboxUrl], width);
    }
  });

  it("the record after jobs create, webhooks' URLs and event kinds, a note's long URL", async () => {
    const box = await sandbox();
    const emu = await testEmulator(box.dataDir);
    box.writeConfig({ profiles: { local: { environment: 'local', base_url: emu.apiUrl } } });
    const created = await screen(
      box,
      [
        'jobs',
        'create',
        '--title',
        'Senior Recruiter for the Portuguese and Spanish speaking markets',
        '--description',
        DESCRIPTION,
        '--location-type',
        'hybrid',
        '--city',
        'Lisbon',
        '--state',
        'Lisboa',
        '--country',
        'PT',
        '--skill',
        'Portuguese',
        '--publish',
      ],
      80,
    );
    const url = /(http:\/\/\S+\/apply\/job_\w+)/.exec(created)?.[1];
    expect(url, created).toBeDefined();
    expectWhole(created, [url!, url!.split('/').at(-1)!], 80);
    expect(created).toContain('assessment_generation_time');

    const hook: Rec = await ok(box, [
      'webhooks',
      'add',
      '--url',
      HOOK_URL,
      ...KINDS.flatMap((kind) => ['--event', kind]),
    ]);
    await ok(box, ['webhooks', 'add', '--url', 'https://example.com/hooks/short', '--event', 'application.received']);
    for (const width of [60, 80, 120]) {
      const hooks = await screen(box, ['webhooks', 'list'], width);
      expect(hooks, hooks).not.toContain('…');
      expectWhole(hooks, [hook.id, HOOK_URL], width);
      // At 120 the kinds are shown (CREATED gives way first), wrapped between kinds, never inside one.
      if (width === 120) expect(hooks, hooks).not.toMatch(/Hidden at this width:[^\n]*EVENTS/);
      if (!/Hidden at this width:[^\n]*EVENTS/.test(hooks)) expectWords(hooks, KINDS, `webhooks list at ${width}`);
    }
    // The secret from stdin, so that the pane shows none (test/helpers/secrets.ts checks every capture).
    const pane = shellPane(
      box,
      `printf '%s' 'views-narrow-signing-secret-0123456789' | hire webhooks add --secret-stdin --url '${LONG_HOOK_URL}' ${KINDS.map((kind) => `--event ${kind}`).join(' ')}`,
      { width: 80, height: 24 },
    );
    panes.push(pane);
    await pane.waitFor(/EXIT=\d+/);
    const added = pane.capture({ history: true });
    pane.kill();
    expect(added, added).toMatch(/EXIT=0/);
    expectWhole(added, [LONG_HOOK_URL], 80);
    expectWords(added, KINDS, 'webhooks add at 80');
    for (const width of [80, 120]) {
      const hooks = await screen(box, ['webhooks', 'list'], width);
      expect(hooks, hooks).not.toContain('…');
      expectWhole(hooks, [hook.id, HOOK_URL, LONG_HOOK_URL], width);
      expectWords(hooks, KINDS, `webhooks list at ${width}`);
    }

    const [job]: Rec[] = await ok(box, ['jobs', 'list']);
    const applied = await fetch(job!.application_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: 'Maria Oliveira',
        email: 'maria@example.com',
        note: `My work: ${NOTE_URL} and more text here.`,
      }).toString(),
    });
    expect(applied.status).toBeLessThan(400);
    const candidates: Rec[] = await ok(box, ['candidates', 'list']);
    const maria = candidates.find((candidate) => candidate.email === 'maria@example.com')!;
    for (const width of [60, 80, 120]) {
      const shown = await screen(box, ['candidates', 'get', maria.id], width);
      expectWhole(shown, [maria.id, NOTE_URL], width);
    }
  });
});
