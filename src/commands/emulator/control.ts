// hire emulator simulate | reset: the emulator's own controls (/_emulator), reached like any
// command on the local profile (a standing emulator, or one run in-process).
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { confirmOrRefuse } from '../shared/confirm.js';
import { wholeNumberFlag } from '../shared/input.js';
import { inertJson } from '../../output/cells.js';

export async function localClient(ctx: Context) {
  const profile = await ctx.profile();
  if (profile.environment !== 'local') {
    throw new UsageError(`emulator commands work on the local emulator; profile "${profile.name}" is ${profile.environment}.`, {
      hint: 'Pass --profile local.',
    });
  }
  return ctx.api();
}

export interface SimulateFlags {
  job?: string;
  applications: string;
  seed?: string;
  completeAssessments?: boolean;
  advance?: boolean;
}

export async function simulate(ctx: Context, flags: SimulateFlags): Promise<void> {
  if (!flags.job) throw new UsageError('--job ID is required: the job candidates apply to.');
  const applications = wholeNumberFlag('--applications', flags.applications, 1);
  const seed = wholeNumberFlag('--seed', flags.seed, 0);
  const client = await localClient(ctx);
  const { data } = await client.request('POST', '/_emulator/simulate', {
    fromRoot: true,
    body: {
      job_id: flags.job,
      applications,
      complete_assessments: flags.completeAssessments === true,
      advance: flags.advance === true,
      ...(seed !== undefined ? { seed } : {}),
    },
  });
  if (ctx.outputFormat === 'json') {
    ctx.io.stdout.write(`${inertJson(data, 2)}\n`);
    return;
  }
  const result = data as { created?: number; by_status?: Record<string, number> };
  const spread = Object.entries(result.by_status ?? {})
    .map(([status, count]) => `${status} ${count}`)
    .join(', ');
  ctx.io.stdout.write(`${result.created ?? 0} candidates applied to ${flags.job} (${spread}).\n`);
}

export async function reset(ctx: Context): Promise<void> {
  const client = await localClient(ctx);
  if (!(await confirmOrRefuse(ctx, 'Delete every job, candidate, assessment and webhook in the emulator?', 'Refusing to reset the emulator'))) {
    ctx.notice('Nothing was deleted.');
    return;
  }
  const { data } = await client.request('POST', '/_emulator/reset', { fromRoot: true, body: {} });
  if (ctx.outputFormat === 'json') ctx.io.stdout.write(`${inertJson(data, 2)}\n`);
  else ctx.notice('The emulator is empty again (keys kept).');
}
