// The domain's zod schemas are built at their first use (builtOnce, src/domain/rules.ts); what used
// to be read off them as the module loaded is written out, and must say what the schemas say.
import { describe, expect, it } from 'vitest';
import { assessmentInputSchema, unknownAssessmentFields } from '../../src/domain/assessment.js';
import { JOB_INPUT_FIELDS } from '../../src/domain/job.js';
import { jobInputSchema } from '../../src/domain/job-schema.js';
import { builtOnce } from '../../src/domain/rules.js';

describe('builtOnce', () => {
  it('builds at the first call, not before, and once', () => {
    let builds = 0;
    const schema = builtOnce(() => ({ built: ++builds }));
    expect(builds).toBe(0);
    expect(schema()).toEqual({ built: 1 });
    expect(schema()).toBe(schema());
    expect(builds).toBe(1);
  });

  it('builds again after a build that threw, instead of keeping nothing', () => {
    let calls = 0;
    const schema = builtOnce(() => {
      calls++;
      if (calls === 1) throw new Error('first');
      return calls;
    });
    expect(() => schema()).toThrow('first');
    expect(schema()).toBe(2);
  });
});

describe('what is written out beside the schemas', () => {
  it("JOB_INPUT_FIELDS lists the job input's fields, each once", () => {
    expect([...JOB_INPUT_FIELDS].sort()).toEqual(Object.keys(jobInputSchema().shape).sort());
  });

  it("an assessment request's unknown fields are those its schema does not name", () => {
    const known = Object.keys(assessmentInputSchema().def.shape);
    expect(unknownAssessmentFields(Object.fromEntries(known.map((field) => [field, 1])))).toEqual([]);
    expect(unknownAssessmentFields({ job_id: 'job_1', difficulty: 'hard', Title: 'x' })).toEqual([
      'difficulty',
      'Title',
    ]);
  });
});
