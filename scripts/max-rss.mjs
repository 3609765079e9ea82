// Loaded with `node --import` by the benchmark: writes the process's peak RSS (KiB) at exit to
// the file named by HIRE_BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.HIRE_BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
