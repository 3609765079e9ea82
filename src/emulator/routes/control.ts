// The emulator's own endpoints, outside the API (under /_emulator): they drive what the real
// platform's users and candidates would do, for `hire emulator simulate` and `reset`.
import { HttpError, created, ok, validationError, type Route } from '../http.js';
import { COLLECTIONS } from '../store.js';
import { simulateApplications } from '../simulate.js';
import { findJob } from './jobs.js';

export const MAX_SIMULATED_APPLICATIONS = 100_000;

export const controlRoutes: Route[] = [
  {
    method: 'POST',
    path: '/simulate',
    handler(req, ctx) {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const errors: Record<string, string> = {};
      if (typeof body.job_id !== 'string' || body.job_id === '') errors.job_id = 'is required';
      const applications = body.applications ?? 10;
      if (!Number.isInteger(applications) || (applications as number) < 1 || (applications as number) > MAX_SIMULATED_APPLICATIONS) {
        errors.applications = `must be a whole number from 1 to ${MAX_SIMULATED_APPLICATIONS}`;
      }
      const seed = body.seed ?? Math.floor(Math.random() * 2 ** 31);
      if (!Number.isInteger(seed)) errors.seed = 'must be a whole number';
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const job = findJob(ctx, body.job_id as string);
      return created(simulateApplications(ctx, job, applications as number, seed as number));
    },
  },
  {
    method: 'POST',
    path: '/reset',
    handler(req, ctx) {
      if (req.key.level !== 'admin') throw new HttpError(403, 'forbidden', 'Resetting the emulator needs an admin key.');
      const removed: Record<string, number> = {};
      for (const name of COLLECTIONS) {
        if (name === 'keys') continue;
        const records = ctx.store.all(name);
        for (const record of records) ctx.store.delete(name, record.id);
        removed[name] = records.length;
      }
      ctx.store.compact();
      return ok({ removed });
    },
  },
];
