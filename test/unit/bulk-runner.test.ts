// The bulk runner's rules (src/services/bulk.ts), with fakes: a client whose abort() the test sees,
// work whose answers the test gives (each item a promise the test settles), and timers the test
// fires. No real time passes and nothing is measured.
import { describe, expect, it } from 'vitest';
import type { PacerOptions } from '../../src/api/pacer.js';
import { ApiError, HireError, InterruptedError } from '../../src/errors.js';
import { interruptedRun, runBulk, type BulkOutcome, type BulkRun, type GraceTimers } from '../../src/services/bulk.js';

interface Pending {
  item: string;
  resolve: (value: string) => void;
  reject: (error: unknown) => void;
}

/** Lets every promise that can settle do so (the runner's workers take their next items). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

function harness(items: string[], options: Partial<BulkRun<string, string, 'paced'>> = {}) {
  const started: string[] = [];
  const pending = new Map<string, Pending>();
  let aborts = 0;
  let paced: PacerOptions | undefined;
  let interrupt: (() => void) | undefined;
  const settled: [number, BulkOutcome<string>['kind']][] = [];
  const timers: { callback: () => void; ms: number; cleared: boolean }[] = [];
  const fakeTimers: GraceTimers = {
    setTimer: (callback, ms) => timers.push({ callback, ms, cleared: false }) - 1,
    clearTimer: (handle) => {
      if (typeof handle === 'number' && timers[handle]) timers[handle].cleared = true;
    },
  };
  const run = runBulk<string, string, 'paced'>({
    items,
    concurrency: 3,
    client: {
      paced: (given) => ((paced = given), 'paced'),
      abort: () => {
        aborts += 1;
        // What the API client does on abort: every request in flight ends in an InterruptedError.
        for (const one of pending.values()) one.reject(new InterruptedError('Interrupted.'));
      },
    },
    pacing: { reserve: 7, maxWaitMs: 60_000 },
    work: (item, client) => {
      expect(client).toBe('paced');
      started.push(item);
      return new Promise<string>((resolve, reject) => {
        pending.set(item, {
          item,
          resolve: (value) => (pending.delete(item), resolve(value)),
          reject: (error) => (pending.delete(item), reject(error)),
        });
      });
    },
    onSettled: (outcome, index) => settled.push([index, outcome.kind]),
    onInterrupt: (listener) => {
      interrupt = listener;
      return () => (interrupt = undefined);
    },
    timers: fakeTimers,
    ...options,
  });
  return {
    run,
    started,
    pending,
    settled,
    timers,
    aborts: () => aborts,
    paced: () => paced!,
    interrupt: () => interrupt?.(),
    subscribed: () => interrupt !== undefined,
    answer: async (item: string, value = `ok ${item}`) => {
      pending.get(item)!.resolve(value);
      await settle();
    },
    refuse: async (item: string, error: unknown) => {
      pending.get(item)!.reject(error);
      await settle();
    },
  };
}

const forbidden = () => new ApiError({ status: 403, code: 'forbidden', message: 'This operation needs a write key.' });
const waitedOut = () => new HireError('Stopped: --max-wait reached.', { exitCode: 5, code: 'rate_limit_wait' });
const serverError = () => new ApiError({ status: 500, code: 'internal_error', message: 'Boom.' });

describe('the bulk runner', () => {
  it('sends the first item alone, then `concurrency` at a time, in order', async () => {
    const h = harness(['a', 'b', 'c', 'd', 'e']);
    await settle();
    expect(h.started).toEqual(['a']);
    await h.answer('a');
    expect(h.started).toEqual(['a', 'b', 'c', 'd']);
    await h.answer('c');
    expect(h.started).toEqual(['a', 'b', 'c', 'd', 'e']);
    for (const item of ['b', 'd', 'e']) await h.answer(item);
    const report = await h.run;
    expect(report.outcomes).toEqual(['a', 'b', 'c', 'd', 'e'].map((item) => ({ kind: 'done', value: `ok ${item}` })));
    expect(report.interrupted).toBe(false);
    expect(report.stoppedBy).toBeUndefined();
    expect(h.settled.map(([index]) => index)).toEqual([0, 2, 1, 3, 4]);
    expect(h.subscribed()).toBe(false);
  });

  it('a key refused on the first item: nothing else is sent, every other item is not attempted', async () => {
    const h = harness(['a', 'b', 'c', 'd']);
    await settle();
    const error = forbidden();
    await h.refuse('a', error);
    const report = await h.run;
    expect(h.started).toEqual(['a']);
    expect(report.outcomes.map((outcome) => outcome.kind)).toEqual([
      'key_refused',
      'not_attempted',
      'not_attempted',
      'not_attempted',
    ]);
    expect(report.stoppedBy).toEqual({ kind: 'key_refused', error, index: 0 });
  });

  it('a key refused later: the items in flight finish, none is started after', async () => {
    const h = harness(['a', 'b', 'c', 'd', 'e', 'f']);
    await settle();
    await h.answer('a');
    expect(h.started).toEqual(['a', 'b', 'c', 'd']);
    await h.refuse('c', new ApiError({ status: 401, code: 'unauthorized', message: 'Invalid API key.' }));
    await h.answer('b');
    await h.refuse('d', serverError());
    const report = await h.run;
    expect(h.started).toEqual(['a', 'b', 'c', 'd']);
    expect(report.outcomes.map((outcome) => outcome.kind)).toEqual([
      'done',
      'done',
      'key_refused',
      'failed',
      'not_attempted',
      'not_attempted',
    ]);
    expect(report.stoppedBy).toMatchObject({ kind: 'key_refused', index: 2 });
  });

  it('an item that fails otherwise fails alone: the others go on', async () => {
    const h = harness(['a', 'b', 'c']);
    await settle();
    await h.refuse('a', serverError());
    await h.answer('b');
    await h.answer('c');
    const report = await h.run;
    expect(report.outcomes.map((outcome) => outcome.kind)).toEqual(['failed', 'done', 'done']);
    expect(report.stoppedBy).toBeUndefined();
  });

  it('the pacer waited out: that item and those not started are not sent', async () => {
    const h = harness(['a', 'b', 'c', 'd', 'e']);
    await settle();
    await h.answer('a');
    await h.refuse('b', waitedOut());
    await h.answer('c');
    await h.answer('d');
    const report = await h.run;
    expect(report.outcomes.map((outcome) => outcome.kind)).toEqual(['done', 'waited_out', 'done', 'done', 'not_sent']);
    expect(report.outcomes[4]).toEqual({ kind: 'not_sent', because: 'waited_out' });
    expect(report.stoppedBy).toMatchObject({ kind: 'waited_out' });
  });

  it('paces through the client: the limits given, and the items not started as the requests left', async () => {
    const h = harness(['a', 'b', 'c', 'd', 'e']);
    await settle();
    expect(h.paced()).toMatchObject({ reserve: 7, maxWaitMs: 60_000 });
    expect(h.paced().requestsLeft!()).toBe(4);
    await h.answer('a');
    expect(h.paced().requestsLeft!()).toBe(1);
    for (const item of ['b', 'c', 'd', 'e']) await h.answer(item);
    await h.run;
  });

  it('Ctrl-C: nothing more starts, the items in flight get the grace period and are answered', async () => {
    const stopping: number[] = [];
    const h = harness(['a', 'b', 'c', 'd', 'e'], { graceMs: 1234, onStopping: (ms) => stopping.push(ms) });
    await settle();
    await h.answer('a');
    h.interrupt();
    expect(stopping).toEqual([1234]);
    expect(h.timers.map((timer) => timer.ms)).toEqual([1234]);
    await h.answer('b');
    await h.answer('c');
    await h.answer('d');
    const report = await h.run;
    expect(h.aborts()).toBe(0);
    expect(h.timers[0]!.cleared).toBe(true);
    expect(report.interrupted).toBe(true);
    expect(report.outcomes.map((outcome) => outcome.kind)).toEqual(['done', 'done', 'done', 'done', 'not_sent']);
    expect(report.outcomes[4]).toEqual({ kind: 'not_sent', because: 'interrupted' });
  });

  it('Ctrl-C: past the grace period the items in flight are dropped (cut off: they may have been done)', async () => {
    const h = harness(['a', 'b', 'c']);
    await settle();
    h.interrupt();
    h.timers[0]!.callback();
    await settle();
    const report = await h.run;
    expect(h.aborts()).toBe(1);
    expect(report.outcomes.map((outcome) => outcome.kind)).toEqual(['cut_off', 'not_sent', 'not_sent']);
  });

  it('Ctrl-C twice: the items in flight are dropped at once', async () => {
    const h = harness(['a', 'b', 'c', 'd']);
    await settle();
    await h.answer('a');
    h.interrupt();
    expect(h.aborts()).toBe(0);
    h.interrupt();
    await settle();
    const report = await h.run;
    expect(h.aborts()).toBe(1);
    expect(report.outcomes.map((outcome) => outcome.kind)).toEqual(['done', 'cut_off', 'cut_off', 'cut_off']);
  });

  it('an error that is not a HireError is a bug: the run ends with it and starts nothing more', async () => {
    const h = harness(['a', 'b', 'c', 'd', 'e', 'f']);
    await settle();
    await h.answer('a');
    const bug = new TypeError('cannot read properties of undefined');
    const outcome = h.run.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await h.refuse('b', bug);
    expect(await outcome).toBe(bug);
    await h.answer('c');
    await h.answer('d');
    expect(h.started).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('interruptedRun: the failure an interrupted bulk run ends with', () => {
  it('exit 130, the summary as its message, every way counted (0 included), a way not named counted too', () => {
    const error = interruptedRun(
      '3 rows: 1 created, 2 not sent.',
      ['created', 'failed', 'not_sent'],
      ['created', 'not_sent', 'not_sent', 'odd'],
    );
    expect(error.exitCode).toBe(130);
    expect(error.code).toBe('interrupted');
    expect(error.message).toBe('Interrupted. 3 rows: 1 created, 2 not sent.');
    expect(error.details).toEqual({ created: 1, failed: 0, not_sent: 2, odd: 1 });
  });

  it('a way named __proto__ is counted as a key of its own, not a prototype', () => {
    const error = interruptedRun('x', ['__proto__'], ['__proto__', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(error.details, '__proto__')?.value).toBe(2);
  });
});
