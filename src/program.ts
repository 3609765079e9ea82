// The registry: one line per command, the nouns that group them, the global flags and the root
// help. Adding a command is adding its file (src/commands/<noun>/<verb>.ts) and one line here.
// Commands load only when they run: help and completion read the manifest (commands/manifest.ts).
import type { Registry } from './commands/define.js';
import { manifestFlag, manifestOf, type Manifest, type Noun, type Root } from './commands/manifest.js';
import { GLOBAL_FLAGS } from './commands/global-flags.js';

export const COMMANDS: Registry = [
  () => import('./commands/jobs/create.js'),
  () => import('./commands/jobs/import.js'),
  () => import('./commands/jobs/list.js'),
  () => import('./commands/jobs/get.js'),
  () => import('./commands/jobs/update.js'),
  () => import('./commands/jobs/publish.js'),
  () => import('./commands/jobs/pause.js'),
  () => import('./commands/jobs/close.js'),
  () => import('./commands/jobs/reopen.js'),
  () => import('./commands/jobs/delete.js'),
  () => import('./commands/candidates/list.js'),
  () => import('./commands/candidates/get.js'),
  () => import('./commands/candidates/move.js'),
  () => import('./commands/assessments/create.js'),
  () => import('./commands/assessments/get.js'),
  () => import('./commands/assessments/list.js'),
  () => import('./commands/analytics/show.js'),
  () => import('./commands/webhooks/add.js'),
  () => import('./commands/webhooks/list.js'),
  () => import('./commands/webhooks/deliveries.js'),
  () => import('./commands/webhooks/listen.js'),
  () => import('./commands/webhooks/verify.js'),
  () => import('./commands/webhooks/remove.js'),
  () => import('./commands/events/list.js'),
  () => import('./commands/events/get.js'),
  () => import('./commands/events/resend.js'),
  () => import('./commands/trigger.js'),
  () => import('./commands/status.js'),
  () => import('./commands/doctor.js'),
  () => import('./commands/logs/tail.js'),
  () => import('./commands/auth/login.js'),
  () => import('./commands/auth/status.js'),
  () => import('./commands/auth/logout.js'),
  () => import('./commands/profiles/list.js'),
  () => import('./commands/profiles/use.js'),
  () => import('./commands/profiles/show.js'),
  () => import('./commands/profiles/remove.js'),
  () => import('./commands/api/request.js'),
  () => import('./commands/emulator/start.js'),
  () => import('./commands/emulator/simulate.js'),
  () => import('./commands/emulator/keys/create.js'),
  () => import('./commands/emulator/keys/list.js'),
  () => import('./commands/emulator/keys/revoke.js'),
  () => import('./commands/emulator/reset.js'),
  () => import('./commands/completion.js'),
  () => import('./commands/mcp.js'),
];

export const NOUNS: readonly Noun[] = [
  {
    path: ['jobs'],
    summary: 'create, list and change job postings',
    examples: ['hire jobs create', 'hire jobs list --status active', 'hire jobs publish job_abc123'],
  },
  {
    path: ['candidates'],
    summary: 'list candidates and move them through the pipeline',
    examples: [
      'hire candidates list --status review --score-min 80',
      'hire candidates move cand_abc123 --status interview',
    ],
  },
  {
    path: ['assessments'],
    summary: 'create, list and show AI-generated assessments',
    examples: [
      'hire assessments create --job job_abc123 --question-count 8',
      'hire assessments get asmt_abc123 --json',
    ],
  },
  {
    path: ['webhooks'],
    summary: 'register and manage webhooks',
    examples: [
      'hire webhooks add --url https://example.com/hooks --event job.created',
      'hire webhooks listen --register',
    ],
  },
  {
    path: ['events'],
    summary: 'the event log: list events, see every delivery attempt, send one again',
    examples: ['hire events list --kind job.created', 'hire events get evt_abc123', 'hire events resend evt_abc123'],
  },
  {
    path: ['logs'],
    summary: "the local emulator's request log",
    examples: ['hire logs tail', 'hire logs tail --status 4xx --json'],
  },
  {
    path: ['auth'],
    summary: 'store, check and remove API keys',
    examples: ['hire auth login --profile prod --base-url https://api.example.com', 'hire auth status'],
  },
  {
    path: ['profiles'],
    summary: 'list, choose and remove profiles',
    examples: ['hire profiles list', 'hire profiles use sandbox'],
  },
  {
    path: ['emulator'],
    summary: 'run and drive the local emulator of the platform',
    examples: ['hire emulator start', 'hire emulator simulate --job job_abc123 --applications 50 --advance'],
  },
  {
    path: ['emulator', 'keys'],
    summary: "the emulator's API keys: levels, expiry, IP allow-lists, limits",
    examples: ['hire emulator keys create --level read', 'hire emulator keys list'],
  },
];

export const ROOT: Root = {
  summary: 'Work with the Hiring Platform API: jobs, candidates, assessments, webhooks, and a local emulator.',
  flags: Object.entries(GLOBAL_FLAGS).map(([key, spec]) => manifestFlag(key, spec)),
  groups: [
    ['Hiring:', ['status', 'jobs', 'candidates', 'assessments', 'analytics', 'webhooks', 'events']],
    ['Access:', ['auth', 'profiles', 'doctor', 'api', 'mcp']],
    ['Local platform and shell:', ['emulator', 'trigger', 'logs', 'completion']],
  ],
};

export const ROOT_HELP_AFTER = `
Examples:
  $ hire status
  $ hire jobs create --title "Backend Engineer" --description-file role.md
  $ hire candidates list --status review --score-min 80 --json

Environment:
  HIRE_PROFILE      profile to use (like --profile)
  HIRE_API_KEY      API key, overriding the profile's
  HIRE_BASE_URL     API base URL, overriding the profile's (starts no emulator)
  HIRE_CONFIG_DIR   config directory (default ~/.config/hire)
  HIRE_DATA_DIR     emulator data directory (default ~/.local/share/hire)
  HIRE_PAGER        pager for long lists and details at a terminal (then PAGER,
                    then less -FRX; empty: none, as --no-pager)
  NO_COLOR, FORCE_COLOR, CI, HTTPS_PROXY, HTTP_PROXY, NO_PROXY

Exit codes:
  0 ok · 1 API or unexpected failure · 2 usage or invalid input
  3 authentication or permission · 4 not found · 5 rate limited · 6 network
  130 interrupted
`;

/** The manifest as JSON text, put here by the build (a string: an object there would be shared with every module). */
declare const __HIRE_MANIFEST__: string | undefined;

/**
 * Every command's declaration as data: written into dist/ by the build, so that help and completion
 * load no command; from sources (tests), made by loading the registry's modules.
 */
export async function loadManifest(registry: Registry = COMMANDS): Promise<Manifest> {
  if (registry === COMMANDS && typeof __HIRE_MANIFEST__ !== 'undefined')
    return JSON.parse(__HIRE_MANIFEST__) as Manifest;
  const modules = await Promise.all(registry.map((load) => load()));
  return { commands: modules.map((module, index) => manifestOf(module.default, index)) };
}
