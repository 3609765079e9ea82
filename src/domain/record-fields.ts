// A record's list of field names, checked against its interface. Kept apart from the rules
// (rules.ts, zod): the record modules that list their fields load no zod.

/**
 * A record's field names, in order, checked by tsc against its interface: every key, and no other,
 * so that the list and the type cannot drift apart. `everyKey<Job>()(['id', …])`.
 */
export const everyKey =
  <T>() =>
  <const K extends readonly (keyof T & string)[]>(
    keys: K & ([Exclude<keyof T, K[number]>] extends [never] ? unknown : { missing: Exclude<keyof T, K[number]> }),
  ): K =>
    keys;
