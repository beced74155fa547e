import { describe, expect, it } from 'vitest';
import { formattersFor } from '../../../src-renderer/messages/formatters';
import { defaultLanguageSettings, deskLocaleOf, directionOf } from '../../../src-renderer/messages/locale';
import { say, setDeskLocale, isolate } from '../../../src-renderer/messages/intl';

/** Text without the direction marks and isolates Intl and the catalogue put around numbers and data. */
const plain = (text: string): string => text.replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, '');

describe('the desk’s locale', () => {
  it('follows the operating system’s first Arabic or English language, with its region', () => {
    expect(deskLocaleOf(defaultLanguageSettings, ['ar-EG', 'en-US']).tag).toBe('ar-EG-u-nu-latn');
    expect(deskLocaleOf(defaultLanguageSettings, ['fr-FR', 'ar-SA']).language).toBe('ar');
    expect(deskLocaleOf(defaultLanguageSettings, ['ar-SA']).tag).toBe('ar-SA-u-nu-latn');
    expect(deskLocaleOf(defaultLanguageSettings, ['fr-FR']).language).toBe('en');
    expect(deskLocaleOf(defaultLanguageSettings, []).tag).toBe('en-u-nu-latn');
    expect(deskLocaleOf({ ...defaultLanguageSettings, language: 'ar' }, ['en-US']).tag).toBe(
      'ar-EG-u-nu-latn',
    );
    expect(deskLocaleOf({ ...defaultLanguageSettings, language: 'en' }, ['ar-EG']).tag).toBe('en-u-nu-latn');
    expect(deskLocaleOf({ ...defaultLanguageSettings, language: 'en' }, ['ar-EG', 'en-GB']).tag).toBe(
      'en-GB-u-nu-latn',
    );
  });

  it('takes its direction from the script, so ar-EG and ar read right to left and ar-Latn does not', () => {
    expect(directionOf('ar-EG')).toBe('rtl');
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-Latn')).toBe('ltr');
    expect(directionOf('en-EG')).toBe('ltr');
    expect(directionOf('not a tag')).toBe('ltr');
  });
});

describe('the formatters of a locale', () => {
  const ar = deskLocaleOf({ language: 'ar', digits: 'latn', dates: 'iso' }, ['ar-EG']);
  const arIndic = deskLocaleOf({ language: 'ar', digits: 'arab', dates: 'day-first' }, ['ar-EG']);
  const enEgypt = deskLocaleOf({ language: 'en', digits: 'latn', dates: 'day-first' }, ['en-EG']);

  it('are made once per locale and setting', () => {
    expect(formattersFor(ar)).toBe(formattersFor({ ...ar }));
    expect(formattersFor(ar)).not.toBe(formattersFor(arIndic));
  });

  it('write Western digits by default in Arabic, and Arabic-Indic ones when chosen', () => {
    expect(plain(formattersFor(ar).cents(-123450))).toBe('-1,234.50');
    expect(plain(formattersFor(arIndic).cents(-123450))).toBe('-١٬٢٣٤٫٥٠');
    expect(plain(formattersFor(arIndic).count(100000))).toBe('١٠٠٬٠٠٠');
  });

  it('write dates year first or day first, never month first, in English on an Egyptian computer too', () => {
    const moment = new Date(2026, 10, 26, 9, 30).toISOString();
    expect(formattersFor(ar).time(moment)).toBe('2026-11-26 09:30');
    expect(formattersFor(enEgypt).time(moment)).toBe('26/11/2026 09:30');
    expect(formattersFor(arIndic).time(moment)).toBe('٢٦/١١/٢٠٢٦ ٠٩:٣٠');
    expect(formattersFor(enEgypt).date('2026-11-05')).toBe('05/11/2026');
    expect(formattersFor(enEgypt).date('not a date')).toBe('not a date');
  });
});

describe('saying a message', () => {
  it('isolates data only where the desk reads right to left', () => {
    setDeskLocale(deskLocaleOf({ ...defaultLanguageSettings, language: 'en' }, []));
    expect(isolate.ltr('INV-2026-000123')).toBe('INV-2026-000123');
    expect(say('shell.section.invoices')).toBe('Invoices');
    setDeskLocale(deskLocaleOf({ ...defaultLanguageSettings, language: 'ar' }, []));
    expect(isolate.ltr('INV-2026-000123')).toBe('\u2066INV-2026-000123\u2069');
    expect(say('shell.section.invoices')).toBe('الفواتير');
    setDeskLocale(deskLocaleOf(defaultLanguageSettings, []));
  });
});
