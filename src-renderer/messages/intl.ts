// The desk's current locale and the one way to say a message: `say(id, values)` outside React (words
// modules, exports), `useSay()` inside, which also re-renders the component when the clerk switches
// language. One IntlShape and one set of formatters per locale, made once.
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { catalogues, type MessageId } from './catalogue';
import { formattersFor, type Formatters } from './formatters';
import { defaultLanguageSettings, deskLocaleOf, type DeskLocale } from './locale';

/** The values a message takes. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;

interface Current {
  locale: DeskLocale;
  intl: IntlShape;
  formatters: Formatters;
}

const intlCache = createIntlCache();
const intls = new Map<string, IntlShape>();

function intlFor(locale: DeskLocale): IntlShape {
  let intl = intls.get(locale.tag);
  if (!intl) {
    intl = createIntl(
      {
        locale: locale.tag,
        defaultLocale: 'en',
        messages: catalogues[locale.language],
        // A missing id is caught by the catalogue's typecheck; formatting errors show the id, never throw.
        onError: () => undefined,
      },
      intlCache,
    );
    intls.set(locale.tag, intl);
  }
  return intl;
}

/** The operating system's languages, first first (the browser's or Electron's navigator; none in Node). */
export function systemLanguages(): readonly string[] {
  const navigator = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } })
    .navigator;
  return navigator?.languages?.length ? navigator.languages : navigator?.language ? [navigator.language] : [];
}

function currentOf(locale: DeskLocale): Current {
  return { locale, intl: intlFor(locale), formatters: formattersFor(locale) };
}

let current: Current = currentOf(deskLocaleOf(defaultLanguageSettings, systemLanguages()));

/** Makes `locale` the desk's (the store's language settings call it; tests may too). */
export function setDeskLocale(locale: DeskLocale): void {
  current = currentOf(locale);
}

/** The desk's locale now. */
export function deskLocale(): DeskLocale {
  return current.locale;
}

/** The formatters of the desk's locale now. */
export function formatters(): Formatters {
  return current.formatters;
}

/** The IntlShape of the desk's locale now (for rich messages: say-rich.ts). */
export function deskIntl(): IntlShape {
  return current.intl;
}

/** A message in the desk's language. */
export function say(id: MessageId, values?: MessageValues): string {
  return current.intl.formatMessage({ id }, values as Record<string, string | number | Date>);
}

/**
 * A value set apart from the sentence around it when the desk reads right to left: names (`name`:
 * first-strong isolate, U+2068) and document numbers, ids, amounts and file names (`ltr`: left-to-right
 * isolate, U+2066), so `INV-2026-000123` and `-1,234.50` never scramble inside Arabic. In a left-to-right
 * desk the text is as it is. Inside JSX, use <bdi> or dir="ltr" instead.
 */
export const isolate = {
  name: (text: string): string => (current.locale.direction === 'rtl' ? `\u2068${text}\u2069` : text),
  ltr: (text: string): string => (current.locale.direction === 'rtl' ? `\u2066${text}\u2069` : text),
};
