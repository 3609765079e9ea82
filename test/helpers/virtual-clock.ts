// A virtual clock for the API client (src/api/clock.ts): time moves only when nothing else can
// happen, straight to the next timer, so hours of rate-limit windows pass in microseconds and no
// test depends on the machine's speed. It records every timer asked for, so that a test can prove
// none was longer than Node holds (2^31−1 ms).
import { clockOn, MAX_TIMER_MS, type Clock, type Timers } from '../../src/api/clock.js';

interface Timer {
  at: number;
  seq: number;
  callback: () => void;
}

export class VirtualClock implements Timers {
  #now: number;
  #seq = 0;
  readonly #timers = new Map<number, Timer>();
  /** The longest timer asked for (ms), and how many were longer than Node holds. */
  longestTimer = 0;
  overflows = 0;
  readonly clock: Clock;

  constructor(start = Date.parse('2026-11-26T10:00:00Z')) {
    this.#now = start;
    this.clock = clockOn(this);
  }

  now(): number {
    return this.#now;
  }

  setTimer(callback: () => void, ms: number): unknown {
    this.longestTimer = Math.max(this.longestTimer, ms);
    if (ms > MAX_TIMER_MS) this.overflows += 1;
    const seq = ++this.#seq;
    // What Node does with a timer it cannot hold: fires after 1 ms.
    this.#timers.set(seq, { at: this.#now + (ms > MAX_TIMER_MS ? 1 : Math.max(1, ms)), seq, callback });
    return seq;
  }

  clearTimer(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  /** Moves time forward by `ms`, firing the timers due on the way. */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms;
    for (let steps = 0; ; steps++) {
      if (steps > 100_000) throw new Error('more than 100,000 timers fired in one advance (a timer loop)');
      await settle();
      const next = this.#next();
      if (!next || next.at > end) break;
      this.#fire(next);
    }
    this.#now = end;
    await settle();
  }

  /**
   * Runs `task` to its end: whenever it waits on nothing but timers, time jumps to the next one.
   * Throws when it waits on nothing at all (a hang), or after `maxSteps` timers (a runaway).
   */
  async run<T>(task: Promise<T>, maxSteps = 100_000): Promise<T> {
    let done = false;
    task.then(
      () => (done = true),
      () => (done = true),
    );
    for (let steps = 0; ; steps++) {
      await settle();
      if (done) return task;
      const next = this.#next();
      if (!next) throw new Error('the task waits for something that never comes (no timer is pending)');
      if (steps >= maxSteps) throw new Error(`still running after ${maxSteps} timers`);
      this.#fire(next);
    }
  }

  #next(): Timer | undefined {
    let first: Timer | undefined;
    for (const timer of this.#timers.values())
      if (!first || timer.at < first.at || (timer.at === first.at && timer.seq < first.seq)) first = timer;
    return first;
  }

  /** Timers fired so far. */
  fired = 0;

  #fire(timer: Timer): void {
    this.fired += 1;
    this.#timers.delete(timer.seq);
    this.#now = Math.max(this.#now, timer.at);
    timer.callback();
  }
}

/** Lets every promise chain that can move on do so: a turn of the event loop drains them all. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
