// What hire learned of a profile's server: the assumed operations (src/domain/operations.ts) it
// answered as not offered. Kept per profile with the base URL that told, so that the next command
// goes straight to the published way; another address (HIRE_BASE_URL, a new login) starts afresh,
// and `hire doctor` forgets it before it checks (docs/api-choices.md "Running against a real platform").
import type { OfferedBook } from '../api/offered-book.js';
import { OPERATIONS, type OperationId } from '../domain/operations.js';
import { dictionaryOf } from '../domain/merge.js';
import type { Env } from './paths.js';
import { readConfig, type ConfigFile } from './profiles.js';
import { updateConfig } from './store.js';

/** The operations this profile's server, at this base URL, is known not to offer. */
export function notOffered(config: ConfigFile, profile: string, baseUrl: string): Set<OperationId> {
  const entry = config.learned?.[profile];
  if (!entry || entry.base_url !== baseUrl) return new Set();
  return new Set(entry.not_offered.filter((id): id is OperationId => Object.hasOwn(OPERATIONS, id)));
}

/** Records that the server does not offer the operation (kept until forgotten or the address changes). */
export async function learnNotOffered(env: Env, profile: string, baseUrl: string, id: OperationId): Promise<void> {
  await updateConfig(env, (config) => {
    const known = notOffered(config, profile, baseUrl);
    if (known.has(id)) return;
    known.add(id);
    // Without a prototype, as the config keeps it: a profile named `__proto__` is a key too.
    const learned = dictionaryOf(config.learned);
    learned[profile] = { base_url: baseUrl, not_offered: [...known].sort() };
    config.learned = learned;
  });
}

/** Forgets what was learned of the profile's server. */
export async function forgetLearned(env: Env, profile: string): Promise<void> {
  await updateConfig(env, (config) => {
    if (!config.learned?.[profile]) return;
    const rest = dictionaryOf(config.learned);
    delete rest[profile];
    config.learned = rest;
  });
}

/**
 * The CLI's book for a connection (src/connection/connect.ts): what the profile's server, at this
 * base URL, is known not to offer, read once; written as the client learns; forgotten by doctor.
 */
export function profileBook(env: Env): (profile: string, baseUrl: string) => Promise<OfferedBook> {
  return async (profile, baseUrl) => {
    const known = notOffered(readConfig(env), profile, baseUrl);
    return {
      isNotOffered: (operation) => known.has(operation),
      async learnNotOffered(operation) {
        if (known.has(operation)) return;
        known.add(operation);
        await learnNotOffered(env, profile, baseUrl, operation);
      },
      async forget() {
        const forgotten = [...known];
        known.clear();
        await forgetLearned(env, profile);
        return forgotten;
      },
    };
  };
}
