/** commander argParser for repeatable flags (`--skill go --skill rust`). */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
