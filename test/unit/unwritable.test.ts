// Which refused writes are the user's directory to fix (src/files/unwritable.ts): each errno a
// read-only mount, a missing permission or a full disk gives, and SQLite's words for the same, are
// exit 2 naming the directory and the file; any other error passes through untouched.
import { describe, expect, it } from 'vitest';
import { ExitCode, HireError } from '../../src/errors.js';
import { unwritable, writingInto, writingIntoSync } from '../../src/files/unwritable.js';

const target = { dir: '/etc/hire', what: 'config directory', outcome: 'nothing was changed', setBy: 'HIRE_CONFIG_DIR' };

function errno(code: string, syscall?: string, path?: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${syscall ?? ''}`), { code, syscall, path });
}

describe('unwritable', () => {
  it.each([
    ['EROFS', 'open', '/etc/hire/config.json.lock', 'it is on a read-only file system (creating config.json.lock)'],
    ['EACCES', 'rename', '/etc/hire/config.json', 'permission denied (replacing config.json)'],
    ['EPERM', 'chmod', '/etc/hire/config.json', 'the operation is not permitted (setting the mode of config.json)'],
    ['ENOSPC', 'write', '/etc/hire/config.json', 'no space is left on the device (writing config.json)'],
    ['EDQUOT', undefined, undefined, 'the disk quota is used up'],
    ['SQLITE_READONLY', undefined, undefined, 'the database cannot be written'],
  ])('%s is exit 2 naming the directory', (code, syscall, path, why) => {
    const error = unwritable(errno(code, syscall, path), target);
    expect(error).toBeInstanceOf(HireError);
    expect(error!.exitCode).toBe(ExitCode.usage);
    expect(error!.code).toBe('unwritable_directory');
    expect(error!.message).toBe(`Cannot write to the config directory /etc/hire: ${why}; nothing was changed.`);
    expect(error!.hint).toBe('Make /etc/hire writable, or choose another directory (HIRE_CONFIG_DIR).');
  });

  it.each(['ENOENT', 'EEXIST', 'EBUSY', undefined])('%s is not a refused write', (code) => {
    expect(unwritable(code ? errno(code) : new Error('plain'), target)).toBeUndefined();
  });

  it('writingInto maps a refused write and rethrows anything else as it was', async () => {
    await expect(
      writingInto(target, () => Promise.reject(errno('EROFS', 'open', '/etc/hire/x'))),
    ).rejects.toMatchObject({
      code: 'unwritable_directory',
    });
    const other = new Error('something else');
    await expect(writingInto(target, () => Promise.reject(other))).rejects.toBe(other);
    expect(() =>
      writingIntoSync(target, () => {
        throw errno('EACCES', 'open', '/etc/hire/local.key');
      }),
    ).toThrow('Cannot write to the config directory /etc/hire: permission denied (creating local.key)');
    expect(writingIntoSync(target, () => 42)).toBe(42);
  });
});
