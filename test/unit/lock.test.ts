// The data dir lock: one emulator (standing server or in-process command) per data dir.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, DataDirBusyError, isAlive, lockPath, readLock, type LockInfo } from '../../src/emulator/lock.js';
import { sandbox } from '../helpers/env.js';

async function dataDir(): Promise<string> {
  return (await sandbox()).dataDir;
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  expect(child.status).toBe(0);
  expect(typeof child.pid).toBe('number');
  return child.pid!;
}

function writeLock(dir: string, info: LockInfo): string {
  const text = JSON.stringify(info);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(lockPath(dir), text, { mode: 0o600 });
  return text;
}

async function busyError(promise: Promise<unknown>): Promise<DataDirBusyError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DataDirBusyError);
    return error as DataDirBusyError;
  }
  throw new Error('expected DataDirBusyError, but the lock was acquired');
}

describe('isAlive', () => {
  it('is true for this process and false for an exited one or a pid that cannot exist', () => {
    expect(isAlive(process.pid)).toBe(true);
    expect(isAlive(deadPid())).toBe(false);
    expect(isAlive(2 ** 22 + 12345)).toBe(false);
  });
});

describe('acquireLock', () => {
  it('writes a lock file naming this process, readable by readLock, and removes it on release', async () => {
    const dir = await dataDir();
    expect(readLock(dir)).toBeUndefined();
    const before = Date.now();
    const lock = await acquireLock(dir, 'server');
    expect(lock.path).toBe(join(dir, 'emulator.lock'));
    expect(existsSync(lock.path)).toBe(true);
    expect(statSync(lock.path).mode & 0o777).toBe(0o600);
    const info = readLock(dir);
    expect(info).toEqual({ pid: process.pid, mode: 'server', started_at: expect.any(String) });
    expect(Date.parse(info!.started_at)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(info!.started_at)).toBeLessThanOrEqual(Date.now());

    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    expect(readLock(dir)).toBeUndefined();
    // Releasing twice is harmless.
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('creates a missing data dir', async () => {
    const dir = join(await dataDir(), 'nested', 'deeper');
    const lock = await acquireLock(dir, 'embedded');
    expect(readLock(dir)?.mode).toBe('embedded');
    lock.release();
  });

  it('takes over a lock left by a process that has exited', async () => {
    const dir = await dataDir();
    const pid = deadPid();
    writeLock(dir, { pid, mode: 'server', url: 'http://127.0.0.1:4999', started_at: '2020-01-01T00:00:00.000Z' });
    const lock = await acquireLock(dir, 'server', { waitMs: 0 });
    expect(readLock(dir)).toEqual({ pid: process.pid, mode: 'server', started_at: expect.any(String) });
    lock.release();
    expect(existsSync(lockPath(dir))).toBe(false);
  });

  it('takes over an embedded lock whose pid does not exist', async () => {
    const dir = await dataDir();
    writeLock(dir, { pid: 2 ** 22 + 54321, mode: 'embedded', started_at: '2020-01-01T00:00:00.000Z' });
    const lock = await acquireLock(dir, 'embedded', { waitMs: 0 });
    expect(readLock(dir)?.pid).toBe(process.pid);
    expect(readLock(dir)?.mode).toBe('embedded');
    lock.release();
  });

  it('takes over a lock naming this pid that this process does not hold (a reused pid after a crash)', async () => {
    const dir = await dataDir();
    writeLock(dir, { pid: process.pid, mode: 'server', url: 'http://127.0.0.1:4999', started_at: '2020-01-01T00:00:00.000Z' });
    const lock = await acquireLock(dir, 'server', { waitMs: 0 });
    expect(readLock(dir)).toEqual({ pid: process.pid, mode: 'server', started_at: expect.any(String) });
    lock.release();
  });

  it('refuses at once a live server that has an address, naming it', async () => {
    const dir = await dataDir();
    // Another live process (the test runner that forked this worker) holds it.
    const holderPid = process.ppid;
    expect(isAlive(holderPid)).toBe(true);
    const text = writeLock(dir, {
      pid: holderPid,
      mode: 'server',
      url: 'http://127.0.0.1:4321',
      started_at: '2024-05-01T10:00:00.000Z',
    });
    const started = Date.now();
    const error = await busyError(acquireLock(dir, 'server', { waitMs: 5_000 }));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(error.holder).toEqual({ pid: holderPid, mode: 'server', url: 'http://127.0.0.1:4321', started_at: '2024-05-01T10:00:00.000Z' });
    expect(error.holder.url).toBe('http://127.0.0.1:4321');
    expect(error.lockPath).toBe(lockPath(dir));
    expect(error.message).toBe(`An emulator (pid ${holderPid}) already serves this data dir at http://127.0.0.1:4321.`);
    // The holder's lock is left alone.
    expect(readFileSync(lockPath(dir), 'utf8')).toBe(text);
  });

  it('refuses an embedded command too when the server holds the dir', async () => {
    const dir = await dataDir();
    const server = await acquireLock(dir, 'server');
    server.update('http://127.0.0.1:4010');
    const error = await busyError(acquireLock(dir, 'embedded', { waitMs: 5_000 }));
    expect(error.holder.mode).toBe('server');
    expect(error.holder.url).toBe('http://127.0.0.1:4010');
    server.release();
  });

  it('waits for a live embedded lock and takes it once released', async () => {
    const dir = await dataDir();
    const first = await acquireLock(dir, 'embedded');
    expect(readLock(dir)?.mode).toBe('embedded');
    let releasedAt = 0;
    setTimeout(() => {
      releasedAt = Date.now();
      first.release();
    }, 100);
    const second = await acquireLock(dir, 'embedded', { waitMs: 5_000 });
    expect(releasedAt).toBeGreaterThan(0);
    expect(Date.now()).toBeGreaterThanOrEqual(releasedAt);
    const secondInfo = readLock(dir);
    expect(secondInfo?.pid).toBe(process.pid);
    expect(secondInfo?.mode).toBe('embedded');
    second.release();
    expect(existsSync(lockPath(dir))).toBe(false);
  });

  it('gives up on a live embedded lock after waitMs', async () => {
    const dir = await dataDir();
    const first = await acquireLock(dir, 'embedded');
    const firstText = readFileSync(lockPath(dir), 'utf8');
    const started = Date.now();
    const error = await busyError(acquireLock(dir, 'embedded', { waitMs: 50 }));
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(50);
    expect(waited).toBeLessThan(2_000);
    expect(error.holder.mode).toBe('embedded');
    expect(error.holder.pid).toBe(process.pid);
    expect(error.message).toBe(`Another hire command (pid ${process.pid}) is using the emulator data dir; gave up waiting for it.`);
    // The first holder still owns it.
    expect(readFileSync(lockPath(dir), 'utf8')).toBe(firstText);
    expect(error.holder).toEqual(JSON.parse(firstText));
    first.release();
    expect(existsSync(lockPath(dir))).toBe(false);
  });

  it('waits for a live server that has no address yet, then gives up after waitMs', async () => {
    const dir = await dataDir();
    const first = await acquireLock(dir, 'server');
    const started = Date.now();
    const error = await busyError(acquireLock(dir, 'server', { waitMs: 60 }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    expect(error.holder.mode).toBe('server');
    expect(error.holder.url).toBeUndefined();
    first.release();
  });
  it('takes over a lock file left empty (created but never written) after two seconds', async () => {
    const dir = await dataDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(lockPath(dir), '', { mode: 0o600 });
    const started = Date.now();
    const lock = await acquireLock(dir, 'embedded', { waitMs: 10_000 });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(2_000);
    expect(waited).toBeLessThan(5_000);
    expect(readLock(dir)?.pid).toBe(process.pid);
    lock.release();
  });
});

describe('DataLock', () => {
  it('update(url) records the address and keeps the rest of the lock', async () => {
    const dir = await dataDir();
    const lock = await acquireLock(dir, 'server');
    const before = readLock(dir)!;
    lock.update('http://127.0.0.1:4567');
    expect(readLock(dir)).toEqual({ ...before, url: 'http://127.0.0.1:4567' });
    expect(statSync(lock.path).mode & 0o777).toBe(0o600);
    lock.update('http://127.0.0.1:4568');
    expect(readLock(dir)?.url).toBe('http://127.0.0.1:4568');
    // An updated lock is still ours to release.
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('release leaves alone a lock that another owner created since', async () => {
    const dir = await dataDir();
    const lock = await acquireLock(dir, 'embedded');
    const other = writeLock(dir, { pid: process.pid, mode: 'server', url: 'http://127.0.0.1:4999', started_at: '2031-01-01T00:00:00.000Z' });
    lock.release();
    expect(readFileSync(lockPath(dir), 'utf8')).toBe(other);

    // Same start time, another pid: still not ours.
    const otherDir = await dataDir();
    const second = await acquireLock(otherDir, 'embedded');
    const otherPid = writeLock(otherDir, { pid: 1, mode: 'embedded', started_at: readLock(otherDir)!.started_at });
    second.release();
    expect(readFileSync(second.path, 'utf8')).toBe(otherPid);
  });
});
