// The commander tree: global flags, commands, help. Only commander and these declarations load
// up front; each command's code is imported when it runs (STYLE.md, "Fast start").
import { Command, Option } from 'commander';
import type { Context, GlobalOptions } from './context.js';
import { VERSION } from './context.js';
import { CANDIDATE_STATUSES, EVENT_KINDS, JOB_STATUSES, KEY_LEVELS, QUESTION_TYPES, TIERS } from './domain/vocabulary.js';
import { OUTPUT_FORMATS } from './output/formats.js';
import { addJobInputOptions } from './commands/jobs/job-flags.js';
import { collect } from './commands/shared/collect.js';
import { addListOptions } from './commands/shared/list-flags.js';
import { inertLines } from './output/cells.js';

type Run = (ctx: Context, flags: never, ...args: string[]) => Promise<void>;

function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;
}

const ROOT_HELP_AFTER = `
Examples:
  $ hire jobs create --title "Backend Engineer" --description-file role.md --skill go --publish
  $ hire candidates list --status review --score-min 80 --json
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
  /** An action that loads its command's code only when it runs. */
  const lazy =
    (load: () => Promise<Run>) =>
    async (...args: unknown[]): Promise<void> => {
      const command = args.at(-1) as Command;
      const positional = args.slice(0, -2) as string[];
      const run = await load();
      await run(ctx, command.opts() as never, ...positional);
    };

  const program = new Command('hire');
  program
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.io.stdout.write(text),
      // commander quotes argv in its errors: text from outside (CONTRACT §7).
      writeErr: (text) => ctx.io.stderr.write(inertLines(text)),
    })
    .configureHelp({ showGlobalOptions: true })
    .showSuggestionAfterError()
    .description('Work with the Hiring Platform API: jobs, candidates, assessments, webhooks, and a local emulator.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .option('-p, --profile <name>', 'profile to use (default: the saved default, else "local")')
    .option('--json', "print the result as JSON (the API response's data)")
    .addOption(new Option('-o, --output <format>', 'output format').choices(OUTPUT_FORMATS))
    .option('--fields <list>', 'fields to show, in order (comma-separated); also sent to the API')
    .option('--csv-raw', "with -o csv, write cells as they are, for data that must stay exact (by default, cells starting with = + - @, TAB or CR get a leading ' against formula injection)")
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

  program.commandsGroup('Hiring:');
  registerJobs(program, lazy);
  registerCandidates(program, lazy);
  registerAssessments(program, lazy);
  registerAnalytics(program, lazy);
  registerWebhooks(program, lazy);
  program.commandsGroup('Access:');
  registerAuth(program, lazy);
  registerProfiles(program, lazy);
  registerApi(program, lazy);
  program.commandsGroup('Local platform and shell:');
  registerEmulator(program, lazy);

  program
    .command('completion')
    .description('print the shell completion script: bash, zsh or fish')
    .argument('<shell>', 'bash, zsh or fish')
    .addHelpText('after', examples('source <(hire completion bash)', 'hire completion fish > ~/.config/fish/completions/hire.fish'))
    .action(lazy(() => import('./commands/completion.js').then((m) => m.script)));

  program.helpCommand('help [command]', 'show help for a command');

  // What the completion scripts call: the candidates for the last word, one per line.
  program
    .command('__complete', { hidden: true })
    .argument('[words...]')
    .allowUnknownOption()
    .helpOption(false)
    .action(async (words: string[]) => {
      const { candidates } = await import('./commands/completion.js');
      candidates(ctx, program, words);
    });
  return program;
}

type Lazy = (load: () => Promise<Run>) => (...args: unknown[]) => Promise<void>;

function registerJobs(program: Command, lazy: Lazy): void {
  const jobs = program
    .command('jobs')
    .description('create, list and change job postings')
    .addHelpText('after', examples('hire jobs create', 'hire jobs list --status active', 'hire jobs publish job_abc123'));

  addJobInputOptions(
    jobs
      .command('create')
      .description('create a job posting (POST /jobs)')
      .option('--from-file <file>', 'read the job from a JSON or YAML file (- for stdin); flags override it')
      .option('--dry-run', 'validate and print the request body without sending it')
      .option('-i, --interactive', 'ask for the job in a wizard (also what happens at a terminal when --title or --description is missing)')
      .option('--save <file>', 'save the job as JSON for --from-file, before sending it'),
  )
    .addHelpText(
      'after',
      examples(
        'hire jobs create                      # at a terminal: the wizard asks for everything',
        'hire jobs create --title "Backend Engineer" --description-file role.md --skill go --skill sql --publish',
        'hire jobs create --from-file job.yaml --question-count 12 --json',
      ),
    )
    .action(lazy(() => import('./commands/jobs/create.js').then((m) => m.run)));

  jobs
    .command('import')
    .description('create many jobs from CSV, NDJSON or a JSON array; safe to run again')
    .argument('<file>', 'the file (- for stdin)')
    .option('--format <format>', 'csv|ndjson|json (default: from the file name or content)')
    .option('--concurrency <n>', 'jobs in flight at once (at most 100)', '8')
    .option('--skip-invalid', 'import the valid rows even when some are not')
    .option('--failures-file <file>', 'where rows that were not created go (default: FILE.failed.ndjson)')
    .addHelpText(
      'after',
      examples('hire jobs import jobs.csv', 'hire jobs import season.ndjson --concurrency 16 --json > report.json', 'hire jobs import jobs.failed.ndjson'),
    )
    .action(lazy(() => import('./commands/jobs/import.js').then((m) => m.run)));

  addListOptions(
    jobs
      .command('list')
      .description('list job postings (GET /jobs)')
      .option('--status <status>', `only jobs with this status: ${JOB_STATUSES.join('|')} (comma-separated for several)`),
  )
    .addHelpText(
      'after',
      examples('hire jobs list', 'hire jobs list --status active --sort -created_at --per-page 50', 'hire jobs list --all -o csv > jobs.csv'),
    )
    .action(lazy(() => import('./commands/jobs/list.js').then((m) => m.run)));

  jobs
    .command('get')
    .description('show one job (GET /jobs/ID)')
    .argument('<id>', 'job id')
    .addHelpText('after', examples('hire jobs get job_abc123', 'hire jobs get job_abc123 --json --fields id,status,candidate_count'))
    .action(lazy(() => import('./commands/jobs/show.js').then((m) => m.run)));

  addJobInputOptions(
    jobs
      .command('update')
      .description('change the fields given, and only those (PATCH /jobs/ID)')
      .argument('<id>', 'job id')
      .option('--from-file <file>', 'read the fields from a JSON or YAML file (- for stdin); flags override it')
      .option('--dry-run', 'validate and print the request body without sending it'),
    { exclude: ['publish'] },
  )
    .addHelpText('after', examples('hire jobs update job_abc123 --title "Senior Backend Engineer"', 'hire jobs update job_abc123 --skill go,rust --question-count 12'))
    .action(lazy(() => import('./commands/jobs/update.js').then((m) => m.run)));

  const verbs = [
    ['publish', 'publish a draft (draft → active)'],
    ['pause', 'stop taking applications for now (active → paused)'],
    ['close', 'close for good (draft, active or paused → closed)'],
    ['reopen', 'take applications again (paused or closed → active)'],
  ] as const;
  for (const [verb, description] of verbs) {
    jobs
      .command(verb)
      .description(description)
      .argument('<id>', 'job id')
      .addHelpText('after', examples(`hire jobs ${verb} job_abc123`))
      .action(lazy(() => import('./commands/jobs/transition.js').then((m) => m.transition(verb))));
  }

  jobs
    .command('delete')
    .description('delete a job with its candidates (asks first; --yes when not at a terminal)')
    .argument('<id>', 'job id')
    .addHelpText('after', examples('hire jobs delete job_abc123', 'hire jobs delete job_abc123 --yes'))
    .action(lazy(() => import('./commands/jobs/delete.js').then((m) => m.run)));
}

function registerCandidates(program: Command, lazy: Lazy): void {
  const candidates = program
    .command('candidates')
    .description('list candidates and move them through the pipeline')
    .addHelpText('after', examples('hire candidates list --status review --score-min 80', 'hire candidates move cand_abc123 --status interview'));
  addListOptions(
    candidates
      .command('list')
      .description('list candidates (GET /candidates)')
      .option('--status <status>', `only this status: ${CANDIDATE_STATUSES.join('|')} (comma-separated for several)`)
      .option('--score-min <n>', 'only candidates whose assessment score is at least N (0-100)')
      .option('--job <id>', "only this job's candidates"),
  )
    .addHelpText(
      'after',
      examples('hire candidates list --status review --score-min 80', 'hire candidates list --job job_abc123 --all -o ndjson', 'hire candidates list --json --fields id,name,score'),
    )
    .action(lazy(() => import('./commands/candidates/list.js').then((m) => m.run)));

  candidates
    .command('get')
    .description('show one candidate')
    .argument('<id>', 'candidate id')
    .addHelpText('after', examples('hire candidates get cand_abc123'))
    .action(lazy(() => import('./commands/candidates/show.js').then((m) => m.run)));

  candidates
    .command('move')
    .description('change a candidate\'s status: one step along the pipeline, one back, or to rejected')
    .argument('<id>', 'candidate id')
    .option('--status <status>', `the new status: ${CANDIDATE_STATUSES.join('|')}`)
    .addHelpText('after', examples('hire candidates move cand_abc123 --status interview', 'hire candidates move cand_abc123 --status rejected'))
    .action(lazy(() => import('./commands/candidates/move.js').then((m) => m.run)));
}

function registerAssessments(program: Command, lazy: Lazy): void {
  const assessments = program
    .command('assessments')
    .description('create and show AI-generated assessments')
    .addHelpText('after', examples('hire assessments create --job job_abc123 --question-count 8', 'hire assessments get asmt_abc123 --json'));
  assessments
    .command('create')
    .description('create an assessment (POST /assessments)')
    .option('--job <id>', 'the job to generate questions for')
    .option('--question-count <n>', 'questions, 5-20')
    .option('--time-limit <seconds>', 'time limit, 300-1800 s')
    .option('--question-type <type>', `${QUESTION_TYPES.join('|')} (repeatable, or comma-separated)`, collect)
    .option('--proctoring', 'enable anti-cheating proctoring')
    .option('--data <json>', 'more fields as a JSON object (flags win)')
    .option('--from-file <file>', 'fields from a JSON or YAML file (- for stdin)')
    .addHelpText(
      'after',
      examples('hire assessments create --job job_abc123 --question-count 8', 'hire assessments create --job job_abc123 --data \'{"time_limit": 600}\' --json'),
    )
    .action(lazy(() => import('./commands/assessments/create.js').then((m) => m.run)));

  assessments
    .command('get')
    .description('show one assessment')
    .argument('<id>', 'assessment id')
    .addHelpText('after', examples('hire assessments get asmt_abc123', 'hire assessments get asmt_abc123 --json'))
    .action(lazy(() => import('./commands/assessments/show.js').then((m) => m.run)));
}

function registerAnalytics(program: Command, lazy: Lazy): void {
  program
    .command('analytics')
    .description('hiring analytics: jobs, candidates, scores and the funnel (GET /analytics)')
    .option('--job <id>', 'one job only')
    .option('--from <date>', 'from this date (2026-11-01) or ISO 8601 time')
    .option('--to <date>', 'up to this date (inclusive) or time')
    .addHelpText('after', examples('hire analytics', 'hire analytics --job job_abc123 --from 2026-11-01 --json'))
    .action(lazy(() => import('./commands/analytics/show.js').then((m) => m.run)));
}

function registerWebhooks(program: Command, lazy: Lazy): void {
  const webhooks = program
    .command('webhooks')
    .description('register and manage webhooks')
    .addHelpText('after', examples('hire webhooks add --url https://example.com/hooks --event job.created', 'hire webhooks listen --register'));
  webhooks
    .command('add')
    .description('register a webhook (POST /webhooks); the signing secret is printed once')
    .option('--url <url>', 'the address that receives events (https)')
    .option('--event <kind>', `an event kind, repeatable or comma-separated: ${EVENT_KINDS.join('|')}`, collect)
    .option('--secret-stdin', 'read the signing secret from stdin instead of generating one')
    .addHelpText(
      'after',
      examples(
        'hire webhooks add --url https://example.com/hooks --event job.created,assessment.generated',
        'printf %s "$SECRET" | hire webhooks add --url https://example.com/hooks --event candidate.statusChanged --secret-stdin',
      ),
    )
    .action(lazy(() => import('./commands/webhooks/add.js').then((m) => m.run)));

  addListOptions(webhooks.command('list').description('list registered webhooks'))
    .addHelpText('after', examples('hire webhooks list', 'hire webhooks list --json'))
    .action(lazy(() => import('./commands/webhooks/list.js').then((m) => m.run)));

  addListOptions(webhooks.command('deliveries').description("a webhook's delivery log: every attempt of every event").argument('<id>', 'webhook id'))
    .addHelpText('after', examples('hire webhooks deliveries wh_abc123', 'hire webhooks deliveries wh_abc123 --json'))
    .action(lazy(() => import('./commands/webhooks/deliveries.js').then((m) => m.run)));

  webhooks
    .command('listen')
    .description('receive deliveries locally: verify, print, relay (like stripe listen)')
    .option('--port <port>', 'port to listen on (0 = any free port)', '0')
    .option('--secret <secret>', 'the signing secret (prefer --secret-stdin: arguments show up in ps)')
    .option('--secret-stdin', 'read the signing secret from stdin')
    .option('--events <kinds>', `only these event kinds, comma-separated: ${EVENT_KINDS.join('|')}; also what --register subscribes to`, collect)
    .option('--forward-to <url>', 'relay verified deliveries to this URL')
    .option('--register', 'register a webhook for this listener on the current profile, removed on exit')
    .addHelpText(
      'after',
      examples(
        'hire webhooks listen --register',
        'hire webhooks listen --register --events job.created --forward-to http://localhost:3000/hooks',
        'printf %s "$SECRET" | hire webhooks listen --port 8787 --secret-stdin --json',
      ),
    )
    .action(lazy(() => import('./commands/webhooks/listen.js').then((m) => m.run)));

  webhooks
    .command('verify')
    .description('check one delivery offline: exit 0 when valid, 3 when not')
    .option('--secret <secret>', 'the signing secret')
    .option('--secret-stdin', 'read the signing secret from stdin (then the payload comes from --payload-file)')
    .option('--id <id>', 'the webhook-id header')
    .option('--timestamp <seconds>', 'the webhook-timestamp header')
    .option('--signature <signature>', 'the webhook-signature header (v1,…; several separated by spaces)')
    .option('--payload-file <file>', 'the raw body (default: stdin)')
    .addHelpText(
      'after',
      examples('hire webhooks verify --secret "$SECRET" --id "$ID" --timestamp "$TS" --signature "$SIG" < body.json'),
    )
    .action(lazy(() => import('./commands/webhooks/verify.js').then((m) => m.run)));

  webhooks
    .command('remove')
    .description('remove a webhook')
    .argument('<id>', 'webhook id')
    .addHelpText('after', examples('hire webhooks remove wh_abc123'))
    .action(lazy(() => import('./commands/webhooks/remove.js').then((m) => m.run)));
}

function registerApi(program: Command, lazy: Lazy): void {
  program
    .command('api')
    .description('send a raw request to the API and print the response as received')
    .argument('<path>', 'path under the base URL, such as /jobs or jobs/job_abc123')
    .option('-X, --method <method>', 'GET|POST|PUT|PATCH|DELETE (default GET, or POST with fields or --input)')
    .option('-f, --raw-field <key=value>', 'a string field (repeatable; query for GET, JSON body otherwise)', collect)
    .option('-F, --field <key=value>', 'a typed field: numbers, true, false, null, @file (repeatable)', collect)
    .option('-H, --header <header>', "an extra header, 'Name: value' (repeatable)", collect)
    .option('--input <file>', 'the request body from a file (- for stdin)')
    .option('--paginate', 'follow every page of a list')
    .addHelpText(
      'after',
      examples('hire api -X GET /jobs -f status=active', 'hire api -X PATCH /jobs/job_abc123 -f title="Staff Engineer"', 'hire api /candidates --paginate -F per_page=100'),
    )
    .action(lazy(() => import('./commands/api/request.js').then((m) => m.run)));
}

function registerAuth(program: Command, lazy: Lazy): void {
  const auth = program
    .command('auth')
    .description('store, check and remove API keys')
    .addHelpText('after', examples('hire auth login --profile prod --environment production --base-url https://api.example.com', 'hire auth status'));
  auth
    .command('login')
    .description('store a key in a profile after checking it with one request (the key is never an argument)')
    .option('--environment <env>', 'production or sandbox (default: the profile\'s, or production)')
    .option('--base-url <url>', "the API base URL from your dashboard (/api/v1 is added when missing)")
    .option('--with-key', 'read the key from stdin instead of a hidden prompt')
    .option('--skip-verify', 'save the key without checking it')
    .option('--set-default', 'make the profile the default one')
    .addHelpText(
      'after',
      examples(
        'hire auth login --profile prod --environment production --base-url https://api.example.com',
        'printf %s "$HIRE_SANDBOX_KEY" | hire auth login --profile sandbox --environment sandbox --base-url https://sandbox.example.com --with-key',
      ),
    )
    .action(lazy(() => import('./commands/auth/login.js').then((m) => m.run)));

  auth
    .command('status')
    .description('show each profile (or --profile), whether its key works, and the rate-limit headroom')
    .addHelpText('after', examples('hire auth status', 'hire auth status --profile prod --json'))
    .action(lazy(() => import('./commands/auth/status.js').then((m) => m.run)));

  auth
    .command('logout')
    .description("remove a profile's stored key")
    .addHelpText('after', examples('hire auth logout --profile prod'))
    .action(lazy(() => import('./commands/auth/logout.js').then((m) => m.run)));
}

function registerProfiles(program: Command, lazy: Lazy): void {
  const profiles = program
    .command('profiles')
    .description('list, choose and remove profiles')
    .addHelpText('after', examples('hire profiles list', 'hire profiles use sandbox'));
  profiles
    .command('list')
    .description('list profiles')
    .addHelpText('after', examples('hire profiles list'))
    .action(lazy(() => import('./commands/profiles/manage.js').then((m) => m.list)));
  profiles
    .command('use')
    .description('make a profile the default')
    .argument('<name>', 'profile name')
    .addHelpText('after', examples('hire profiles use sandbox'))
    .action(lazy(() => import('./commands/profiles/manage.js').then((m) => m.use)));
  profiles
    .command('show')
    .description('show a profile (default: the one in use)')
    .argument('[name]', 'profile name')
    .addHelpText('after', examples('hire profiles show prod'))
    .action(lazy(() => import('./commands/profiles/manage.js').then((m) => m.show)));
  profiles
    .command('remove')
    .description('remove a profile and its key (not the built-in local)')
    .argument('<name>', 'profile name')
    .addHelpText('after', examples('hire profiles remove staging'))
    .action(lazy(() => import('./commands/profiles/manage.js').then((m) => m.remove)));
}

function registerEmulator(program: Command, lazy: Lazy): void {
  const emulator = program
    .command('emulator')
    .description('run and drive the local emulator of the platform')
    .addHelpText('after', examples('hire emulator start', 'hire emulator simulate --job job_abc123 --applications 50 --advance'));
  emulator
    .command('start')
    .description('run the emulator as a standing server until Ctrl-C')
    .option('--port <port>', 'port to listen on (0 = any free port)', '4010')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--data-dir <dir>', 'where the emulator keeps its data (default $HIRE_DATA_DIR or ~/.local/share/hire)')
    .option('--delivery-backoff <ms>', 'first webhook retry delay in ms, then ×5 each time (6 attempts); small for tests', '5000')
    .option('--chaos <rate>', 'inject faults into this fraction of API requests (0-1): 5xx, 429, latency, drops, cut bodies')
    .option('--chaos-seed <n>', 'the same seed gives the same faults (default 1)')
    .option('--chaos-weights <list>', 'how often each fault comes, e.g. error=2,latency=1 (error, rate_limit, latency, drop_before, drop_after, truncate)')
    .addHelpText('after', examples('hire emulator start', 'hire emulator start --port 4020 --data-dir ./emulator-data', 'hire emulator start --chaos 0.2 --chaos-seed 7'))
    .action(lazy(() => import('./commands/emulator/start.js').then((m) => m.run)));

  emulator
    .command('simulate')
    .description('make candidates apply to an active job (events are delivered to webhooks)')
    .option('--job <id>', 'the job they apply to')
    .option('--applications <n>', 'how many apply', '10')
    .option('--seed <n>', 'the same seed gives the same candidates')
    .option('--complete-assessments', 'they also take the assessment: a score 0-100, then review')
    .option('--advance', 'they also move along the pipeline (interview, offer, hired, rejected); implies --complete-assessments')
    .addHelpText(
      'after',
      examples('hire emulator simulate --job job_abc123 --applications 50', 'hire emulator simulate --job job_abc123 --applications 200 --advance --seed 7'),
    )
    .action(lazy(() => import('./commands/emulator/control.js').then((m) => m.simulate)));

  const keys = emulator
    .command('keys')
    .description("the emulator's API keys: levels, expiry, IP allow-lists, limits")
    .addHelpText('after', examples('hire emulator keys create --level read', 'hire emulator keys list'));
  keys
    .command('create')
    .description('make a key and print it once')
    .option('--level <level>', `${KEY_LEVELS.join('|')} (read: GETs; write: also POST/PATCH; admin: also DELETE)`, 'write')
    .option('--name <name>', 'a name to recognise it by')
    .option('--tier <tier>', `${TIERS.join('|')} (the spec's limits)`, 'standard')
    .option('--expires-in <duration>', 'expire after 90d, 12h, 30m or 45s')
    .option('--allow-ip <cidr>', 'only from this address or block (repeatable)', collect)
    .option('--per-hour <n>', 'requests per hour (below the tier\'s)')
    .option('--per-day <n>', 'requests per day')
    .option('--concurrent <n>', 'requests in flight at once')
    .addHelpText('after', examples('hire emulator keys create --level read --name dashboards', 'hire emulator keys create --level admin --expires-in 90d --allow-ip 127.0.0.1'))
    .action(lazy(() => import('./commands/emulator/keys.js').then((m) => m.create)));
  keys
    .command('list')
    .description('list keys, masked')
    .addHelpText('after', examples('hire emulator keys list'))
    .action(lazy(() => import('./commands/emulator/keys.js').then((m) => m.list)));
  keys
    .command('revoke')
    .description('revoke a key: it answers 401 from now on')
    .argument('<id>', 'key id (key_…)')
    .addHelpText('after', examples('hire emulator keys revoke key_abc123'))
    .action(lazy(() => import('./commands/emulator/keys.js').then((m) => m.revoke)));

  emulator
    .command('reset')
    .description('delete all jobs, candidates, assessments and webhooks (asks first; --yes when not at a terminal)')
    .addHelpText('after', examples('hire emulator reset --yes'))
    .action(lazy(() => import('./commands/emulator/control.js').then((m) => m.reset)));
}
