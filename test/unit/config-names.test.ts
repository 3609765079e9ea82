// Names from outside key the config's dictionaries (profiles, learned, listen_secrets,
// listen_webhooks): a profile named `__proto__` or `constructor` is a key like any other, written
// and read back as one, and looking up one that is not there finds nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetLearned, learnNotOffered, notOffered } from '../../src/config/learned.js';
import { readConfig } from '../../src/config/profiles.js';
import { forgetListener, recordListener } from '../../src/services/listeners.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configEnv() {
  const root = mkdtempSync(join(tmpdir(), 'hire-config-names-'));
  dirs.push(root);
  return { HIRE_CONFIG_DIR: join(root, 'config'), HIRE_DATA_DIR: join(root, 'data'), HOME: root };
}

const written = (env: { HIRE_CONFIG_DIR: string }) =>
  JSON.parse(readFileSync(join(env.HIRE_CONFIG_DIR, 'config.json'), 'utf8')) as Record<string, Record<string, unknown>>;

describe('profiles named after Object.prototype', () => {
  for (const profile of ['__proto__', 'constructor']) {
    it(`a listener of profile ${profile} is recorded and forgotten like any other`, async () => {
      const env = configEnv();
      const book = { env, profile, platform: 'http://127.0.0.1:9/api/v1' };
      const entry = { url: 'http://127.0.0.1:8/hook', pid: 4242 };
      await recordListener(book, entry);
      await recordListener({ ...book, profile: 'prod' }, entry);
      expect(Object.keys(written(env).listen_webhooks!).sort()).toEqual([profile, 'prod'].sort());
      expect(Object.getOwnPropertyDescriptor(written(env).listen_webhooks, profile)?.value).toEqual([
        expect.objectContaining(entry),
      ]);
      await forgetListener(book, entry);
      expect(Object.keys(written(env).listen_webhooks!)).toEqual(['prod']);
    });

    it(`what the server of profile ${profile} does not offer is kept, read back and forgotten`, async () => {
      const env = configEnv();
      const baseUrl = 'http://127.0.0.1:9/api/v1';
      await learnNotOffered(env, profile, baseUrl, 'getJob');
      expect(Object.keys(written(env).learned!)).toEqual([profile]);
      expect([...notOffered(readConfig(env), profile, baseUrl)]).toEqual(['getJob']);
      expect([...notOffered(readConfig(env), 'toString', baseUrl)]).toEqual([]);
      await forgetLearned(env, profile);
      expect(Object.keys(written(env).learned ?? {})).toEqual([]);
    });
  }
});
