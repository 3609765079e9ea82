// Whether a process that wrote a lock or a record still runs: the one answer for the config
// mutex, the export's lock and the webhook listeners' book, so that each takes over (or cleans up
// after) exactly the same dead processes.
import { existsSync, readFileSync } from 'node:fs';

/** Does a process of this id still run (EPERM: it does, as another user's)? A zombie does not. */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // Killed but not yet reaped by its parent, it still answers signal 0; Linux says what it is.
  if (!existsSync('/proc/self/stat')) return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false; // gone since
  }
}
