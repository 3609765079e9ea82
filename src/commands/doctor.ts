// hire doctor: what the profile's server is (like `gh auth status` with `brew doctor`): its address
// and TLS, the key, the rate limit, its clock, the API version, and every operation hire uses,
// offered or not. It reads only, and fixes nothing (docs/profiles.md "Checking a server: hire
// doctor"); what the profile had learned of its server is forgotten first, then learned again.
import type { Context } from '../context.js';
import { OPERATIONS, OPERATION_IDS, type OperationId } from '../domain/operations.js';
import type { DoctorCheck, DoctorReport } from '../services/doctor.js';
import { catalogueOf } from './catalogue.js';
import { defineCommand } from './define.js';
import type { TreeNode } from './manifest.js';

/** How a check's or an operation's state reads for people: a mark and a word, never the mark alone. */
const MARKS = { true: '✓', false: '✗', null: '?' } as const;
const OFFERED_WORDS = { true: 'offered', false: 'not offered', null: 'unknown' } as const;
const CHECK_LABELS: Record<string, string> = {
  address: 'Address',
  https: 'HTTPS',
  key: 'Key',
  key_level: 'Key level',
  key_expiry: 'Key expiry',
  clock: 'Clock',
  version: 'API version',
  openapi: 'OpenAPI',
  rate_limit: 'Rate limit',
  operations: 'Operations',
};

export default defineCommand({
  path: ['doctor'],
  summary:
    "check the profile's server: address and TLS, the key, rate limit, clock, API version, and which operations it offers (reads only)",
  effect: 'read',
  // Every read hire uses, asked to tell whether the server offers it; never a write.
  operations: OPERATION_IDS.filter((id) => OPERATIONS[id].method === 'GET'),
  examples: [
    'hire doctor  # forgets what hire learned of the server, then asks again',
    'hire doctor --profile prod',
    "hire doctor --json | jq '.operations[] | select(.offered == false)'",
  ],
  async run(ctx) {
    const [{ runDoctor }, { targetEnvironment }, { reachedAt }, { refuseCsv, printDocument }] = await Promise.all([
      import('../services/doctor.js'),
      import('../config/profiles.js'),
      import('./shared/address.js'),
      import('../output/document.js'),
    ]);
    refuseCsv(ctx.output, 'doctor prints a report, or one JSON document with --json; it has no CSV form.');
    const profile = await ctx.session.profile();
    const users = operationUsers(catalogueOf(ctx).tree);
    const { report, failure } = await runDoctor({
      target: {
        profile: profile.name,
        environment: targetEnvironment(profile),
        baseUrl: await reachedAt(profile, ctx.env),
      },
      connect: () => ctx.session.api(),
      usedBy: (id) => users.get(id) ?? [],
    });
    await printDocument(ctx.output, forPrograms(report), { people: () => printReport(ctx, report) });
    // The report is printed whatever failed; the failure then ends the command with its own code and hint.
    if (failure) throw failure;
  },
});

/** The commands that use each operation, from their declarations (`operations`), as typed after `hire`. */
function operationUsers(tree: TreeNode): Map<OperationId, string[]> {
  const users = new Map<OperationId, string[]>();
  const visit = (node: TreeNode) => {
    // Doctor itself asks every read: naming it beside each would say nothing.
    const declared = node.path.join(' ') === 'doctor' ? [] : (node.command?.operations ?? []);
    for (const id of declared) users.set(id, [...(users.get(id) ?? []), node.path.join(' ')]);
    node.children.forEach(visit);
  };
  visit(tree);
  return users;
}

/** The documented JSON (docs/commands.md): each operation as the OpenAPI document names it. */
function forPrograms(report: DoctorReport) {
  return {
    profile: report.profile,
    base_url: report.base_url,
    environment: report.environment,
    checks: report.checks.map(({ name, ok, detail }) => ({ name, ok, detail })),
    operations: report.operations.map(({ method, path, published, offered, commands }) => ({
      method,
      path,
      published,
      offered,
      commands,
    })),
  };
}

async function printReport(ctx: Context, report: DoctorReport): Promise<void> {
  const [{ inert, displayWidth, withoutColour }, { wrapProse }] = await Promise.all([
    import('../output/cells.js'),
    import('../output/fit.js'),
  ]);
  const paint = await ctx.painter('stdout');
  const line = (text = '') => ctx.output.line(text);
  // Piped, the lines are whole (a program reads them); at a terminal, wrapped to its width.
  const width = ctx.output.isStdoutTTY && ctx.output.columns ? ctx.output.columns : Number.POSITIVE_INFINITY;
  const mark = (ok: boolean | null) =>
    ok === true ? paint.green(MARKS.true) : ok === false ? paint.red(MARKS.false) : paint.yellow(MARKS.null);
  // Text after a label, wrapped between words under itself; an address, a date or a `command` is never split.
  const labelled = (label: string, text: string, style = (piece: string) => piece) => {
    const indent = displayWidth(withoutColour(label));
    wrapProse(inert(text), Math.max(20, width - indent)).forEach((piece, index) =>
      line(`${index === 0 ? label : ' '.repeat(indent)}${style(piece)}`),
    );
  };
  labelled(`${paint.bold('Profile')} `, `${report.profile}: ${report.environment} at ${report.base_url}`);
  line();
  line(paint.bold('Server'));
  const labelWidth = Math.max(...Object.values(CHECK_LABELS).map((label) => label.length));
  for (const check of report.checks)
    labelled(`  ${mark(check.ok)} ${checkLabel(check).padEnd(labelWidth)}  `, check.detail);
  line();
  line(paint.bold('Operations hire uses'));
  const pathWidth = Math.max(...report.operations.map((operation) => operation.path.length));
  for (const operation of report.operations) {
    const state = `${mark(operation.offered)} ${OFFERED_WORDS[`${operation.offered}`].padEnd(11)}`;
    const kind = operation.published ? 'published' : 'assumed';
    line(`  ${state} ${operation.method.padEnd(6)} ${operation.path.padEnd(pathWidth)}  ${kind}`);
    const users = operation.commands.map((command) => `\`hire ${command}\``).join(', ');
    const notes = [users ? `used by ${users}` : 'used by no command'];
    if (operation.offered !== true) notes.push(operation.how);
    labelled('      ', notes.join('; '), paint.dim);
  }
  // Only a server that answered, with the key accepted, had its operations judged (and the book rewritten).
  if (!report.checks.some((check) => check.name === 'operations')) return;
  line();
  labelled(
    '',
    'Before checking, doctor forgot what this profile had learned of its server, then recorded what its reads found not offered: commands try the rest again.',
    paint.dim,
  );
}

function checkLabel(check: DoctorCheck): string {
  return CHECK_LABELS[check.name] ?? check.name;
}
