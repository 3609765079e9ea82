// The book of what a server does not offer (offered.ts decides; this is only what it writes in):
// apart from offered.ts so that the client, which holds a book, does not import the decision that
// uses the client.
import type { OperationId } from '../domain/operations.js';

/** What a client knows of its server's assumed operations; the CLI's is kept per profile (src/connection/connect.ts). */
export interface OfferedBook {
  /** The server is known not to offer the operation. */
  isNotOffered(operation: OperationId): boolean;
  /** Records that it does not (best effort: a book that cannot be written is only a slower next time). */
  learnNotOffered(operation: OperationId): Promise<void>;
  /** What it knows now, and then forgets it (`hire doctor` asks again). */
  forget(): Promise<OperationId[]>;
}

/** A book kept for the client's life alone (the library without a profile, tests). */
export function memoryBook(known: Iterable<OperationId> = []): OfferedBook {
  const notOffered = new Set(known);
  return {
    isNotOffered: (operation) => notOffered.has(operation),
    learnNotOffered: async (operation) => {
      notOffered.add(operation);
    },
    forget: async () => {
      const known = [...notOffered];
      notOffered.clear();
      return known;
    },
  };
}
