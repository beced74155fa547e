// What an Arabic sentence may hold in Latin letters: only values set apart by `isolate` (codes, numbers,
// ids, the file's own column names and cells, U+2066/U+2068 … U+2069). Any other Latin word is English
// left in the clerk's Arabic (issue 27: a day's work "without meeting an English word").

/**
 * Names the Arabic catalogue keeps in Latin letters, as Arabic business writing does: `نظام ERP`, a
 * `CSV` file, `Excel`, `UTF-8`, the `xlsx` and `xls` formats.
 */
const keptAcronyms = new Set(['ERP', 'CSV', 'Excel', 'XLSX', 'xlsx', 'xls', 'UTF']);

/** The Latin words of `text` outside its isolated values; empty when the sentence is wholly Arabic. */
export function englishWordsOf(text: string): string[] {
  const outside = text.replace(/[\u2066\u2067\u2068][^\u2069]*\u2069/gu, ' ');
  return (outside.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !keptAcronyms.has(word));
}

/** Whether `text` has Arabic letters at all (a sentence with none was not said in Arabic). */
export function hasArabic(text: string): boolean {
  return /\p{Script=Arabic}/u.test(text);
}
