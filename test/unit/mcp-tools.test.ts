// A tool call's input becomes the values commander would have read from a command line, which the
// command's own zod check (commands/parse.ts) then reads: the same options as typed flags give.
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { COMMANDS, NOUNS, ROOT, loadManifest } from '../../src/program.js';
import { Context } from '../../src/context.js';
import { leaves } from '../../src/commands/machine-help.js';
import { commandTree } from '../../src/commands/manifest.js';
import { parseOptions } from '../../src/commands/parse.js';
import { commandText, knowCommands } from '../../src/commands/suggest.js';
import { allTools, serveMcp } from '../../src/mcp/serve.js';
import { ToolInputError, toolInput, type Tool } from '../../src/mcp/tools.js';
import { sandbox } from '../helpers/env.js';

const registry = COMMANDS;
const tools = allTools({ registry, tree: commandTree(ROOT, NOUNS, await loadManifest(registry)) });
const tool = (name: string): Tool => tools.find((candidate) => candidate.name === name)!;

async function optionsOf(name: string, input: Record<string, unknown>) {
  const given = toolInput(tool(name), input);
  const { default: command } = await registry[tool(name).declared.index]!();
  return { given, options: parseOptions(command, given.flags, given.args) };
}

describe('tool descriptions', () => {
  it('name the operations a tool uses that the API spec does not publish, and only those', () => {
    expect(tool('jobs_get').description).toContain('Uses GET /jobs/{id}, which the API spec does not publish.');
    expect(tool('jobs_list').description).not.toContain('does not publish');
  });
});

describe('a tool call as a command line', () => {
  it('gives numbers as their text, repeatable flags as lists, --no-NAME as false, and defaults as commander does', async () => {
    const { given, options } = await optionsOf('jobs_create', {
      title: 'Backend Engineer',
      skill: ['go', 'sql'],
      salary_min: 90000,
      no_auto_generate: true,
      dry_run: true,
    });
    expect(given.flags).toMatchObject({ title: 'Backend Engineer', skill: ['go', 'sql'], salaryMin: '90000' });
    expect(options).toMatchObject({ skill: ['go', 'sql'], salaryMin: 90000, autoGenerate: false, dryRun: true });
    // Where the declaration shows the positive form too (jobs update), it sets the same key to true.
    expect((await optionsOf('jobs_update', { id: 'job_1', auto_generate: true })).options).toMatchObject({
      autoGenerate: true,
    });
    expect((await optionsOf('jobs_update', { id: 'job_1', no_auto_generate: true })).options).toMatchObject({
      autoGenerate: false,
    });
  });

  it('is checked by the command line’s schema, with its messages', async () => {
    await expect(optionsOf('candidates_list', { score_min: 150 })).rejects.toThrow(/--score-min/);
    expect((await optionsOf('candidates_list', { score_min: 80 })).options).toMatchObject({ scoreMin: 80 });
  });

  it('takes arguments in order, a value that looks like a flag as a value, and fields as the global --fields', () => {
    expect(toolInput(tool('jobs_get'), { id: '--help', fields: 'id,title' })).toEqual({
      flags: expect.any(Object),
      args: ['--help'],
      fields: 'id,title',
    });
    expect(toolInput(tool('candidates_move'), { ids: ['cand_a', 'cand_b'], status: 'screening' }).args).toEqual([
      ['cand_a', 'cand_b'],
    ]);
  });

  it('refuses by name what the tool does not take, a missing argument, and a value of the wrong shape', () => {
    expect(() => toolInput(tool('jobs_get'), { id: 'job_1', colour: 'red' })).toThrow(ToolInputError);
    expect(() => toolInput(tool('jobs_get'), { id: 'job_1', colour: 'red' })).toThrow(/"colour"/);
    expect(() => toolInput(tool('jobs_create'), { title: 'x', description_file: '/etc/passwd' })).toThrow(
      /"description_file"/,
    );
    expect(() => toolInput(tool('jobs_get'), {})).toThrow(/needs "id"/);
    expect(() => toolInput(tool('jobs_get'), { id: ['a', 'b'] })).toThrow(/one value, not a list/);
    expect(() => toolInput(tool('jobs_create'), { title: 'x', dry_run: 'yes' })).toThrow(/true or false/);
  });
});

// A call's result may carry a suggested command (a refused move's hint): the server checks each
// against the commands it offers (commands/suggest.ts), as the CLI does, whoever started it.
describe('the MCP server and the suggestion builder', () => {
  it('checks suggestions against the commands the server offers once it starts', async () => {
    const box = await sandbox();
    // The program's commands but the candidates': a suggestion of one of those is a mistake there.
    const whole = commandTree(ROOT, NOUNS, await loadManifest(COMMANDS));
    const tree = { ...whole, children: whole.children.filter((child) => child.name !== 'candidates') };
    const [only] = leaves(tree);
    const io = {
      stdin: Readable.from([]),
      stdout: new PassThrough(),
      stderr: new PassThrough(),
      isStdinTTY: false,
      isStdoutTTY: false,
      isStderrTTY: false,
      columns: undefined,
      onInterrupt: () => () => {},
    };
    try {
      // Its stdin ends at once: the server starts, then ends with the session.
      await serveMcp(new Context(io, box.env), { writes: false, deletes: false }, { registry: COMMANDS, tree });
      expect(commandText(only!.path)).toBe(`hire ${only!.path.join(' ')}`);
      expect(() => commandText(['candidates', 'list'])).toThrow(/hire candidates list`, which is no command/);
    } finally {
      // The program's whole tree again, for the tests that run after this one in the same process.
      knowCommands(whole);
    }
  });
});
