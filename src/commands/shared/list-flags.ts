// The flags every list command takes (docs/output.md "Lists"): spread into a command's flags.
import { flag, type Options } from '../define.js';
import { BULK_FLAGS } from './bulk.js';

export const LIST_FLAGS = {
  page: flag.number({ value: 'n', help: 'page number', integer: true, min: 1 }),
  perPage: flag.number({
    value: 'n',
    help: 'items per page (the server allows 1-100)',
    integer: true,
    min: 1,
    max: 100,
  }),
  sort: flag.string({ value: 'fields', help: 'sort by fields, - for descending (e.g. -created_at,title)' }),
  filter: flag.list({ value: 'key=value', help: 'filter on a field (repeatable)' }),
  all: flag.boolean({ help: 'follow every page' }),
  limit: flag.number({
    value: 'n',
    help: 'stop after N items, fetching further pages only as needed',
    integer: true,
    min: 1,
  }),
  resume: flag.string({
    value: 'state-file',
    file: 'write',
    help: 'with --all or --limit: record progress in this file; run the same command again to continue a stopped export, appending (>> FILE)',
  }),
  // With --all or --limit a list is bulk work: paced to the rate limit.
  ...BULK_FLAGS,
};

export type ListOptions = Options<typeof LIST_FLAGS, Record<never, never>>;
