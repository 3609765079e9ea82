// Whether a key can be sent at all, checked before any request.
import { UsageError } from '../errors.js';

/**
 * Where a key came from, for the message when it cannot be sent: HIRE_API_KEY or a profile; a profile
 * of the local emulator (`emulator`) got its key from `hire emulator keys create`, not a dashboard.
 */
export type ApiKeySource = { env: string } | { profile: string; emulator?: boolean };

/**
 * A key is sent in the Authorization header, which carries neither line breaks nor characters
 * beyond Latin-1 (undici refuses them, and retrying cannot help): an input error, before any
 * request, that says what is wrong and where the key came from, never the key (docs/profiles.md "Keys stay secret").
 */
export function checkKeySendable(apiKey: string, source: ApiKeySource | undefined): void {
  const chars = [...apiKey];
  const index = chars.findIndex((char) => /[^\x20-\x7e\xa0-\xff]/.test(char));
  if (index < 0) return;
  const char = chars[index]!;
  const kind = /[\r\n]/.test(char)
    ? 'a line break'
    : char.codePointAt(0)! > 0xff
      ? 'a character outside Latin-1'
      : 'a control character';
  const [where, hint] =
    source === undefined
      ? ['The API key', 'Use the key exactly as the dashboard shows it.']
      : 'env' in source
        ? [`The API key in ${source.env}`, `Set ${source.env} to the key exactly as the dashboard shows it.`]
        : [
            `The API key stored in profile "${source.profile}"`,
            `Store it again, exactly as ${source.emulator ? '`hire emulator keys create` printed it' : 'the dashboard shows it'}: \`hire auth login --profile ${source.profile}\`.`,
          ];
  throw new UsageError(`${where} contains ${kind} (character ${index + 1}), which cannot be sent in an HTTP header.`, {
    code: 'invalid_api_key',
    hint,
  });
}
