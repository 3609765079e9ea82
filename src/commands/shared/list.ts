// Running a list command: flags → query, pages → output (shared/paging.ts), a hint at a terminal.
import type { Context } from '../../context.js';
import type { ListOptions } from './list-flags.js';
import { flagsText, profileToName } from '../suggest.js';
import { listQuery, ownFilters, runPages, type ListSpec } from './paging.js';
import { forPeople } from '../../output/document.js';

export type { ListSpec } from './paging.js';

export async function runList(ctx: Context, flags: ListOptions, spec: ListSpec): Promise<void> {
  if (flags.resume !== undefined) {
    const { runResumableExport } = await import('./resume.js');
    return runResumableExport(ctx, flags, spec, flags.resume);
  }
  const query = listQuery(ctx, flags, ownFilters(spec, Date.now()));
  const { printed, meta } = await runPages(ctx, flags, spec, {
    query,
    all: flags.all === true,
    ...(flags.limit !== undefined ? { limit: flags.limit } : {}),
  });
  if (!ctx.io.isStderrTTY || !forPeople(ctx.output)) return;
  if (printed === 0) ctx.messages.notice(`No ${spec.noun} found.`);
  else if (meta && !flags.all && flags.limit === undefined && meta.total_pages > meta.current_page) {
    const next = flagsText(spec.command, { page: meta.current_page + 1 }, await profileToName(ctx));
    ctx.messages.notice(
      `Page ${meta.current_page} of ${meta.total_pages} (${meta.total_count} ${spec.noun}). Next: ${next}, or --all.`,
    );
  }
}
