// The server's clock as its Date headers show it: where it stands, and how fast it runs against
// ours. X-RateLimit-Reset is the server's Unix time, so a reset is judged and waited for by this
// clock. A server whose clock runs N times faster (the emulator's --clock-scale) has windows N
// times shorter in this process's time. Only a server on this machine (the emulator) is believed
// to run fast: from a few Dates a fast clock cannot be told from one that jumped, and a remote
// server's Date must not shorten the waits it asks for.
//
// A Date far from every other answer's (one bad server behind a balancer, or a forged header) is
// not believed: the answer that carries it says nothing about the budget.
//
// An answer may come back long after the server wrote its Date (a loaded machine: at 3600× a
// 300 ms delay is five server minutes). All that is known is that the Date was written between
// the request's sending and its answer's arrival, so every estimate takes the side that waits
// longer: the rate is the slowest those spans allow (earliest Date as late as it can be, the
// latest as early), and the server's time now is counted from the latest Date as if written on
// arrival. A wait so judged never ends before the server's clock shows its end, however late the
// answers were; a late answer only makes it longer.

/**
 * The fastest a server's clock is believed to run against ours (a day in under a second); the
 * emulator's --clock-scale is bounded by it (config/emulator-clock.ts), so that its every window
 * is understood.
 */
export const MAX_CLOCK_SCALE = 100_000;

/** Server seconds of observation before a clock rate other than 1 is believed (Date has 1 s steps). */
const RATE_BASELINE_MS = 10_000;
/** How far one Date may stray from the line of the others (servers' clocks differ a little). */
const DATE_TOLERANCE_MS = 60_000;

interface Point {
  /** When the answer arrived (local ms). */
  local: number;
  /** When its request was sent (local ms): the server wrote the Date between the two. */
  sent: number;
  /** The Date (server ms, whole seconds). */
  server: number;
}

export class ServerClock {
  #first: Point | undefined;
  #latest: Point | undefined;
  /** A Date that did not fit: believed once another comes that fits it (the server's clock was set). */
  #outlier: Point | undefined;
  readonly #localNow: () => number;
  readonly #mayRunFast: boolean;

  /**
   * `localNow`: this process's clock (ms), the client's one clock. `mayRunFast`: the server is on
   * this machine (loopback), where an emulator may run its clock faster; elsewhere the rate is 1.
   */
  constructor(localNow: () => number, options: { mayRunFast?: boolean } = {}) {
    this.#localNow = localNow;
    this.#mayRunFast = options.mayRunFast ?? false;
  }

  /**
   * Takes an answer's Date; false when there is none to believe (missing, garbage, far from the
   * others). `sentAt`: when its request was sent (local ms); without it, the answer is taken as
   * written the moment it arrived.
   */
  observe(dateHeader: string | undefined, sentAt?: number): boolean {
    if (!dateHeader) return false;
    const server = Date.parse(dateHeader);
    if (Number.isNaN(server)) return false;
    const local = this.#localNow();
    const point = { local, sent: Math.min(local, sentAt ?? local), server };
    const scale = this.#mayRunFast ? MAX_CLOCK_SCALE : 1;
    if (this.#latest && !fits(this.#latest, point, scale)) {
      const outlier = this.#outlier;
      this.#outlier = point;
      if (!outlier || !fits(outlier, point, scale)) return false;
      // Two in a row that agree with each other: the server's clock moved; measure again from here.
      this.#first = outlier;
    }
    this.#outlier = undefined;
    this.#first ??= point;
    // A clock that went back a little (another server behind a balancer): start measuring again.
    // An answer to a request sent before the latest one's was answered may carry an earlier Date.
    if (this.#latest && server < this.#latest.server && point.sent >= this.#latest.local) this.#first = point;
    this.#latest = point;
    return true;
  }

  /**
   * Server ms per local ms: 1 unless measured clearly faster over a long enough span. Date headers
   * have whole seconds, so the span may be a second shorter than it reads, and the first Date may
   * have been written as early as its request was sent, the latest as late as its answer came:
   * the slowest rate they allow is taken, so that waits end late rather than early (a request
   * sent before the reset would be a 429).
   */
  get rate(): number {
    if (!this.#mayRunFast || !this.#first || !this.#latest) return 1;
    const serverSpan = this.#latest.server - this.#first.server;
    const localSpan = this.#latest.local - this.#first.sent;
    if (serverSpan < RATE_BASELINE_MS || localSpan <= 0) return 1;
    const slowest = (serverSpan - 1_000) / localSpan;
    return slowest < 1.25 ? 1 : Math.min(MAX_CLOCK_SCALE, slowest);
  }

  /** The server's time now (ms), at least (see the rate); undefined before any Date header. */
  now(): number | undefined {
    if (!this.#latest) return undefined;
    return this.#latest.server + (this.#localNow() - this.#latest.local) * this.rate;
  }

  /** Local ms until the server's clock shows this Unix time (seconds); 0 when past. */
  localMsUntil(serverSeconds: number): number {
    const now = this.now() ?? this.#localNow();
    return Math.max(0, (serverSeconds * 1000 - now) / this.rate);
  }
}

/**
 * Whether `b` can follow `a` on one server's clock, running at most `scale` times faster than ours:
 * each Date was written between its request's sending and its answer's arrival.
 */
function fits(a: Point, b: Point, scale: number): boolean {
  const serverSpan = b.server - a.server;
  const longest = Math.max(0, b.local - a.sent);
  const mostBefore = Math.max(0, a.local - b.sent);
  return serverSpan >= -mostBefore * scale - DATE_TOLERANCE_MS && serverSpan <= longest * scale + DATE_TOLERANCE_MS;
}
