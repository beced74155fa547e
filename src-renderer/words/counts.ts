// A count with its noun, for the screens' running text.

/** "1 row", "2 rows", "0 rows": the noun is singular for exactly one. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
