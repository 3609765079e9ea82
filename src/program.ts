// The commander tree: global flags, commands, help. Only commander is loaded up front; each
// command's code is imported when it runs (STYLE.md, "Fast start").
import { Command, Option } from 'commander';
import type { Context, GlobalOptions } from './context.js';
import { VERSION } from './context.js';
import { JOB_STATUSES } from './domain/vocabulary.js';
import { addJobInputOptions } from './commands/jobs/job-flags.js';
import { collect } from './commands/shared/collect.js';

type Runner<F> = { run(ctx: Context, flags: F, ...args: string[]): Promise<void> };

/** An action that loads its command module only when it runs. */
function lazy<F>(ctx: Context, load: () => Promise<Runner<F>>) {
  return async (...args: unknown[]): Promise<void> => {
    const command = args.at(-1) as Command;
    const positional = args.slice(0, -2) as string[];
    const module = await load();
    await module.run(ctx, command.opts() as F, ...positional);
  };
}

function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;
}

const ROOT_HELP_AFTER = `
Examples:
  $ hire jobs create --title "Backend Engineer" --description-file role.md --skill go --publish
  $ hire jobs list --status active --sort -created_at
  $ hire emulator start

Environment:
  HIRE_PROFILE      profile to use (like --profile)
  HIRE_API_KEY      API key, overriding the profile's
  HIRE_BASE_URL     API base URL, overriding the profile's (never starts an emulator)
  HIRE_CONFIG_DIR   config directory (default ~/.config/hire)
  HIRE_DATA_DIR     emulator data directory (default ~/.local/share/hire)
  NO_COLOR, FORCE_COLOR, CI, HTTPS_PROXY, HTTP_PROXY, NO_PROXY

Exit codes:
  0 ok · 1 API or unexpected failure · 2 usage or invalid input · 3 authentication or permission
  4 not found · 5 rate limited · 6 network · 130 interrupted
`;

export function buildProgram(ctx: Context): Command {
  const program = new Command('hire');
  program
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.io.stdout.write(text),
      writeErr: (text) => ctx.io.stderr.write(text),
    })
    .configureHelp({ showGlobalOptions: true })
    .showSuggestionAfterError()
    .description('Work with the Hiring Platform API: jobs, candidates, assessments, webhooks, and a local emulator.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .option('-p, --profile <name>', 'profile to use (default: the saved default, else "local")')
    .option('--json', 'print the result as JSON (the API response\'s data)')
    .addOption(new Option('-o, --output <format>', 'output format').choices(['table', 'json', 'ndjson', 'csv']))
    .option('--fields <list>', 'fields to show, in order (comma-separated); also sent to the API')
    .option('--no-color', 'no colour in output')
    .option('-q, --quiet', 'print only results and errors')
    .option('-v, --verbose', 'trace requests and responses on stderr (the key is redacted)')
    .option('--timeout <seconds>', 'request timeout in seconds', '30')
    .option('--max-retries <n>', 'retries for rate limits and transient failures', '3')
    .option('-y, --yes', 'answer yes to confirmations')
    .option('--no-input', 'never prompt')
    .addHelpText('after', ROOT_HELP_AFTER)
    .hook('preAction', (_program, action) => {
      ctx.setGlobals(action.optsWithGlobals() as GlobalOptions);
    });

  const jobs = program.command('jobs').description('create and list job postings');

  addJobInputOptions(
    jobs
      .command('create')
      .description('create a job posting (POST /jobs)')
      .option('--from-file <file>', 'read the job from a JSON or YAML file (- for stdin); flags override it')
      .option('--dry-run', 'validate and print the request body without sending it'),
  )
    .addHelpText(
      'after',
      examples(
        'hire jobs create --title "Backend Engineer" --description-file role.md --skill go --skill sql --publish',
        'hire jobs create --from-file job.yaml --question-count 12 --json',
        'hire jobs create --from-file job.json --dry-run',
      ),
    )
    .action(lazy(ctx, () => import('./commands/jobs/create.js')));

  jobs
    .command('list')
    .description('list job postings (GET /jobs)')
    .option('--status <status>', `only jobs with this status: ${JOB_STATUSES.join('|')} (comma-separated for several)`)
    .option('--page <n>', 'page number')
    .option('--per-page <n>', 'jobs per page')
    .option('--sort <fields>', 'sort by fields, - for descending (e.g. -created_at,title)')
    .option('--filter <key=value>', 'filter on a job field (repeatable)', collect)
    .addHelpText(
      'after',
      examples('hire jobs list', 'hire jobs list --status active --sort -created_at --per-page 50', 'hire jobs list --json --fields id,title,status'),
    )
    .action(lazy(ctx, () => import('./commands/jobs/list.js')));

  const emulator = program.command('emulator').description('run the local emulator of the platform');
  emulator
    .command('start')
    .description('run the emulator as a standing server until Ctrl-C')
    .option('--port <port>', 'port to listen on (0 = any free port)', '4010')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--data-dir <dir>', 'where the emulator keeps its data (default $HIRE_DATA_DIR or ~/.local/share/hire)')
    .addHelpText('after', examples('hire emulator start', 'hire emulator start --port 4020 --data-dir ./emulator-data'))
    .action(lazy(ctx, () => import('./commands/emulator/start.js')));

  return program;
}
