// hire events list: the event log, newest first (docs/api-choices.md §3), by kind, job and time.
import { EVENTS_PATH } from '../../api/events.js';
import { UsageError } from '../../errors.js';
import { defineCommand, flag } from '../define.js';
import { LIST_FLAGS } from '../shared/list-flags.js';
import { runList } from '../shared/list.js';
import { eventKindsFlag } from '../webhooks/event-kinds.js';
import { EVENT_LIST_COLUMNS } from './columns.js';
import { parseMoment } from '../shared/duration.js';

const TIME_HELP = 'an ISO date or time (2026-11-24, 2026-11-24T09:00:00Z) or a time ago (30m, 12h, 7d)';

export default defineCommand({
  path: ['events', 'list'],
  summary: 'list events, newest first (GET /events)',
  effect: 'read',
  // GET /jobs: what tells a server without the list from a wrong address (docs/api-choices.md §13).
  operations: ['listEvents', 'listJobs'],
  flags: {
    kind: eventKindsFlag('kind', 'only these kinds, comma-separated: {choices}'),
    job: flag.string({ value: 'id', help: 'only events about this job' }),
    since: flag.parsed(parseMoment, {
      value: 'time',
      example: '1h',
      help: `only events at or after: ${TIME_HELP}`,
      message: `--since takes ${TIME_HELP} (got "{value}").`,
    }),
    until: flag.parsed(parseMoment, {
      value: 'time',
      example: '2026-11-01T00:00:00Z',
      help: `only events before: ${TIME_HELP}`,
      message: `--until takes ${TIME_HELP} (got "{value}").`,
    }),
    ...LIST_FLAGS,
  },
  examples: [
    'hire events list',
    'hire events list --kind candidate.statusChanged --job job_abc123',
    'hire events list --since 1h --json',
  ],
  async run(ctx, options) {
    const now = Date.now();
    const [since, until] = [options.since?.(now), options.until?.(now)];
    if (since !== undefined && until !== undefined && since >= until)
      throw new UsageError(`--since (${since}) is not before --until (${until}): no event can be in between.`);
    await runList(ctx, options, {
      command: ['events', 'list'],
      path: EVENTS_PATH,
      noun: 'events',
      columns: EVENT_LIST_COLUMNS,
      // Read against the time given: a resumed export (--resume) reads `--since 1h` as its first run did.
      query: (at) => ({
        type: options.kind?.join(','),
        job_id: options.job,
        created_after: options.since?.(at),
        created_before: options.until?.(at),
      }),
    });
  },
});
