// Why a file cannot be read: a problem from the shared reader (src-shared/domain/master-data/text.ts
// `FileProblem`), said here in English as the readers said it before, and in Arabic with no English word
// but the names of file formats (CSV, Excel, UTF-8) and the numbers, set apart.
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FileProblem } from '../../../src-shared/domain/master-data';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { fileProblemWords } from '../../../src-renderer/words/file-problem-words';
import { englishWordsOf, hasArabic } from '../support/arabic-words';

const problems: FileProblem[] = [
  { code: 'empty' },
  { code: 'no-rows' },
  { code: 'xlsx-as-csv' },
  { code: 'old-xls' },
  { code: 'excel-unreadable' },
  { code: 'no-sheets' },
  { code: 'workbook-without-sheet' },
  { code: 'binary' },
  { code: 'not-utf8' },
  { code: 'unclosed-quote', line: 2 },
  { code: 'too-many-rows', rows: 20_001, most: 20_000, of: 'import' },
  { code: 'too-many-rows', rows: 250_001, most: 250_000, of: 'register' },
];

describe("a file's problem in the clerk's words", () => {
  it('says each problem in English', () => {
    expect(problems.map(fileProblemWords)).toEqual([
      'The file is empty.',
      'The file has no rows.',
      'This is a spreadsheet (XLSX), not a CSV file. Choose it as an Excel file.',
      'This is an old Excel file (.xls, Excel 97-2003). Open it in Excel and save it as .xlsx, or export CSV.',
      'The Excel file cannot be read. Save it again as .xlsx (Excel 2007 or later), or export CSV.',
      'The Excel file has no sheets.',
      'The workbook has no sheet. Export it again, or as CSV.',
      'The file holds binary data, not text. Export it from the ERP as CSV (or choose the Excel file).',
      'The file is not UTF-8 text. Export it from the ERP as CSV UTF-8.',
      "A quoted cell that starts on line 2 is never closed. Check the export's quotes.",
      'The file has 20001 rows; the desk takes at most 20000 per file. Split the export.',
      'The register has 250001 rows; the desk compares at most 250000 at once. Export a shorter period.',
    ]);
  });

  it('says each problem in Arabic, with no English word', () => {
    act(() => useLanguageStore.getState().change({ language: 'ar' }));
    const words = problems.map(fileProblemWords);
    expect(words.filter((text) => !hasArabic(text))).toEqual([]);
    expect(words.flatMap(englishWordsOf)).toEqual([]);
    expect(words[11]).toContain('250001');
  });
});
