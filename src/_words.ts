// Counts in words for people: "1 tool", "2 tools".

/** `count` and `noun`, the noun in the plural (with an s) unless the count is one. */
export function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
