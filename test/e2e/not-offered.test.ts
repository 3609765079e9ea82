// The built CLI, spawned as a user runs it, against a platform that offers only the published
// operations (test/helpers/published-platform.ts): the job that `jobs list` shows is shown by
// `jobs get` with a note, and a move the server does not offer ends with exit 1 and says why.
import { describe, expect, it } from 'vitest';
import { hire } from '../helpers/bin.js';
import { publishedPlatform } from '../helpers/published-platform.js';

describe('hire against a published-only platform', () => {
  it('jobs get shows the listed job with a note; candidates move exits 1 with operation_not_offered, then sends nothing', async () => {
    const { box, seen, job, candidates } = await publishedPlatform();
    const list = await hire(box, ['jobs', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain(job);

    const got = await hire(box, ['jobs', 'get', job]);
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toContain(`id\t${job}`);
    expect(got.stderr).toContain(`Read ${job} from GET /jobs: the server does not offer GET /jobs/{id}`);

    const moved = await hire(box, ['candidates', 'move', candidates[0]!, '--status', 'screening', '--yes', '--json']);
    expect(moved.code).toBe(1);
    expect(JSON.parse(moved.stderr)).toMatchObject({ error: { code: 'operation_not_offered' } });

    seen.length = 0;
    const again = await hire(box, ['candidates', 'move', candidates[0]!, '--status', 'screening', '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('as learned earlier from this server; nothing was sent');
    expect(seen).toEqual([]);

    const missing = await hire(box, ['jobs', 'get', 'job_doesnotexist']);
    expect(missing.code).toBe(4);
  });
});
