// hire candidates get ID: at a terminal, the candidate's fields, then their note (the applicant's
// own text, made inert and wrapped). Piped, one `key<TAB>value` line per field, the note last
// (newlines escaped); --json is the whole record, `note` included.
import { getCandidate } from '../../api/candidates.js';
import { cellText, inert } from '../../output/cells.js';
import { printDetail, wrapWords } from '../../output/detail.js';
import { arg, defineCommand } from '../define.js';
import { CANDIDATE_DETAIL_COLUMNS, candidateColumns } from './columns.js';
import type { Context } from '../../context.js';
import { candidateMovesFrom } from '../../domain/candidate.js';
import { CANDIDATE_STATUSES, type CandidateStatus } from '../../domain/vocabulary.js';
import { suggester } from '../suggest.js';
import { showNextSteps, showsNextSteps } from '../shared/next-steps.js';

export default defineCommand({
  path: ['candidates', 'get'],
  summary: 'show one candidate, with their note',
  effect: 'read',
  operations: ['getCandidate', 'listCandidates'],
  args: { id: arg.required('candidate id') },
  examples: ['hire candidates get cand_abc123', 'hire candidates get cand_abc123 --json --fields id,email,note'],
  async run(ctx, { id }) {
    // A server that does not offer GET /candidates/ID: the candidate from GET /candidates, and a note saying so.
    const candidate = await getCandidate(await ctx.session.api(), id, {
      onNote: (message, facts) => ctx.messages.note(message, facts),
    });
    const { note } = candidate as { note?: unknown };
    const piped: [string, string][] = note !== undefined && note !== null ? [['note', cellText(note)]] : [];
    await printDetail(ctx.output, candidate, candidateColumns(CANDIDATE_DETAIL_COLUMNS), {
      piped,
      sections(width) {
        return [{ heading: 'Note', lines: noteLines(note, width) }];
      },
    });
    await nextForCandidate(ctx, candidate);
  },
});

/** The moves a candidate may take from where it is (docs/api-choices.md §3), and the job's other candidates. */
async function nextForCandidate(ctx: Context, candidate: Record<string, unknown>): Promise<void> {
  if (!showsNextSteps(ctx)) return;
  const suggest = await suggester(ctx);
  const id = inert(String(candidate.id));
  const status = String(candidate.status);
  const moves = (CANDIDATE_STATUSES as readonly string[]).includes(status)
    ? candidateMovesFrom(status as CandidateStatus)
    : [];
  const job = typeof candidate.job_id === 'string' ? inert(candidate.job_id) : undefined;
  showNextSteps(ctx, [
    ...moves.map((to) => suggest(['candidates', 'move'], { args: [id], flags: { status: to } })),
    ...(job ? [suggest(['candidates', 'list'], { flags: { job } })] : []),
  ]);
}

/** The note as a reader sees it: its own line breaks kept, each line inert and wrapped; none is no lines. */
function noteLines(note: unknown, width: number): string[] {
  if (note === undefined || note === null) return [];
  const text = typeof note === 'string' ? note : cellText(note);
  if (text.trim() === '') return [];
  const lines = text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').trim().split('\n');
  // Runs of empty lines are one: a paragraph break, never a screen of nothing.
  const kept = lines.filter((line, index) => line.trim() !== '' || lines[index - 1]?.trim() !== '');
  return kept.flatMap((line) => (line.trim() === '' ? [''] : wrapWords(inert(line), Math.max(10, width))));
}
