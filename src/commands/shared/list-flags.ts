// The flags every list command takes (CONTRACT §3), declared at start-up.
import type { Command } from 'commander';
import { collect } from './collect.js';

export interface ListFlags {
  page?: string;
  perPage?: string;
  sort?: string;
  filter?: string[];
  all?: boolean;
  limit?: string;
}

export function addListOptions(command: Command): Command {
  return command
    .option('--page <n>', 'page number')
    .option('--per-page <n>', 'items per page (the server allows 1-100)')
    .option('--sort <fields>', 'sort by fields, - for descending (e.g. -created_at,title)')
    .option('--filter <key=value>', 'filter on a field (repeatable)', collect)
    .option('--all', 'follow every page')
    .option('--limit <n>', 'stop after N items, fetching further pages only as needed');
}
