// How a field's place is written in every message that names one: `location.city`, `skills[2]`
// (the domain's rules, the config file's shape).

/** `location.city`, `skills[2]`; `body` for the whole value. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || 'body';
}
