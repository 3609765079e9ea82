// Not a command: Ctrl-C and SIGTERM as the AbortSignal that stops a service of a command that runs
// until stopped (webhooks listen, logs tail, emulator start), remembering which signal came first:
// Ctrl-C ends with 130, SIGTERM, the polite way to stop a server, with 0 (docs/exit-codes.md).
import type { IO } from '../../context.js';
import { ExitCode } from '../../errors.js';

export interface Stop {
  signal: AbortSignal;
  /** The first signal received, if any. */
  received: () => 'SIGINT' | 'SIGTERM' | undefined;
  /** Stops listening for signals: a later Ctrl-C has Node's default effect again (the process ends). */
  remove: () => void;
  /** The command's exit code after it stopped: 130 after Ctrl-C, else 0. */
  exitCode: () => ExitCode;
}

/** With `once`, only the first signal is caught: a second Ctrl-C while stopping ends the process. */
export function stopOnInterrupt(io: IO, options: { once?: boolean } = {}): Stop {
  const controller = new AbortController();
  let first: 'SIGINT' | 'SIGTERM' | undefined;
  const remove = io.onInterrupt((received) => {
    if (options.once) remove();
    first ??= received;
    controller.abort();
  });
  return {
    signal: controller.signal,
    received: () => first,
    remove,
    exitCode: () => (first === 'SIGINT' ? ExitCode.interrupted : ExitCode.ok),
  };
}
