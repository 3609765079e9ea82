// hire doctor at a real terminal (tmux, 80 columns): the report for people, every line within the
// pane, each check and operation with its mark and its word, the marks coloured, addresses whole.
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/env.js';
import { hirePane, type Pane } from '../helpers/tmux.js';

const panes: Pane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

describe('hire doctor at a terminal', () => {
  it('prints a report that fits 80 columns, marks with words, against the local emulator', async () => {
    const box = await sandbox();
    const pane = hirePane(box, ['doctor'], { width: 80, height: 24 });
    panes.push(pane);
    await pane.waitFor(/EXIT=\d+/);
    const screen = pane.capture({ history: true });
    expect(screen, screen).toContain('EXIT=0');
    for (const line of screen.split('\n')) expect([...line].length, `${line}\n${screen}`).toBeLessThanOrEqual(80);
    expect(screen).toMatch(/^Profile local: production at http:\/\/127\.0\.0\.1:\d+\/api\/v1$/m);
    expect(screen).toMatch(/^ {2}✓ Address +GET \/jobs answered HTTP 200$/m);
    expect(screen).toMatch(/^ {2}✓ Key level +admin/m);
    expect(screen).toMatch(/^ {2}✓ Rate limit +[\d,]+ of [\d,]+ requests left;/m);
    expect(screen).toMatch(/^ {2}✓ offered +GET +\/webhooks\/\{id\}\/deliveries +assumed$/m);
    // The OpenAPI address is whole on its line, wrapped after the label if need be.
    expect(screen).toMatch(/http:\/\/127\.0\.0\.1:\d+\/openapi\.json/);
    // Colour through the painter: a green mark.
    expect(pane.capture({ history: true, escapes: true })).toMatch(/\u001b\[32m✓/);
  });
});
