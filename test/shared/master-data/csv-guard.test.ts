import { describe, expect, it } from 'vitest';
import { guardedCell, parseCsv, unguardedCell, writeCsv } from '../../../src-shared/domain/master-data';

// CSV exports a clerk opens in a spreadsheet program: a text cell that would start a formula is
// guarded with a leading `'` (OWASP "CSV injection"), a plain number is not, and reading such a file
// back takes the guard off (issue "The clerk's language", item 6).

describe('a CSV cell a spreadsheet would read as a formula', () => {
  it('is guarded when it starts with = + - @ a tab or a carriage return and is not a plain number', () => {
    expect(
      [
        '=HYPERLINK("http://x","y")',
        '+20 100 123 4567',
        '-cmd',
        '@SUM(A1)',
        '\tx',
        '\rx',
        '-1,234.50',
        '+12',
        '-0.5',
        'INV-2026-000123',
        'شركة النور',
        '',
      ].map(guardedCell),
    ).toEqual([
      `'=HYPERLINK("http://x","y")`,
      "'+20 100 123 4567",
      "'-cmd",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      '-1,234.50',
      '+12',
      '-0.5',
      'INV-2026-000123',
      'شركة النور',
      '',
    ]);
  });

  it('is written guarded by writeCsv and read back as it was', () => {
    const rows = [
      ['Customer', 'Amount'],
      ['=1+1', '-10.00'],
      ['@home', '5'],
    ];
    const text = writeCsv(rows);
    expect(text).toBe("\ufeffCustomer,Amount\r\n'=1+1,-10.00\r\n'@home,5\r\n");
    const read = parseCsv(text.slice(1), ',').rows.map((row) => row.cells.map(unguardedCell));
    expect(read).toEqual(rows);
  });
});
