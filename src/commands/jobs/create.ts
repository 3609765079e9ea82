// hire jobs create: from flags, from --from-file (JSON or YAML, - for stdin), or both (flags win);
// at a terminal with a required field missing (or with -i), the wizard asks for the rest.
import { writeFile } from 'node:fs/promises';
import { createJob } from '../../api/jobs.js';
import { validateJobDraft, validateJobInput, type JobInput } from '../../domain/job-schema.js';
import { InterruptedError, UsageError } from '../../errors.js';
import { inert } from '../../output/cells.js';
import { printRecord } from '../../output/render.js';
import { withSpinner } from '../../output/spinner.js';
import { suggester } from '../suggest.js';
import { showNextSteps } from '../shared/next-steps.js';
import { defineCommand, flag } from '../define.js';
import { JOB_DETAIL_COLUMNS } from './columns.js';
import { JOB_INPUT_FLAGS } from './job-flags.js';
import { gatherJobFields } from './job-input.js';
import { confirmProductionWrite, noPromptReason } from '../shared/confirm.js';
import { printJson } from '../../output/document.js';

export default defineCommand({
  path: ['jobs', 'create'],
  summary: 'create a job posting (POST /jobs)',
  effect: 'write',
  operations: ['createJob'],
  flags: {
    fromFile: flag.string({
      value: 'file',
      file: 'read',
      help: 'read the job from a JSON or YAML file (- for stdin); flags override it',
    }),
    dryRun: flag.boolean({ help: 'validate and print the request body without sending it' }),
    interactive: flag.boolean({
      short: '-i',
      help: 'ask for the job in a wizard (also what happens at a terminal when --title or --description is missing)',
    }),
    save: flag.string({
      value: 'file',
      file: 'write',
      help: 'save the job for --from-file before sending it: YAML for a .yaml or .yml name, JSON otherwise',
    }),
    ...JOB_INPUT_FLAGS,
  },
  examples: [
    'hire jobs create    # at a terminal: the wizard asks for everything',
    'hire jobs create --title "Backend Engineer" --description-file role.md',
    'hire jobs create --from-file job.yaml --question-count 12 --json',
  ],
  async run(ctx, flags) {
    const gathered = await gatherJobFields(ctx, flags);
    const missing = gathered.fields.title === undefined || gathered.fields.description === undefined;
    if (flags.interactive && !ctx.canPrompt) {
      throw new UsageError('--interactive needs a terminal (stdin and stderr), outside CI and without --no-input.', {
        hint: `No wizard: ${noPromptReason(ctx)}. Pass the job as flags (--title, --description or --description-file) or --from-file FILE.`,
      });
    }
    let input: JobInput;
    let savePath = flags.save;
    let wizard = false;
    if (flags.interactive || (missing && ctx.canPrompt)) {
      // What flags and the file gave must be valid before anything is asked.
      gathered.check(validateJobDraft);
      const { terminalAsker } = await import('../../wizard/prompts.js');
      const { askForJob } = await import('../../wizard/flow.js');
      // The wizard's last question is the production guard too: one question, naming production.
      // A profile that cannot be read fails later, as without the wizard (after the answers are saved).
      const where = flags.dryRun ? '' : await ctx.session.whereWritten().catch(() => '');
      // Where the job will go is named before the first question (docs/output.md "The environment line").
      await ctx.session.nameEnvironment().catch(() => undefined);
      const terminal = terminalAsker(ctx);
      let result;
      try {
        result = await askForJob(terminal.asker, gathered.fields, {
          ...(flags.save !== undefined ? { savePath: flags.save } : {}),
          where,
        });
      } finally {
        terminal.dispose();
      }
      if (!result) throw new InterruptedError('Cancelled: nothing was sent.');
      input = result.input;
      savePath = result.savePath;
      wizard = true;
    } else {
      input = gathered.check(validateJobInput);
    }
    if (savePath !== undefined) {
      // Saved before sending, so the answers survive a failed request; YAML or JSON as the name says.
      await writeFile(savePath, await (await import('../../wizard/save.js')).jobFileText(savePath, input));
      const again = (await suggester(ctx))(['jobs', 'create'], { flags: { fromFile: savePath } });
      ctx.messages.notice(`Saved the job to ${savePath}; \`${again}\` makes it again.`);
    }
    if (flags.dryRun) {
      printJson(ctx.output, input);
      ctx.messages.notice('Dry run: the job is valid; nothing was sent.');
      return;
    }
    if (!wizard && !(await confirmProductionWrite(ctx, `Create job "${input.title}"`))) return;
    const client = await ctx.session.api();
    const generating = input.assessment_config?.auto_generate !== false;
    const { job, generationMs } = await withSpinner(
      ctx.output,
      generating ? 'Generating assessment…' : 'Creating job…',
      () => createJob(client, input),
    );
    const extra: [string, string][] =
      generationMs === undefined ? [] : [['assessment_generation_time', `${generationMs} ms`]];
    await printRecord(ctx.output, job, JOB_DETAIL_COLUMNS, extra);
    await ctx.session.announceWrite(`Created job ${String(job.id)}`);
    if (wizard) {
      const id = inert(String(job.id));
      const suggest = await suggester(ctx);
      showNextSteps(ctx, [
        job.status === 'active'
          ? suggest(['candidates', 'list'], { flags: { job: id } })
          : suggest(['jobs', 'publish'], { args: [id] }),
        suggest(['webhooks', 'add'], {
          flags: { url: 'https://example.com/hooks', event: 'application.received' },
        }),
        suggest(['jobs', 'get'], { args: [id] }),
      ]);
    }
  },
});
