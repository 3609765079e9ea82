// The job as a file for `jobs create --from-file` (the wizard's answers, or --save): YAML for a
// `.yaml` or `.yml` name, JSON otherwise, so that the file is what its name says (docs/commands.md).
import type { JobInput } from '../domain/job.js';

/** The text of `input` for a file named `path`; `--from-file` reads either back to the same job. */
export async function jobFileText(path: string, input: JobInput): Promise<string> {
  if (!/\.ya?ml$/i.test(path)) return `${JSON.stringify(input, null, 2)}\n`;
  // yaml is CommonJS: bundled and loaded with import(), its exports sit on `default`.
  const yaml = await import('yaml');
  const { stringify } = (yaml as unknown as { default?: typeof yaml }).default ?? yaml;
  // No line folding: a long line of the description stays one line, as it was typed.
  return stringify(input, { lineWidth: 0 });
}
