#!/usr/bin/env node
// The launcher: everything else is in the built entry (npm run build).
import { setFlagsFromString } from 'node:v8';

// undici parses HTTP with WebAssembly; V8's optimising tier compiles it in the background and the
// process waits for that at exit. The baseline tier alone is plenty for a CLI (STYLE.md, "Fast start").
setFlagsFromString('--liftoff-only');

const { run } = await import('../dist/cli.js');
await run();
