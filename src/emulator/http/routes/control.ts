// The emulator's own endpoints, outside the API (under /_emulator): they drive what the real
// platform's users and candidates would do, for `hire emulator simulate` and `reset`.
import { dictionary } from '../../../domain/merge.js';
import type { FieldErrors } from '../../../domain/rules.js';
import { KEY_LEVELS, TIERS } from '../../../domain/vocabulary.js';
import { HttpError, created, notFound, ok, validationError } from '../answers.js';
import { parseCidr } from '../../access/cidr.js';
import type { KeyLevel, Limits, Tier } from '../../access/keys.js';
import type { Route } from '../route.js';
import type { PlatformContext } from '../../platform/context.js';
import { simulateApplications } from '../../platform/simulate.js';
import { trigger, triggerRequest } from '../../platform/trigger.js';
import { resetEnvironment } from '../../platform/reset.js';
import { readRequests } from '../../storage/request-log.js';

export const MAX_SIMULATED_APPLICATIONS = 100_000;
const MAX_KEY_LIFETIME_SECONDS = 10 * 365 * 86_400;
const KEY_FIELDS = new Set(['name', 'level', 'tier', 'expires_in_seconds', 'allow_ips', 'limits']);

/** At most this many logged requests in one answer of GET /_emulator/requests. */
const REQUESTS_PAGE_MAX = 1_000;

/**
 * What a command that emits events tells of the event log: how many older events the new ones
 * pushed out of it, and how many it keeps (docs/emulator.md "Webhooks and events").
 */
function eventLog(ctx: PlatformContext, dropped: number): { dropped_events: number; events_kept: number } {
  return { dropped_events: dropped, events_kept: ctx.events.eventsKept };
}

export const controlRoutes: Route[] = [
  {
    // One event of a kind, from the smallest set of records that produces it (`hire trigger`).
    // A write key may: it makes what a write key could make through the API.
    method: 'POST',
    path: '/trigger',
    level: 'write',
    handler(req, ctx) {
      const request = triggerRequest(req.body);
      const { result, dropped } = ctx.events.counting(() => trigger(ctx, request));
      return created({ ...result, ...eventLog(ctx, dropped) });
    },
  },
  {
    // The request log (`hire logs tail`): `after` a number from an earlier answer's meta.last;
    // without it, no entries, only where the log stands now.
    method: 'GET',
    path: '/requests',
    handler(req, ctx) {
      const errors: FieldErrors = dictionary();
      const afterText = req.query.get('after');
      const after = afterText === null ? undefined : Number(afterText);
      if (after !== undefined && (afterText!.trim() === '' || !Number.isInteger(after) || after < 0))
        errors.after = 'must be a whole number of at least 0';
      const limitText = req.query.get('limit');
      const limit = limitText === null ? REQUESTS_PAGE_MAX : Number(limitText);
      if (!Number.isInteger(limit) || limit < 1 || limit > REQUESTS_PAGE_MAX)
        errors.limit = `must be a whole number from 1 to ${REQUESTS_PAGE_MAX}`;
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const { requests, last } = readRequests(ctx.store, after, limit);
      return ok(requests, { last });
    },
  },
  {
    method: 'POST',
    path: '/simulate',
    handler(req, ctx) {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const errors: Record<string, string> = dictionary();
      if (typeof body.job_id !== 'string' || body.job_id === '') errors.job_id = 'is required';
      const applications = body.applications ?? 10;
      if (
        !Number.isInteger(applications) ||
        (applications as number) < 1 ||
        (applications as number) > MAX_SIMULATED_APPLICATIONS
      ) {
        errors.applications = `must be a whole number from 1 to ${MAX_SIMULATED_APPLICATIONS}`;
      }
      const seed = body.seed ?? Math.floor(Math.random() * 2 ** 31);
      if (!Number.isInteger(seed)) errors.seed = 'must be a whole number';
      for (const flag of ['complete_assessments', 'advance'] as const) {
        if (body[flag] !== undefined && typeof body[flag] !== 'boolean') errors[flag] = 'must be true or false';
      }
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const { result, dropped } = ctx.events.counting(() =>
        simulateApplications(ctx, body.job_id as string, {
          applications: applications as number,
          seed: seed as number,
          advance: body.advance === true,
          // Moving along the pipeline passes through the assessment.
          completeAssessments: body.complete_assessments === true || body.advance === true,
        }),
      );
      return created({ ...result, ...eventLog(ctx, dropped) });
    },
  },
  {
    method: 'POST',
    path: '/keys',
    handler(req, ctx) {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const errors: FieldErrors = dictionary();
      for (const field of Object.keys(body)) {
        if (!KEY_FIELDS.has(field)) errors[field] = 'is not a known field';
      }
      const level = body.level ?? 'write';
      if (!(KEY_LEVELS as readonly unknown[]).includes(level))
        errors.level = `must be one of: ${KEY_LEVELS.join(', ')}`;
      const tier = body.tier ?? 'standard';
      if (!(TIERS as readonly unknown[]).includes(tier)) errors.tier = `must be one of: ${TIERS.join(', ')}`;
      const name = body.name ?? `${String(level)} key`;
      if (typeof name !== 'string' || name.trim() === '') errors.name = 'must be a non-empty string';
      const expires = body.expires_in_seconds;
      // 0 makes a key that has already expired: a way to see key_expired answers.
      if (
        expires !== undefined &&
        (typeof expires !== 'number' || !Number.isInteger(expires) || expires < 0 || expires > MAX_KEY_LIFETIME_SECONDS)
      ) {
        errors.expires_in_seconds = `must be a whole number of seconds from 0 to ${MAX_KEY_LIFETIME_SECONDS} (10 years)`;
      }
      const allowIps = body.allow_ips ?? [];
      if (!Array.isArray(allowIps) || allowIps.some((entry) => typeof entry !== 'string' || !parseCidr(entry))) {
        errors.allow_ips = 'must be a list of IP addresses or CIDR blocks, such as 10.0.0.0/8';
      }
      const limits: Partial<Limits> = {};
      if (
        body.limits !== undefined &&
        (body.limits === null || typeof body.limits !== 'object' || Array.isArray(body.limits))
      ) {
        errors.limits = 'must be an object such as {"hour": 5}';
      }
      for (const window of ['hour', 'day', 'concurrent'] as const) {
        const value = (body.limits as Record<string, unknown> | undefined)?.[window];
        if (value === undefined) continue;
        if (!Number.isInteger(value) || (value as number) < 1)
          errors[`limits.${window}`] = 'must be a whole number of at least 1';
        else limits[window] = value as number;
      }
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const { record, secret } = ctx.keys.create({
        name: name as string,
        level: level as KeyLevel,
        tier: tier as Tier,
        limits,
        allowIps: allowIps as string[],
        ...(expires !== undefined ? { expiresInSeconds: expires as number } : {}),
      });
      return created({ ...record, key: secret });
    },
  },
  {
    method: 'GET',
    path: '/keys',
    handler(_req, ctx) {
      return ok(ctx.keys.list());
    },
  },
  {
    method: 'DELETE',
    path: '/keys/:id',
    handler(req, ctx) {
      if (req.params.id === 'key_local')
        throw new HttpError(409, 'conflict', 'The local profile key cannot be revoked.');
      const revoked = ctx.keys.revoke(req.params.id!);
      if (!revoked) throw notFound('key', req.params.id!);
      return ok(revoked);
    },
  },
  {
    method: 'POST',
    path: '/reset',
    handler(_req, ctx) {
      return ok({ removed: resetEnvironment(ctx) });
    },
  },
];
