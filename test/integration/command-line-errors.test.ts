// What the parser refuses (an unknown option or command, a missing or extra argument, a flag
// without its value, a global flag's value outside its choices) is reported like every other
// error: `Error: …` (red at a terminal), commander's suggestion kept, the usage line of the
// command argv names and where to look next; the JSON error envelope with --json; exit 2.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';

const CASES: { argv: string[]; stderr: string }[] = [
  {
    argv: ['jobs', 'get'],
    stderr:
      "Error: Missing required argument 'id'.\nUsage: hire jobs get [options] <id>\nRun `hire jobs get --help` for the flags.\n",
  },
  {
    argv: ['jobs', 'get', 'job_1', 'job_2'],
    stderr:
      "Error: Too many arguments for 'get'. Expected 1 argument but got 2.\nUsage: hire jobs get [options] <id>\nRun `hire jobs get --help` for the flags.\n",
  },
  {
    argv: ['jobs', 'create', '--titel', 'x'],
    stderr:
      "Error: Unknown option '--titel'. Did you mean --title?\nUsage: hire jobs create [options]\nRun `hire jobs create --help` for the flags.\n",
  },
  {
    argv: ['jobs', 'list', '--status'],
    stderr:
      "Error: Option '--status <status>' argument missing.\nUsage: hire jobs list [options]\nRun `hire jobs list --help` for the flags.\n",
  },
  {
    argv: ['jobs', 'list', '-o', 'xml'],
    stderr:
      "Error: Option '-o, --output <format>' argument 'xml' is invalid. Allowed choices are table, json, ndjson, csv.\nUsage: hire jobs list [options]\nRun `hire jobs list --help` for the flags.\n",
  },
  {
    argv: ['emulator', 'keys', 'revoke'],
    stderr:
      "Error: Missing required argument 'id'.\nUsage: hire emulator keys revoke [options] <id>\nRun `hire emulator keys revoke --help` for the flags.\n",
  },
  {
    argv: ['--bogus'],
    stderr: "Error: Unknown option '--bogus'.\nUsage: hire [options] [command]\nRun `hire --help` for its commands.\n",
  },
];

describe('command-line errors from the parser', () => {
  for (const { argv, stderr } of CASES) {
    it(`hire ${argv.join(' ')}: our error style, the usage line, a next step, exit 2`, async () => {
      const box = await sandbox();
      const result = await runCli(argv, { env: box.env });
      expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
        code: 2,
        stdout: '',
        stderr,
      });
    });
  }

  it('with --json or -o json (before or after the mistake): the JSON error envelope, pretty, exit 2', async () => {
    const box = await sandbox();
    for (const argv of [
      ['jobs', 'get', '--json'],
      ['--json', 'jobs', 'get'],
      ['jobs', 'get', '-o', 'json'],
    ]) {
      const result = await runCli(argv, { env: box.env });
      expect({ argv, code: result.code, stdout: result.stdout }).toEqual({ argv, code: 2, stdout: '' });
      expect(result.stderr).toBe(
        `${JSON.stringify({ error: { code: 'usage_error', message: "Missing required argument 'id'." } }, null, 2)}\n`,
      );
    }
    const unknown = await runCli(['jobs', 'list', '--stauts', 'x', '--json'], { env: box.env });
    expect(JSON.parse(unknown.stderr)).toEqual({
      error: { code: 'usage_error', message: "Unknown option '--stauts'. Did you mean --status?" },
    });
  });

  it('at a terminal, `Error:` is red (not with --no-color), the rest plain', async () => {
    const box = await sandbox();
    const coloured = await runCli(['jobs', 'get'], { env: box.env, tty: true });
    expect(coloured.code).toBe(2);
    expect(coloured.stderr.startsWith("\u001b[31mError:\u001b[39m Missing required argument 'id'.\n")).toBe(true);
    const plain = await runCli(['jobs', 'get', '--no-color'], { env: box.env, tty: true });
    expect(plain.stderr.startsWith("Error: Missing required argument 'id'.\n")).toBe(true);
  });

  it('quotes argv escaped', async () => {
    const box = await sandbox();
    const result = await runCli(['jobs', 'list', '--x\u001b[2J'], { env: box.env });
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe("Error: Unknown option '--x\\u001b[2J'.");
  });
});
