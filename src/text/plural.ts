// Counts in messages: "1 row", "2 rows", never "1 rows". Plain text, for output/ and the services alike.

/** `count` and the noun in the form that count takes: plural(1, 'row') → "1 row"; plural(2, 'delivery') → "2 deliveries". */
export function plural(count: number, one: string, many: string = pluralOf(one)): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The regular English plural of a noun: row → rows, delivery → deliveries, match → matches. */
export function pluralOf(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** The singular of a regular plural noun (a list's "deliveries" → "delivery"), for counts of one. */
export function singularOf(noun: string): string {
  if (/[^aeiou]ies$/.test(noun)) return `${noun.slice(0, -3)}y`;
  if (/(s|x|z|ch|sh)es$/.test(noun)) return noun.slice(0, -2);
  return noun.replace(/s$/, '');
}
