// Times as a person at a terminal reads them: "3 min ago", "in 2 days", a date beyond four weeks.
// Piped and --json output keep the API's ISO timestamps; only drawn tables use this.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Beyond this, "41 days ago" says less than the date does. */
const RELATIVE_LIMIT = 28 * DAY;
const ISO_TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d)(?:[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?)?$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An ISO timestamp relative to `now` (ms); text that is no timestamp is returned as it is. */
export function relativeTime(text: string, now: number): string {
  // Only a whole ISO timestamp whose day exists: Date.parse reads "2024-02-30" as Mar 1 and
  // "1970-01-01junk" as Jun 1, so a server's bogus value would be shown as a date it is not.
  const iso = ISO_TIMESTAMP.exec(text);
  const at = iso ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) return text;
  const day = new Date(0);
  day.setUTCFullYear(Number(iso![1]), Number(iso![2]) - 1, Number(iso![3]));
  if (day.getUTCMonth() !== Number(iso![2]) - 1 || day.getUTCDate() !== Number(iso![3])) return text;
  const ago = now - at;
  const span = Math.abs(ago);
  if (span >= RELATIVE_LIMIT) {
    const date = new Date(at);
    const day = `${MONTHS[date.getMonth()]} ${date.getDate()}`;
    return date.getFullYear() === new Date(now).getFullYear() ? day : `${day} ${date.getFullYear()}`;
  }
  const say = (count: number, unit: string, plural = `${unit}s`) => {
    const amount = `${count} ${count === 1 ? unit : plural}`;
    return ago >= 0 ? `${amount} ago` : `in ${amount}`;
  };
  if (span < MINUTE) return ago >= 0 ? 'just now' : 'in <1 min';
  if (span < HOUR) return say(Math.floor(span / MINUTE), 'min', 'min');
  if (span < DAY) return say(Math.floor(span / HOUR), 'hour');
  const days = Math.floor(span / DAY);
  if (days === 1) return ago >= 0 ? 'yesterday' : 'tomorrow';
  return say(days, 'day');
}
