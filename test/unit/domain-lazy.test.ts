// The domain's modules build no zod schema as they load (builtOnce, src/domain/rules.ts): the
// in-process emulator answering a GET, and every command that imports them, would pay for about
// fifty. zod's object constructors are counted here while the modules load and at first use.
import { describe, expect, it, vi } from 'vitest';

const built = vi.hoisted(() => ({ count: 0 }));

vi.mock('zod/mini', async (original) => {
  const zod = await original<typeof import('zod/mini')>();
  const counted =
    <F extends (...args: never[]) => unknown>(make: F) =>
    (...args: Parameters<F>) => {
      built.count++;
      return make(...args);
    };
  return { ...zod, strictObject: counted(zod.strictObject), looseObject: counted(zod.looseObject) };
});

describe('domain schemas', () => {
  it('none is built as its module loads; each at its first validation', async () => {
    // Fresh modules: another test file in this worker may have loaded (and used) them already.
    vi.resetModules();
    built.count = 0;
    const job = await import('../../src/domain/job-schema.js');
    const candidate = await import('../../src/domain/candidate-schema.js');
    const assessment = await import('../../src/domain/assessment.js');
    const webhook = await import('../../src/domain/webhook.js');
    expect(built.count).toBe(0);
    job.validateJobInput({});
    const afterJob = built.count;
    expect(afterJob).toBeGreaterThan(0);
    job.validateJobInput({});
    expect(built.count).toBe(afterJob); // once
    candidate.validateCandidateMove({});
    assessment.validateAssessmentInput({});
    webhook.validateWebhookInput({});
    expect(built.count).toBeGreaterThan(afterJob + 2);
  });
});
