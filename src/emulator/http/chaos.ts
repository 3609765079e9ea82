// Fault injection (docs/emulator.md "Faults, for tests"): a fraction of requests is answered
// 5xx or 429, delayed, dropped before or after being processed, or cut off mid-body. Seeded, so
// the same seed and the same sequence of requests give the same faults.
import { seededRandom } from '../platform/random.js';

export const FAULTS = ['error', 'rate_limit', 'latency', 'drop_before', 'drop_after', 'truncate'] as const;
export type Fault = (typeof FAULTS)[number];

export interface ChaosOptions {
  /** The fraction of requests that get a fault, 0 to 1. */
  rate: number;
  seed?: number;
  /** Relative weights of the kinds of fault (all 1 by default). */
  weights?: Partial<Record<Fault, number>>;
  /** The delay added by a `latency` fault, in ms (a random amount up to this). */
  maxLatencyMs?: number;
}

export interface Chaos {
  /** The fault for the next request, if it gets one. */
  next(): { fault: Fault; latencyMs: number } | undefined;
  /** How many requests got each fault so far. */
  readonly counts: Readonly<Record<Fault, number>>;
}

export function createChaos(options: ChaosOptions): Chaos {
  const random = seededRandom(options.seed ?? 1);
  const weights = FAULTS.map((fault) => Math.max(0, options.weights?.[fault] ?? 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const counts = Object.fromEntries(FAULTS.map((fault) => [fault, 0])) as Record<Fault, number>;
  const maxLatency = options.maxLatencyMs ?? 800;
  return {
    counts,
    next() {
      // Three draws for every request, fault or not, so that the sequence depends only on the seed.
      const roll = random();
      const kind = random() * total;
      const size = random();
      if (roll >= options.rate || total === 0) return undefined;
      let left = kind;
      const index = weights.findIndex((weight) => (left -= weight) < 0);
      const fault = FAULTS[index === -1 ? FAULTS.length - 1 : index]!;
      counts[fault] += 1;
      return { fault, latencyMs: Math.round(50 + size * maxLatency) };
    },
  };
}

/** `--chaos-weights error=2,latency=1` → weights. */
export function parseWeights(text: string): Partial<Record<Fault, number>> | undefined {
  const weights: Partial<Record<Fault, number>> = {};
  for (const part of text.split(',')) {
    const [name, value] = part.split('=').map((piece) => piece.trim());
    const weight = Number(value);
    if (!(FAULTS as readonly string[]).includes(name!) || !Number.isFinite(weight) || weight < 0) return undefined;
    weights[name as Fault] = weight;
  }
  return weights;
}
