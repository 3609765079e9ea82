// The one builder of suggested commands (src/commands/suggest.ts): flags named by their keys and
// looked up in the declarations, so that a suggestion naming a flag or a command that does not
// exist throws; `--profile NAME` added once, after the rest.
import { beforeAll, describe, expect, it } from 'vitest';
import { commandTree } from '../../src/commands/manifest.js';
import { commandText, flagsText, knowCommands } from '../../src/commands/suggest.js';
import { COMMANDS, NOUNS, ROOT, loadManifest } from '../../src/program.js';

beforeAll(async () => {
  knowCommands(commandTree(ROOT, NOUNS, await loadManifest(COMMANDS)));
});

describe('the suggestion builder', () => {
  it('words a command from its declaration: arguments, flags by key as typed, the profile last', () => {
    expect(commandText(['candidates', 'move'], { args: ['cand_1'], flags: { status: 'screening' } })).toBe(
      'hire candidates move cand_1 --status screening',
    );
    expect(
      commandText(['candidates', 'list'], { flags: { job: 'job_1', scoreMin: 80, all: true, json: false } }, 'sandbox'),
    ).toBe('hire candidates list --job job_1 --score-min 80 --all --profile sandbox');
    expect(commandText(['auth', 'login'], { flags: { profile: 'prod' } }, 'sandbox')).toBe(
      'hire auth login --profile prod',
    );
    expect(flagsText(['jobs', 'list'], { page: 2 }, 'local-sandbox')).toBe('--page 2 --profile local-sandbox');
    expect(flagsText(['jobs', 'list'], { page: 2 })).toBe('--page 2');
  });

  it('quotes a value a POSIX shell would read otherwise', () => {
    expect(commandText(['jobs', 'create'], { flags: { fromFile: "Tom's job.yaml" } })).toBe(
      "hire jobs create --from-file 'Tom'\\''s job.yaml'",
    );
    expect(commandText(['jobs', 'import'], { args: ['$HOME/jobs.csv'] })).toBe("hire jobs import '$HOME/jobs.csv'");
  });

  it('throws on a flag the command does not have, or on words that are no command', () => {
    expect(() => commandText(['candidates', 'move'], { args: ['cand_1'], flags: { stage: 'screening' } })).toThrow(
      /flag "stage".*hire candidates move/,
    );
    expect(() => flagsText(['webhooks', 'list'], { page: 2, scoreMin: 1 })).toThrow(/flag "scoreMin"/);
    expect(() => commandText(['candidates', 'promote'], {})).toThrow(/hire candidates promote.*no command/);
    expect(() => commandText(['candidates'], {})).toThrow(/no command/);
  });
});
