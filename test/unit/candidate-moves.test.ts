// Where a recruiter may move a candidate (docs/api-choices.md §3): one step forward along the
// pipeline, one step back, or from any status that is not final to rejected; hired and rejected
// are final. The emulator refuses every other move with a 409, and `candidates move` names the step.
import { describe, expect, it } from 'vitest';
import { canMoveCandidate, candidateMovesFrom } from '../../src/domain/candidate.js';
import type { CandidateStatus } from '../../src/domain/vocabulary.js';

const MOVES: [CandidateStatus, CandidateStatus[]][] = [
  ['new', ['screening', 'rejected']],
  ['screening', ['new', 'review', 'rejected']],
  ['review', ['screening', 'interview', 'rejected']],
  ['interview', ['review', 'offer', 'rejected']],
  ['offer', ['interview', 'hired', 'rejected']],
  ['hired', []],
  ['rejected', []],
];

describe('candidate moves', () => {
  it.each(MOVES)('from %s: %j, and nowhere else', (from, to) => {
    expect(candidateMovesFrom(from)).toEqual(to);
    for (const [other] of MOVES)
      expect([from, other, canMoveCandidate(from, other)]).toEqual([from, other, to.includes(other)]);
  });

  it('never to where the candidate already is', () => {
    for (const [status] of MOVES) expect(canMoveCandidate(status, status)).toBe(false);
  });
});
