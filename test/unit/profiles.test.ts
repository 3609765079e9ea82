import { describe, expect, it } from 'vitest';
import { checkConfig, LOCAL_BASE_URL, resolveProfile, type ConfigFile } from '../../src/config/profiles.js';
import { configDir, dataDir } from '../../src/config/paths.js';

const config: ConfigFile = {
  default_profile: 'sandbox',
  profiles: {
    sandbox: { environment: 'sandbox', base_url: 'https://sandbox.example.com/api/v1', api_key: 'hk_test_sandbox' },
    prod: { environment: 'production', base_url: 'https://api.example.com', api_key: 'hk_live_prod' },
  },
};

describe('resolveProfile', () => {
  it('falls back to the built-in local profile on a fresh machine', () => {
    expect(resolveProfile({ flag: undefined, env: {}, config: {} })).toEqual({
      name: 'local',
      environment: 'local',
      baseUrl: LOCAL_BASE_URL,
      baseUrlSource: 'profile',
      apiKey: undefined,
      keySource: 'none',
      explicit: false,
      emulator: true,
    });
  });

  it("marks a profile the emulator's when its login check said so, unless HIRE_BASE_URL points elsewhere", () => {
    const records = {
      profiles: {
        checked: { environment: 'production' as const, base_url: 'http://127.0.0.1:4010/api/v1', emulator: true },
        remote: { environment: 'production' as const, base_url: 'https://api.example.com/v1' },
      },
    };
    expect(resolveProfile({ flag: 'checked', env: {}, config: records }).emulator).toBe(true);
    expect(resolveProfile({ flag: 'remote', env: {}, config: records }).emulator).toBe(false);
    const moved = resolveProfile({
      flag: 'checked',
      env: { HIRE_BASE_URL: 'https://api.example.com/v1' },
      config: records,
    });
    expect(moved.emulator).toBe(false);
  });

  it('takes the flag over HIRE_PROFILE over the saved default', () => {
    expect(resolveProfile({ flag: 'prod', env: { HIRE_PROFILE: 'local' }, config }).name).toBe('prod');
    expect(resolveProfile({ flag: undefined, env: { HIRE_PROFILE: 'prod' }, config }).name).toBe('prod');
    const saved = resolveProfile({ flag: undefined, env: {}, config });
    expect(saved).toMatchObject({ name: 'sandbox', explicit: true, apiKey: 'hk_test_sandbox', keySource: 'profile' });
  });

  it('lets HIRE_API_KEY and HIRE_BASE_URL override the profile, trimming the key', () => {
    const resolved = resolveProfile({
      flag: 'prod',
      env: { HIRE_API_KEY: '  hk_live_env\n', HIRE_BASE_URL: 'https://other.example.com' },
      config,
    });
    expect(resolved).toMatchObject({
      apiKey: 'hk_live_env',
      keySource: 'env',
      baseUrl: 'https://other.example.com',
      baseUrlSource: 'env',
    });
  });

  it('treats an empty HIRE_API_KEY or HIRE_PROFILE as unset', () => {
    expect(resolveProfile({ flag: undefined, env: { HIRE_API_KEY: '', HIRE_PROFILE: '' }, config })).toMatchObject({
      name: 'sandbox',
      apiKey: 'hk_test_sandbox',
    });
  });

  it('lets the config override the local profile address', () => {
    const custom: ConfigFile = {
      profiles: { local: { environment: 'local', base_url: 'http://127.0.0.1:9999/api/v1' } },
    };
    expect(resolveProfile({ flag: undefined, env: {}, config: custom }).baseUrl).toBe('http://127.0.0.1:9999/api/v1');
  });

  it('says an empty --profile came from the flag, with no command to create it', () => {
    expect(() => resolveProfile({ flag: '', env: {}, config })).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: 'Profile "" (from --profile) does not exist. Known profiles: local, local-sandbox, sandbox, prod.',
        hint: undefined,
      }),
    );
  });

  it("finds no profile in Object.prototype's names, and keeps one named __proto__ as a profile", () => {
    const read = checkConfig('/c.json', JSON.parse(JSON.stringify(config)));
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(() => resolveProfile({ flag: name, env: {}, config: read }), name).toThrow(
        `Profile "${name}" (from --profile) does not exist.`,
      );
    const odd = checkConfig(
      '/c.json',
      JSON.parse('{"profiles":{"__proto__":{"environment":"sandbox","base_url":"https://s.example.com"}}}'),
    );
    expect(resolveProfile({ flag: '__proto__', env: {}, config: odd })).toMatchObject({
      name: '__proto__',
      environment: 'sandbox',
      baseUrl: 'https://s.example.com',
    });
  });

  it('refuses an unknown profile with exit 2, listing the known ones', () => {
    expect(() => resolveProfile({ flag: 'qa', env: {}, config })).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: 'Profile "qa" (from --profile) does not exist. Known profiles: local, local-sandbox, sandbox, prod.',
      }),
    );
  });
});

describe('paths', () => {
  it('uses HIRE_* first, then XDG, then HOME', () => {
    expect(configDir({ HIRE_CONFIG_DIR: '/c', XDG_CONFIG_HOME: '/x', HOME: '/h' })).toBe('/c');
    expect(configDir({ XDG_CONFIG_HOME: '/x', HOME: '/h' })).toBe('/x/hire');
    expect(configDir({ HOME: '/h' })).toBe('/h/.config/hire');
    expect(dataDir({ HIRE_DATA_DIR: '/d', HOME: '/h' })).toBe('/d');
    expect(dataDir({ XDG_DATA_HOME: '/x', HOME: '/h' })).toBe('/x/hire');
    expect(dataDir({ HOME: '/h' })).toBe('/h/.local/share/hire');
  });
});
