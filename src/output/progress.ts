// A progress line on stderr for long runs (jobs import): done/total, rate, ETA, failures. Only at a
// terminal and without --quiet (docs/output.md); redrawn at most ten times a second.
import type { Output } from './output.js';
import { inert } from './cells.js';

export interface Progress {
  tick(ok: boolean): void;
  done(): void;
}

const SILENT: Progress = { tick: () => {}, done: () => {} };

export function progressBar(out: Output, total: number, label: string): Progress {
  const stream = out.stderr as NodeJS.WritableStream & { columns?: number };
  if (!out.isStderrTTY || out.quiet || total === 0) return SILENT;
  const started = Date.now();
  let finished = 0;
  let failed = 0;
  let drawnAt = 0;
  const draw = (force: boolean) => {
    const now = Date.now();
    if (!force && now - drawnAt < 100) return;
    drawnAt = now;
    const seconds = (now - started) / 1000;
    const rate = seconds > 0 ? finished / seconds : 0;
    const eta = rate > 0 ? Math.ceil((total - finished) / rate) : undefined;
    const width = 24;
    const filled = Math.round((finished / total) * width);
    const bar = `${'='.repeat(Math.max(0, filled - 1))}${filled > 0 ? '>' : ''}${' '.repeat(width - filled)}`;
    const parts = [
      `${inert(label)} [${bar}] ${finished}/${total}`,
      `${rate.toFixed(1)}/s`,
      eta === undefined ? '' : `ETA ${eta}s`,
      failed ? `${failed} failed` : '',
    ];
    stream.write(`\r\u001b[2K${parts.filter(Boolean).join('  ')}`);
  };
  return {
    tick(ok) {
      finished += 1;
      if (!ok) failed += 1;
      draw(finished === total);
    },
    done() {
      draw(true);
      stream.write('\n');
    },
  };
}
