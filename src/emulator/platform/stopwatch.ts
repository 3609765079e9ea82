// How long something took, in milliseconds, from process.hrtime: not performance.now(), whose
// global loads Node's perf_hooks modules (1–3 ms of the start of a command's in-process emulator,
// at its first request).

/** A stopwatch started now: each call gives the milliseconds since. */
export function stopwatch(): () => number {
  const started = process.hrtime.bigint();
  return () => Number(process.hrtime.bigint() - started) / 1e6;
}
