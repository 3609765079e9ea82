// Not a command: how `auth login` and `auth status` show a key's rate-limit window.

/** ` until 15:00 UTC` (or a date, when the window is a day or more): the window the server reports (the one nearest to running out). */
export function untilReset(reset: number | undefined): string {
  if (reset === undefined || !Number.isFinite(reset)) return '';
  const at = new Date(reset * 1000);
  if (Number.isNaN(at.getTime())) return '';
  const time = at.toISOString().slice(11, 16);
  return reset * 1000 - Date.now() > 86_400_000
    ? ` until ${at.toISOString().slice(0, 10)} ${time} UTC`
    : ` until ${time} UTC`;
}
