// The send loop: one request, attempted until its policies are done with it. What happens between
// attempts is the policies' (docs/api-choices.md §6 and §7): the retry policy (retry.ts) decides
// whether an answer or a failure is tried again, and after how long; in bulk work the pacer
// (pacer.ts) first admits every attempt and waits out a 429 without spending a retry. The loop
// knows neither: it asks each policy in turn, and the first that decides, decides.
import type { RawResponse } from './transport.js';

/** One request across its attempts. */
export interface RequestState {
  readonly method: string;
  /** Retries spent so far; a wait the pacer holds a request for is not one. */
  retries: number;
  /** Ends this request's waits (and its attempt) when it aborts: its caller stopped (an MCP call cancelled). */
  readonly signal?: AbortSignal | undefined;
}

/**
 * `again`: attempt once more (the policy has waited what it wanted); `done`: the loop ends (with
 * the answer, or by throwing the failure); `pass`: not this policy's to decide, ask the next.
 */
export type Verdict = 'again' | 'done' | 'pass';

export interface AttemptPolicy {
  /** Before every attempt: resolves when it may go out. */
  beforeAttempt(request: RequestState): Promise<void>;
  /** An attempt ended without an answer (`error`). Called synchronously as it ends. */
  afterFailure(error: unknown, request: RequestState): Promise<Verdict>;
  /**
   * An answer came. Called synchronously as it arrives, after `observe`, so that what the first
   * policy decides (a 429 that holds every request) holds before any other request learns of it.
   */
  afterAnswer(response: RawResponse, request: RequestState): Promise<Verdict>;
}

export interface SendLoop {
  method: string;
  /** The request's own stop, beside the client's: see RequestState. */
  signal?: AbortSignal | undefined;
  /** The policies, asked in this order; none deciding means `done`. */
  policies: readonly AttemptPolicy[];
  /** One attempt: the answer as received, or the failure (a NetworkError for the network). */
  attempt(): Promise<RawResponse>;
  /** Sees every answer first (the budget, deprecations), before any policy. */
  observe(response: RawResponse): void;
}

/** Attempts `loop` until a policy is done with it: the last answer, or the last failure thrown. */
export async function runSendLoop(loop: SendLoop): Promise<RawResponse> {
  const request: RequestState = { method: loop.method, retries: 0, signal: loop.signal };
  let unanswered = 0;
  for (;;) {
    for (const policy of loop.policies) await policy.beforeAttempt(request);
    let response: RawResponse;
    try {
      response = await loop.attempt();
    } catch (error) {
      if ((await decide(loop.policies, (policy) => policy.afterFailure(error, request))) !== 'again') throw error;
      // A refused connection never reached the server; any other lost attempt may have done the work.
      if ((error as { code?: unknown }).code !== 'connection_refused') unanswered += 1;
      continue;
    }
    if (unanswered > 0) response = { ...response, unanswered };
    loop.observe(response);
    const answer = response;
    if ((await decide(loop.policies, (policy) => policy.afterAnswer(answer, request))) !== 'again') return response;
  }
}

/** The first verdict that is not `pass`. The first policy is asked synchronously. */
async function decide(
  policies: readonly AttemptPolicy[],
  ask: (policy: AttemptPolicy) => Promise<Verdict>,
): Promise<Exclude<Verdict, 'pass'>> {
  for (const policy of policies) {
    const verdict = await ask(policy);
    if (verdict !== 'pass') return verdict;
  }
  return 'done';
}
