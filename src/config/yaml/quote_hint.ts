// The advice for a number or boolean where a string is wanted, in the words the author wrote:
// YAML 1.1 reads `yes` as true and `0755` as 493, and "quote it: "493"" would not be what they
// meant.

/**
 * What follows "got <value>" when a string was expected: how YAML read the text, if it reads
 * otherwise than it is written, and the text to write instead, quoted.
 */
export function quoteHint(value: number | boolean, written: string | undefined): string {
  const shown = String(value);
  const reading = written === undefined || written === shown
    ? ""
    : ` (YAML reads ${written} as ${shown})`;
  return `${reading}; quote it to make it a string: ${JSON.stringify(written ?? shown)}`;
}
