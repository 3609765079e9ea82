// The emulator's OpenAPI document passes redocly's recommended rules with no warning and no error
// (docs/emulator.md "OpenAPI description"), linted by the script `npm run lint:openapi` runs
// (scripts/lint-openapi.mjs), as a tool would read the document served at /openapi.json.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildDocument, servedDocument } from '../../src/emulator/openapi/document.js';
import { API_ROUTES } from '../../src/emulator/http/route-table.js';
import { sandbox } from '../helpers/env.js';

const SCRIPT = new URL('../../scripts/lint-openapi.mjs', import.meta.url).pathname;

/** Lints a document written to a file of the test's own; the script's exit code and what it printed. */
async function lint(document: Record<string, unknown>): Promise<{ code: number; out: string }> {
  const file = join((await sandbox()).root, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, file], { encoding: 'utf8' });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}` };
  }
}

const served = (): Record<string, any> =>
  JSON.parse(servedDocument(buildDocument(API_ROUTES), 'https://hire.example', 'production'));

describe('the OpenAPI document under redocly (recommended rules)', () => {
  it('gives no warning and no error', async () => {
    const { code, out } = await lint(served());
    expect(out).toMatch(/: 0 errors, 0 warnings\n$/);
    expect(code).toBe(0);
  });

  it('fails on a warning alone: the lint is not a rubber stamp', async () => {
    const document = served();
    delete document.tags[0].description;
    const { code, out } = await lint(document);
    expect(out).toContain('warn tag-description');
    expect(out).toMatch(/: 0 errors, 1 warnings\n$/);
    expect(code).toBe(1);
  });
});
