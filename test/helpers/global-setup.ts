// The smoke tests spawn the built bin/hire.js, so the suite builds it first (esbuild: ~1 s).
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
