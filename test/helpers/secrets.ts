import type { Captured } from './capture.js';

// Secret hygiene: API keys and webhook signing secrets must never reach stdout or stderr, except
// where the contract prints them once on purpose (`emulator keys create`, `webhooks add` without
// --secret-stdin, which shows the secret it was given or generated).
export const apiKey = /hk_(?:local|test|live)_[A-Za-z0-9]{16,}/g;
export const signingSecret = /whsec_[A-Za-z0-9+/=]{20,}/g;

export const mask = (secret: string): string => `${secret.slice(0, 8)}…(${secret.length} chars)`;

export function leaks(record: Captured): string[] {
  const argv = record.argv;
  const found: string[] = [];
  const printsKeyOnPurpose = argv.includes('keys') && argv.includes('create');
  const printsSecretOnPurpose =
    argv.includes('webhooks') &&
    ((argv.includes('add') && !argv.includes('--secret-stdin')) || argv.includes('--print-secret'));
  for (const [stream, text] of [
    ['stdout', record.stdout],
    ['stderr', record.stderr],
  ] as const) {
    if (!printsKeyOnPurpose)
      for (const match of text.matchAll(apiKey)) found.push(`${stream}: API key ${mask(match[0])}`);
    if (!printsSecretOnPurpose)
      for (const match of text.matchAll(signingSecret)) found.push(`${stream}: signing secret ${mask(match[0])}`);
  }
  return found;
}
