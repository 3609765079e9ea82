// The one collector of warnings (src/warnings.ts, docs/output.md "Warnings"): what it keeps of each,
// and the document a success prints under machine output — none when nothing was said.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Messages } from '../../src/messages.js';
import { DeprecationNotice } from '../../src/api/deprecation.js';
import { WarningLog, type WarningFacts } from '../../src/warnings.js';

function messages(machine: boolean): { messages: Messages; stderr: () => string } {
  let written = '';
  const stderr = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString('utf8');
      done();
    },
  });
  const mode = { quiet: false, verbose: false, machine, streaming: false };
  return {
    messages: new Messages({ stderr, isStderrTTY: false, columns: undefined }, () => mode),
    stderr: () => written,
  };
}

describe('the warnings collector', () => {
  it('prints nothing when nothing was said', () => {
    expect(new WarningLog().document()).toBeUndefined();
  });

  it('keeps code, message and the facts given, in order, once each; a fact without a value is left out', () => {
    const log = new WarningLog();
    log.add('first', { code: 'write_reconciled', id: 'job_1', request_id: undefined });
    log.add('second');
    log.add('first', { code: 'write_reconciled', id: 'job_1' });
    expect(log.document()).toEqual({
      warnings: [
        { code: 'write_reconciled', message: 'first', id: 'job_1' },
        { code: 'warning', message: 'second' },
      ],
    });
    expect(log.messages).toEqual(['first', 'second']);
  });

  it('warn and note go through it under machine output and at a terminal alike; only people see lines', () => {
    for (const machine of [true, false]) {
      const { messages: said, stderr } = messages(machine);
      said.warn('A field unchecked.', { code: 'unpublished_fields', fields: ['difficulty'] });
      said.note('Read back.', { code: 'write_reconciled', id: 'job_1' });
      expect(said.warnings.all.map((warning) => warning.code)).toEqual(['unpublished_fields', 'write_reconciled']);
      expect(stderr()).toBe(machine ? '' : 'Warning: A field unchecked.\nRead back.\n');
    }
  });

  it('a deprecation is said once, with the headers as facts', () => {
    const said: [string, WarningFacts][] = [];
    const notice = new DeprecationNotice((message, facts) => said.push([message, facts]));
    const headers = { deprecation: 'true', sunset: 'Mon, 01 Nov 2027 00:00:00 GMT', link: '<https://x.test/v1>' };
    notice.answer('GET', '/jobs', headers);
    notice.answer('GET', '/jobs/job_1', headers);
    expect(said).toHaveLength(1);
    const log = new WarningLog();
    log.add(...said[0]!);
    expect(log.all).toEqual([
      {
        code: 'api_deprecated',
        message:
          'API version deprecated: the server marks GET /jobs as deprecated. It will be removed after Mon, 01 Nov 2027 00:00:00 GMT. Use /api/v1.',
        method: 'GET',
        path: '/jobs',
        deprecation: 'true',
        sunset: 'Mon, 01 Nov 2027 00:00:00 GMT',
        link: '<https://x.test/v1>',
      },
    ]);
  });
});
