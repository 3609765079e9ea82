// Runs before `npm test` (npm's pretest): the suite drives the built binary in a real terminal
// (tmux), runs the completion scripts in bash, zsh and fish, runs the first-run smoke test in a
// network namespace of its own (unshare, ip), the README's examples (jq, openssl) and the
// candidate's application page in headless Chromium (Debian's, driven by playwright-core), and
// renders the installed man pages (man-db, groff), and keeps API keys in a real Secret Service
// (GNOME Keyring on a D-Bus session bus of the test's own, checked with secret-tool). What is missing is installed with apt-get when
// we are root on a machine that has it; otherwise this stops at once with one line naming what to
// install.
import { spawnSync } from 'node:child_process';

/** command → the Debian package that brings it */
const TOOLS = {
  tmux: 'tmux',
  bash: 'bash',
  zsh: 'zsh',
  fish: 'fish',
  jq: 'jq',
  openssl: 'openssl',
  unshare: 'util-linux',
  ip: 'iproute2',
  chromium: 'chromium',
  // The package test reads the installed man pages with man (man-db), which renders with groff.
  man: 'man-db',
  groff: 'groff-base',
  // The keychain test (test/e2e/keychain.test.ts): a session bus, the Secret Service on it, and
  // secret-tool to look in it without hire.
  'dbus-daemon': 'dbus-daemon',
  'gnome-keyring-daemon': 'gnome-keyring',
  'secret-tool': 'libsecret-tools',
};

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const missing = () => Object.keys(TOOLS).filter((command) => !has(command));

let absent = missing();
if (absent.length === 0) process.exit(0);

const packages = [...new Set(absent.map((command) => TOOLS[command]))];
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && has('apt-get')) {
  process.stderr.write(`The tests need ${absent.join(', ')}: installing ${packages.join(' ')} with apt-get.\n`);
  const run = (args) =>
    spawnSync('apt-get', args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['update']);
  run(['install', '-y', '--no-install-recommends', ...packages]);
  absent = missing();
  if (absent.length === 0) process.exit(0);
}
const need = [...new Set(absent.map((command) => TOOLS[command]))].join(' ');
process.stderr.write(
  `The tests need ${absent.join(', ')}, which this machine lacks: install them (Debian/Ubuntu: sudo apt-get install ${need}).\n`,
);
process.exit(1);
