// A count with its noun, for the screens' running text: English only. Words said from the catalogue
// write their plurals as ICU messages instead (`{count, plural, one {# row} other {# rows}}`, and
// Arabic's six forms: docs/decisions/106-the-clerks-language.md); this stays for the screens whose
// words have not moved into the catalogue yet, and goes when the last of them has.

/** "1 row", "2 rows", "0 rows": the noun is singular for exactly one. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
