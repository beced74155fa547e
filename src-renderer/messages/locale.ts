// The clerk's language and how numbers and dates read (docs/decisions/106-the-clerks-language.md).
// Pure: what the operating system says comes in as an argument, so tests can say it too.

/** The languages the catalogue is written in. */
export type Language = 'en' | 'ar';

/** The clerk's settings: the language (or the operating system's), the digits and the date order. */
export interface LanguageSettings {
  /** `system` follows the operating system's first Arabic or English language, else English. */
  language: Language | 'system';
  /** Western digits (0-9) by default in both languages; Arabic-Indic (٠-٩) as an option. */
  digits: 'latn' | 'arab';
  /** `2026-11-26` (ISO, the default) or `26/11/2026` (day first); never the month first. */
  dates: 'iso' | 'day-first';
}

/** Settings of a desk that has never been set. */
export const defaultLanguageSettings: LanguageSettings = { language: 'system', digits: 'latn', dates: 'iso' };

/** What the desk shows in: the language, the BCP 47 tag its formatters use, and the direction. */
export interface DeskLocale {
  language: Language;
  /** e.g. `ar-EG-u-nu-latn`: the region the operating system names, the digits the clerk chose. */
  tag: string;
  direction: 'ltr' | 'rtl';
  digits: LanguageSettings['digits'];
  dates: LanguageSettings['dates'];
}

/** Scripts written right to left (Unicode's CLDR likely-subtags name the script of a bare `ar`). */
const rightToLeftScripts = new Set(['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg', 'Mand', 'Samr']);

/** The direction of a language tag, from its script (so `ar-EG` and `ar` count, and `ar-Latn` does not). */
export function directionOf(tag: string): 'ltr' | 'rtl' {
  try {
    const script = new Intl.Locale(tag).maximize().script;
    return script !== undefined && rightToLeftScripts.has(script) ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

/** The catalogue's language of a tag: Arabic for any Arabic tag, English for an English one, else none. */
function catalogueLanguageOf(tag: string): Language | null {
  try {
    const language = new Intl.Locale(tag).language;
    return language === 'ar' ? 'ar' : language === 'en' ? 'en' : null;
  } catch {
    return null;
  }
}

/**
 * The desk's locale from the clerk's settings and the operating system's languages (first first): a
 * chosen language keeps the system's region for it when the system names one (`ar-SA`), else Egypt's
 * for Arabic (the demo company's) and none for English.
 */
export function deskLocaleOf(settings: LanguageSettings, systemLanguages: readonly string[]): DeskLocale {
  const systemLanguage =
    systemLanguages.map(catalogueLanguageOf).find((language) => language !== null) ?? 'en';
  const language = settings.language === 'system' ? systemLanguage : settings.language;
  const systemTag = systemLanguages.find((tag) => catalogueLanguageOf(tag) === language);
  let base = language === 'ar' ? 'ar-EG' : 'en';
  if (systemTag) {
    try {
      const locale = new Intl.Locale(systemTag);
      base = locale.region ? `${language}-${locale.region}` : base;
    } catch {
      // A malformed system tag leaves the default region.
    }
  }
  return {
    language,
    tag: `${base}-u-nu-${settings.digits}`,
    direction: directionOf(base),
    digits: settings.digits,
    dates: settings.dates,
  };
}
