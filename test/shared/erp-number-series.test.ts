import { describe, expect, it } from 'vitest';
import {
  erpNumberKey,
  parseSeriesStart,
  repeatedErpNumbers,
  seriesNumbers,
} from '../../src-shared/domain/erp-number-series';

/** The first `count` numbers of the series that starts at `first`. */
function series(first: string, count: number): string[] {
  const start = parseSeriesStart(first);
  if (!start) throw new Error(`no series in ${first}`);
  return seriesNumbers(start, count);
}

describe('ERP number series', () => {
  it('counts on the last digits, keeping the prefix as typed', () => {
    expect(series('SI-1043', 3)).toEqual(['SI-1043', 'SI-1044', 'SI-1045']);
    expect(series(' SI-1043 ', 1)).toEqual(['SI-1043']);
    expect(series('1043', 2)).toEqual(['1043', '1044']);
  });

  it('keeps the zero padding, and grows past it rather than wrapping', () => {
    expect(series('INV/2026/00998', 3)).toEqual(['INV/2026/00998', 'INV/2026/00999', 'INV/2026/01000']);
    expect(series('SI-0999', 2)).toEqual(['SI-0999', 'SI-1000']);
    expect(series('SI-9999', 2)).toEqual(['SI-9999', 'SI-10000']);
    expect(series('SI-000', 2)).toEqual(['SI-000', 'SI-001']);
  });

  it('keeps what follows the counter, and counts only the last run of digits', () => {
    expect(series('SINV-2026-0041-A', 2)).toEqual(['SINV-2026-0041-A', 'SINV-2026-0042-A']);
    expect(series('INV-2026-000123', 2)).toEqual(['INV-2026-000123', 'INV-2026-000124']);
  });

  it('counts Arabic-Indic and Persian digits in their own digits', () => {
    expect(series('ف-٠٩٩', 2)).toEqual(['ف-٠٩٩', 'ف-١٠٠']);
    expect(series('۱۲۹', 2)).toEqual(['۱۲۹', '۱۳۰']);
    // A run of one digit set: ASCII digits right after Arabic-Indic ones are the counter alone.
    expect(series('١٢-34', 1)).toEqual(['١٢-34']);
    expect(parseSeriesStart('١٢-34')).toMatchObject({ prefix: '١٢-', value: 34n, width: 2 });
  });

  it('counts numbers longer than a double holds exactly', () => {
    expect(series('9007199254740993', 2)).toEqual(['9007199254740993', '9007199254740994']);
  });

  it('finds no series in a number without digits', () => {
    expect(parseSeriesStart('SI-')).toBeNull();
    expect(parseSeriesStart('   ')).toBeNull();
    expect(parseSeriesStart('')).toBeNull();
  });

  it('compares ERP numbers trimmed and case-folded, and names both rows of a number given twice', () => {
    expect(erpNumberKey('  si-1043 ')).toBe(erpNumberKey('SI-1043'));
    expect(
      repeatedErpNumbers([
        { id: 'a', externalNumber: 'SI-1' },
        { id: 'b', externalNumber: 'si-1 ' },
        { id: 'c', externalNumber: 'SI-2' },
        { id: 'd', externalNumber: '' },
        { id: 'e', externalNumber: ' ' },
      ]),
    ).toEqual(new Set(['a', 'b']));
  });
});
