// `emulator keys list`: the local key's real creation time (its file's, so that older data dirs show
// it too), ISO in --json, relative in a drawn table.
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, runCli } from '../helpers/cli.js';
import { sandbox } from '../helpers/env.js';

type Rec = Record<string, any>;

describe('emulator keys list dates', () => {
  it('key_local was created when its data dir made it, not in 1970', async () => {
    const box = await sandbox();
    const before = Date.now() - 1000; // file times may be rounded down to the second
    const first = await runCli(['emulator', 'keys', 'list', '--json'], { env: box.env });
    expect(first.code, first.stderr).toBe(0);
    const local = json<Rec[]>(first).find((key) => key.id === 'key_local')!;
    expect(Date.parse(local.created_at)).toBeGreaterThanOrEqual(before);
    expect(local.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // A data dir made three days ago (before key_local had a date) shows that day.
    const made = new Date(Date.now() - 3 * 86_400_000 - 60_000);
    utimesSync(join(box.dataDir, 'local.key'), made, made);
    const again = json<Rec[]>(await runCli(['emulator', 'keys', 'list', '--json'], { env: box.env }));
    const shown = Date.parse(again.find((key) => key.id === 'key_local')!.created_at);
    expect(Math.abs(shown - made.getTime())).toBeLessThan(1000); // file systems may keep whole seconds

    const drawn = await runCli(['emulator', 'keys', 'list'], { env: box.env, tty: true, columns: 80 });
    expect(drawn.stdout).toMatch(/│ key_local +│ .*│ 3 days ago +│(?:.*│)? just now +│/);
    const piped = await runCli(['emulator', 'keys', 'list'], { env: box.env });
    expect(piped.stdout.split('\n')[0]).toMatch(/^key_local\t.*\t\d{4}-\d\d-\d\dT[\d:.]+Z\t/);
  });
});
