// Durations and times as flags take them: `90d`, `12h`, `30m`, `45s`; a time as an ISO date or
// time, or as a duration ago (`--since 1h`).

/** `90d`, `12h`, `30m`, `45s` → seconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)\s*([smhd])$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * { s: 1, m: 60, h: 3_600, d: 86_400 }[match[2] as 's' | 'm' | 'h' | 'd'];
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A moment as a function of now (so that `1h` is an hour before the request is made), or undefined. */
export function parseMoment(text: string): ((now: number) => string) | undefined {
  const seconds = parseDuration(text);
  if (seconds !== undefined) return (now) => new Date(now - seconds * 1000).toISOString();
  if (!ISO_TIME.test(text.trim())) return undefined;
  const at = Date.parse(text.trim());
  if (Number.isNaN(at)) return undefined;
  const iso = new Date(at).toISOString();
  return () => iso;
}
