import { describe, expect, it } from 'vitest';
import {
  keyProblem,
  parseBoolean,
  parseDate,
  parseInteger,
  parseNumber,
  parseTimestamp,
  type CellValue,
} from '../../../src-shared/domain/master-data';

const value = <T>(read: CellValue<T>): T | string =>
  read.ok ? read.value : `ERR ${read.problem.code} ${read.problem.text}`;

describe('reading cells', () => {
  it('reads numbers as exports write them', () => {
    const cases: Record<string, number> = {
      '12': 12,
      '12.50': 12.5,
      '12,5': 12.5,
      '1,234': 1234,
      '1,234.56': 1234.56,
      '1.234,56': 1234.56,
      '1 234,5': 1234.5,
      '(100.00)': -100,
      '100-': -100,
      '-0': 0,
      '١٢٣٫٥': 123.5,
      '.5': 0.5,
      '1e3': 1000,
    };
    expect(Object.fromEntries(Object.keys(cases).map((raw) => [raw, value(parseNumber(raw))]))).toEqual(
      cases,
    );
  });

  it('refuses what is not a number, saying which cell', () => {
    expect(value(parseNumber('12abc'))).toBe('ERR not-a-number 12abc');
    expect(value(parseNumber('1.2.3'))).toBe('ERR not-a-number 1.2.3');
    expect(value(parseNumber('EGP 5'))).toBe('ERR not-a-number EGP 5');
    expect(value(parseInteger('2.5'))).toBe('ERR not-whole 2.5');
    expect(value(parseInteger('30.0'))).toBe(30);
  });

  it('reads yes and no in English and Arabic', () => {
    expect(['yes', 'Y', 'TRUE', '1', 'x', 'نعم'].map((raw) => value(parseBoolean(raw)))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['no', 'N', 'false', '0', 'لا'].map((raw) => value(parseBoolean(raw)))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(value(parseBoolean('maybe'))).toBe('ERR not-yes-no maybe');
  });

  it('reads dates day first unless told otherwise, and refuses days that do not exist', () => {
    expect(value(parseDate('2025-03-31'))).toBe('2025-03-31');
    expect(value(parseDate('2025/3/1'))).toBe('2025-03-01');
    expect(value(parseDate('31/03/2025'))).toBe('2025-03-31');
    expect(value(parseDate('03/04/2025', 'mdy'))).toBe('2025-03-04');
    expect(value(parseDate('31.12.2024'))).toBe('2024-12-31');
    expect(value(parseDate('31/04/2025'))).toBe('ERR not-a-day 31/04/2025');
    expect(value(parseDate('March 3'))).toBe('ERR not-a-date March 3');
  });

  it("reads times: a zone kept, local times at the computer's offset, a date alone as the end of that day", () => {
    const at = { offsetMinutes: 120 };
    expect(value(parseTimestamp('2025-03-31T18:00:00Z', at))).toBe('2025-03-31T18:00:00Z');
    expect(value(parseTimestamp('2025-03-31 18:00:00+03:00', at))).toBe('2025-03-31T18:00:00+03:00');
    expect(value(parseTimestamp('2025-03-31 18:30', at))).toBe('2025-03-31T18:30:00+02:00');
    expect(value(parseTimestamp('31/03/2025', { offsetMinutes: -300 }))).toBe('2025-03-31T23:59:59-05:00');
    expect(value(parseTimestamp('2025-03-31 25:00', at))).toBe('ERR not-a-time 2025-03-31 25:00');
  });

  it("applies the spec's key rule: 1 to 64 characters, no slash", () => {
    expect(keyProblem('C-001')).toBeNull();
    expect(keyProblem('A/B')).toEqual({ code: 'slash' });
    expect(keyProblem('x'.repeat(65))).toEqual({ code: 'too-long', length: 65, most: 64 });
  });
});
