// How often one address may use the public pages: they take no key, so the address is
// all there is to count by. Views (GET, HEAD) and form posts are counted apart, each in a window of
// a minute on the emulator's clock; past either, the page is a 429 with Retry-After.
//
// Kept in memory, per emulator process: the pages are served by the standing emulator (commands'
// in-process emulators serve the API only), so one process sees every page request; counting
// there costs no write to the database, which a flood of views would otherwise turn into a flood
// of write transactions. A restart forgets the counts: at worst one more minute's allowance.

export interface PageLimits {
  /** Page views (GET and HEAD) an address may make per window. */
  views: number;
  /** Form posts (applications and answers) an address may make per window. */
  posts: number;
  windowMs: number;
}

export const PAGE_LIMITS: Readonly<PageLimits> = { views: 120, posts: 10, windowMs: 60_000 };

/** Beyond this many addresses counted, windows that have ended are forgotten before a new one is added. */
const SWEEP_AT = 10_000;

interface Window {
  start: number;
  count: number;
}

export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number };

export class PageLimiter {
  readonly #windows = new Map<string, Window>();

  constructor(
    private readonly now: () => Date,
    readonly limits: Readonly<PageLimits> = PAGE_LIMITS,
  ) {}

  /** Counts one request of this kind from this address, if its window has room. */
  take(address: string, kind: 'views' | 'posts'): Admission {
    const now = this.now().getTime();
    const id = `${kind} ${address}`;
    let window = this.#windows.get(id);
    if (!window || now >= window.start + this.limits.windowMs || now < window.start) {
      if (!window && this.#windows.size >= SWEEP_AT) this.#sweep(now);
      window = { start: now, count: 0 };
      this.#windows.set(id, window);
    }
    if (window.count >= this.limits[kind]) {
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((window.start + this.limits.windowMs - now) / 1000)),
      };
    }
    window.count += 1;
    return { ok: true };
  }

  #sweep(now: number): void {
    for (const [id, window] of this.#windows) if (now >= window.start + this.limits.windowMs) this.#windows.delete(id);
  }
}
