// How deeply a value may nest objects and arrays. The API's own bodies nest 3 levels; code that
// hashes, validates or writes a value recurses, so anything deeper than this is refused first.
export const MAX_NESTING = 64;

/** Whether objects and arrays nest more than `limit` levels in value (`{}` is 1); without recursion. */
export function deeperThan(value: unknown, limit: number = MAX_NESTING): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}
