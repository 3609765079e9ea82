// What a read-back counts as "the change is there", and which failures leave a write's outcome
// unknown (src/api/reconcile.ts, docs/api-choices.md §7).
import { describe, expect, it } from 'vitest';
import { holdsChange, unknownOutcome } from '../../src/api/reconcile.js';
import { ApiError, InterruptedError, NetworkError, UsageError } from '../../src/errors.js';

const JOB = {
  id: 'job_1',
  title: 'Staff Engineer',
  status: 'paused',
  location: { type: 'onsite', city: 'Denver', state: 'CO' },
  skills: ['go', 'rust'],
  salary: null,
};

describe('holdsChange', () => {
  it.each([
    ['a status sent and held', { status: 'paused' }, true],
    ['a status sent, another held', { status: 'active' }, false],
    ['several fields, all held', { title: 'Staff Engineer', status: 'paused' }, true],
    ['several fields, one not held', { title: 'Staff Engineer', status: 'closed' }, false],
    ['a nested object compared by the fields sent', { location: { city: 'Denver' } }, true],
    ['a nested field not held', { location: { city: 'Austin' } }, false],
    ['a list held whole', { skills: ['go', 'rust'] }, true],
    ['a list held in part', { skills: ['go'] }, false],
    ['a list in another order', { skills: ['rust', 'go'] }, false],
    ['null sent, null held', { salary: null }, true],
    ['null sent, field absent', { department: null }, true],
    ['a field absent from the record', { department: 'Platform' }, false],
    ['an object sent, a string held', { title: { text: 'Staff Engineer' } }, false],
    ['a number sent, its text held', { id: 1 }, false],
    ['an undefined field asks for nothing', { title: 'Staff Engineer', department: undefined }, true],
  ])('%s', (_what, sent, expected) => {
    expect(holdsChange(JOB, sent)).toBe(expected);
  });
});

describe('unknownOutcome', () => {
  it.each([
    [
      'a dropped connection',
      new NetworkError('Cannot reach x: the connection closed unexpectedly.'),
      'The answer was lost',
    ],
    ['a timeout', new NetworkError('timed out', { code: 'timeout' }), 'The request timed out'],
    ['a refused connection (nothing sent)', new NetworkError('refused', { code: 'connection_refused' }), undefined],
    ['a certificate refused (nothing sent)', new NetworkError('tls', { code: 'tls_certificate' }), undefined],
    [
      'a 503',
      new ApiError({ status: 503, code: 'service_unavailable', message: 'down' }),
      'The server answered HTTP 503',
    ],
    [
      'a 500 that is not JSON',
      new ApiError({ status: 500, code: 'invalid_response', message: 'html' }),
      'The server answered HTTP 500',
    ],
    [
      'a 200 cut short',
      new ApiError({ status: 200, code: 'invalid_response', message: 'not JSON' }),
      'The answer was unreadable',
    ],
    ['a 409', new ApiError({ status: 409, code: 'conflict', message: 'already paused' }), undefined],
    ['a 404', new ApiError({ status: 404, code: 'not_found', message: 'no job' }), undefined],
    ['a 404 that is not JSON', new ApiError({ status: 404, code: 'invalid_response', message: 'html' }), undefined],
    ['a 429 after retries', new ApiError({ status: 429, code: 'rate_limited', message: 'slow down' }), undefined],
    ['Ctrl-C', new InterruptedError(), undefined],
    ['an unsendable request', new UsageError('bad header'), undefined],
  ])('%s', (_what, error, expected) => {
    expect(unknownOutcome(error)).toBe(expected);
  });
});
