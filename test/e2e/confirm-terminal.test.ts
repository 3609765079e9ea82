// At a terminal (tmux 80x24, the built binary), a destructive command asks first: "n" keeps what
// it would destroy and says so; "y" goes ahead. The same rule for profiles remove and auth logout
// as for jobs delete (the refusals without a terminal: test/integration/confirmations.test.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/env.js';
import { hirePane, type Pane } from '../helpers/tmux.js';

const panes: Pane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
});

function storeProfile(box: Sandbox): void {
  mkdirSync(box.env.HIRE_CONFIG_DIR!, { recursive: true, mode: 0o700 });
  const profiles = {
    prod: {
      environment: 'production',
      base_url: 'https://api.example.com/api/v1',
      api_key: 'hk_live_0123456789abcdef',
    },
  };
  writeFileSync(join(box.env.HIRE_CONFIG_DIR!, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
}

const profiles = (box: Sandbox) =>
  (
    JSON.parse(readFileSync(join(box.env.HIRE_CONFIG_DIR!, 'config.json'), 'utf8')) as {
      profiles?: Record<string, { api_key?: string }>;
    }
  ).profiles ?? {};

describe('confirmation at an 80x24 terminal', () => {
  it('profiles remove asks; "n" keeps the profile, "y" removes it', async () => {
    const box = await sandbox();
    storeProfile(box);
    const declined = hirePane(box, ['profiles', 'remove', 'prod'], { width: 80, height: 24 });
    panes.push(declined);
    await declined.waitFor(/Remove profile "prod" and its stored key\? \(y\/N\)/);
    declined.sendKeys('n', 'Enter');
    const screen = await declined.waitFor(/EXIT=\d+/);
    expect(screen).toContain('Nothing was removed.');
    expect(screen).toContain('EXIT=0');
    expect(profiles(box).prod).toBeDefined();

    const accepted = hirePane(box, ['profiles', 'remove', 'prod'], { width: 80, height: 24 });
    panes.push(accepted);
    await accepted.waitFor(/\(y\/N\)/);
    accepted.sendKeys('y', 'Enter');
    const done = await accepted.waitFor(/EXIT=\d+/);
    expect(done).toContain('Removed profile "prod".');
    expect(done).toContain('EXIT=0');
    expect(profiles(box).prod).toBeUndefined();
  });

  it('auth logout asks before removing the key', async () => {
    const box = await sandbox();
    storeProfile(box);
    const pane = hirePane(box, ['auth', 'logout', '--profile', 'prod'], { width: 80, height: 24 });
    panes.push(pane);
    await pane.waitFor(/Remove the stored key of profile "prod"\? \(y\/N\)/);
    pane.sendKeys('y', 'Enter');
    const screen = await pane.waitFor(/EXIT=\d+/);
    expect(screen).toContain('Removed the key of profile "prod".');
    expect(profiles(box).prod).toEqual({ environment: 'production', base_url: 'https://api.example.com/api/v1' });
  });

  it('auth login --with-key at a terminal asks for the key hidden, then asks its question and saves it', async () => {
    const box = await sandbox();
    storeProfile(box);
    const pane = hirePane(
      box,
      [
        'auth',
        'login',
        '--profile',
        'acme',
        '--base-url',
        'https://api.example.com/api/v1',
        '--skip-verify',
        '--with-key',
      ],
      { width: 80, height: 24 },
    );
    panes.push(pane);
    // Read from stdin, the key would be echoed, and the Ctrl-D ending it would close the input the
    // question after it reads: the command ended with 0 and saved nothing.
    await pane.waitFor(/API key/);
    pane.sendKeys('-l', 'hk_live_fedcba9876543210');
    pane.sendKeys('Enter');
    await pane.waitFor(/Make "acme" the default profile\?/);
    pane.sendKeys('n', 'Enter');
    const screen = await pane.waitFor(/EXIT=\d+/);
    expect(screen).toContain('EXIT=0');
    expect(screen).not.toContain('fedcba9876543210');
    expect(screen).toContain('Saved the key of profile "acme"');
    expect(profiles(box).acme?.api_key).toBe('hk_live_fedcba9876543210');
  });
});
