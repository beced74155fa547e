// The clerk's language settings, remembered per desk (this browser profile or this desktop install's
// storage; they hold no secret), and the locale they make. A switch re-renders every component that
// says a message (useSay) without remounting any: a grid keeps its rows, filters and selection.
import { create } from 'zustand';
import { setDeskLocale, systemLanguages } from './intl';
import { defaultLanguageSettings, deskLocaleOf, type DeskLocale, type LanguageSettings } from './locale';

const storageKey = 'desk.language-settings';

interface LanguageState {
  settings: LanguageSettings;
  locale: DeskLocale;
  /** Changes some settings, remembers them and makes the desk speak as they say. */
  change(settings: Partial<LanguageSettings>): void;
}

function storage(): Storage | null {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage ?? null;
  } catch {
    return null;
  }
}

/** The remembered settings, or the defaults for a field missing or unreadable. */
function readSettings(): LanguageSettings {
  const settings = { ...defaultLanguageSettings };
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(storageKey) ?? 'null');
    if (stored && typeof stored === 'object') {
      const { language, digits, dates } = stored as Record<string, unknown>;
      if (language === 'en' || language === 'ar' || language === 'system') settings.language = language;
      if (digits === 'latn' || digits === 'arab') settings.digits = digits;
      if (dates === 'iso' || dates === 'day-first') settings.dates = dates;
    }
  } catch {
    // Unreadable settings are the defaults; the next change writes them anew.
  }
  return settings;
}

function localeOf(settings: LanguageSettings): DeskLocale {
  const locale = deskLocaleOf(settings, systemLanguages());
  setDeskLocale(locale);
  return locale;
}

const initial = readSettings();

/** The language settings and the locale they make. */
export const useLanguageStore = create<LanguageState>()((set, get) => ({
  settings: initial,
  locale: localeOf(initial),
  change(changes) {
    const settings = { ...get().settings, ...changes };
    try {
      storage()?.setItem(storageKey, JSON.stringify(settings));
    } catch {
      // A full or refused storage keeps the choice for this session only.
    }
    set({ settings, locale: localeOf(settings) });
  },
}));

/** Puts the settings back to the defaults, unremembered (tests, after each case). */
export function resetLanguageSettings(): void {
  storage()?.removeItem(storageKey);
  useLanguageStore.setState({ settings: defaultLanguageSettings, locale: localeOf(defaultLanguageSettings) });
}
