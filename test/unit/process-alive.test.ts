// processAlive is the one answer to "does the process that wrote this lock or record still run"
// (config mutex, export lock, webhook listeners): a running process is, one that ended is not.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processAlive } from '../../src/files/process.js';

describe('processAlive', () => {
  it('is true for a running process (this one, and pid 1, whoever owns it)', () => {
    expect(processAlive(process.pid)).toBe(true);
    expect(processAlive(1)).toBe(true);
  });

  it('is false for a process that has ended and was reaped', () => {
    const ended = spawnSync(process.execPath, ['-e', '0']);
    expect(ended.status).toBe(0);
    expect(processAlive(ended.pid)).toBe(false);
  });
});
