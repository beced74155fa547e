// A row's problems are codes from the domain (src-shared/domain/master-data/records.ts `RowProblem`),
// worded here: in English word for word as the domain wrote them before (the cases of
// test/shared/master-data/records.test.ts and one more), and in Arabic with no English word, the file's own cells,
// keys and numbers set apart.
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  checkFiles,
  readRows,
  suggestMapping,
  type ImportFile,
  type ImportTable,
  type KnownKeys,
  type RecordKind,
} from '../../../src-shared/domain/master-data';
import { rowProblemWords } from '../../../src-renderer/features/master-data/master-data-words';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { englishWordsOf, hasArabic } from '../support/arabic-words';

/** A table from lines of cells split on `|`, the header on line 1 (as test/shared/master-data/support.ts). */
function table(...lines: string[]): ImportTable {
  const [header = '', ...rows] = lines;
  return { headers: header.split('|'), rows: rows.map((row, i) => ({ line: i + 2, cells: row.split('|') })) };
}

/** A file read with the suggested mapping, as the preview reads it. */
function importFile(kind: RecordKind, fileName: string, source: ImportTable): ImportFile {
  const mapping = suggestMapping(kind, source.headers);
  return {
    id: fileName,
    kind,
    fileName,
    rows: readRows(kind, source, mapping, { dateOrder: 'dmy', offsetMinutes: 0 }),
  };
}

function checked(files: ImportFile[], known: KnownKeys = {}): ImportFile[] {
  return checkFiles(files, known);
}

/** Each row's issues as `line: severity words`, said in the desk's language. */
function said(file: ImportFile | undefined): string[] {
  return (file?.rows ?? []).flatMap((row) =>
    row.issues.map((issue) => `${row.line}: ${issue.severity} ${rowProblemWords(file!.kind, issue.problem)}`),
  );
}

/** Every problem the reader and the checks across files find, in the files that show them. */
function filesWithEveryProblem(): ImportFile[] {
  const prices = importFile(
    'prices',
    'prices.csv',
    table(
      'price list|product|unit|price|valid from|valid to|min price',
      'RETAIL|P1|PCS|-5|01/03/2025||',
      'RETAIL|P/2|PCS|abc|2025-03-01||',
      'RETAIL||PCS|5|2025-02-30||',
      'RETAIL|P3|PCS|5|2025-03-10|2025-03-01|6',
    ),
  );
  const customers = importFile(
    'customers',
    'c.csv',
    table('code|name|latitude', 'C1||95', `${'x'.repeat(70)}|Long|1`),
  );
  const extra = importFile('units', 'u.csv', table('code|name', 'PCS|Piece|extra'));
  const balances = importFile('balances', 'b.csv', table('customer|balance|as of', 'C1|1200.50|'));
  const lists = importFile('price-lists', 'l.csv', table('code|name|currency', 'L1|Retail|pound'));
  const [first, second] = checked([
    importFile('units', 'units.csv', table('code|name', 'PCS|Piece', 'KG|Kilo', 'PCS|Piece again')),
    importFile('units', 'more-units.csv', table('code|name', 'KG|Kilogram')),
  ]);
  const [units, products] = checked(
    [
      importFile('units', 'units.csv', table('code|name', 'PCS|Piece', 'BOX|')),
      importFile(
        'products',
        'products.csv',
        table('code|name|base unit', 'P1|Tea|PCS', 'P2|Rice|KG', 'P3|Salt|BOX', 'P4|Oil|LTR'),
      ),
    ],
    { units: ['LTR'] },
  );
  const [productUnits] = checked(
    [
      importFile(
        'product-units',
        'pu.csv',
        table('product|unit|factor|default', 'P1|PCS|1|yes', 'P1|BOX|12|yes', 'P2|BOX|0|no'),
      ),
    ],
    { products: ['P1', 'P2'], units: ['PCS', 'BOX'] },
  );
  return [prices, customers, extra, balances, lists, first!, second!, units!, products!, productUnits!];
}

describe("a master-data row's problems in the clerk's words", () => {
  it('says each problem in English as the domain did', () => {
    expect(filesWithEveryProblem().map(said)).toEqual([
      [
        '2: error Price may not be negative (-5)',
        '3: error Product key: the key "P/2" contains "/", which a key may not',
        '3: error Price: "abc" is not a number',
        '4: error Product key is empty',
        '4: error Valid from: "2025-02-30" is not a day of the calendar',
        '5: error Valid to (2025-03-01) is before valid from (2025-03-10)',
        '5: error Minimum price 6 is above the price 5',
      ],
      [
        '2: error Latitude must be at most 90 (95)',
        '2: error has no name in any language',
        `3: error Customer key: the key "${'x'.repeat(70)}" has 70 characters; a key has at most 64`,
      ],
      ['2: warning has 3 cells but the header has 2; the extra cells are ignored'],
      ['2: error As of is missing: give the date and time the balances were taken'],
      ['2: warning Currency "pound" is not a three-letter code'],
      ['4: error unit PCS is already on line 2'],
      ['2: error unit KG is already on units.csv line 3'],
      ['3: error has no name in any language'],
      [
        '3: warning Base unit key KG is not in the units files and was not pushed from this computer; push the units file first unless it is already on the service',
        '4: warning Base unit key BOX: that unit has errors in its file and will not be pushed',
      ],
      [
        '3: error product P1 already has a default order unit',
        '4: error Factor to base unit must be above 0 (0)',
      ],
    ]);
  });

  it('says each problem in Arabic, with no English word', () => {
    act(() => useLanguageStore.getState().change({ language: 'ar' }));
    const words = filesWithEveryProblem().flatMap((file) =>
      file.rows.flatMap((row) => row.issues.map((issue) => rowProblemWords(file.kind, issue.problem))),
    );
    expect(words).toHaveLength(20);
    expect(words.filter((text) => !hasArabic(text))).toEqual([]);
    expect(words.flatMap(englishWordsOf)).toEqual([]);
    // The file's cell and the key are set apart, whatever their script.
    expect(words[2]).toContain('\u2068abc\u2069');
    expect(words[1]).toContain('\u2066P/2\u2069');
  });
});
