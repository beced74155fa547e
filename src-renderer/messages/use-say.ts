import { useLanguageStore } from './language-store';
import { say } from './intl';
import type { DeskLocale } from './locale';

/** `say`, in a component that re-renders when the clerk switches language. */
export function useSay(): typeof say {
  useLanguageStore((state) => state.locale);
  return say;
}

/** The desk's locale, in a component that re-renders when it changes. */
export function useDeskLocale(): DeskLocale {
  return useLanguageStore((state) => state.locale);
}
