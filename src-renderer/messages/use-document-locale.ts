import { useEffect } from 'react';
import { useLanguageStore } from './language-store';

/** Keeps <html lang dir> as the desk's locale says (its language, and the direction of its script). */
export function useDocumentLocale(): void {
  const locale = useLanguageStore((state) => state.locale);
  useEffect(() => {
    document.documentElement.lang = locale.tag.replace(/-u-.*$/, '');
    document.documentElement.dir = locale.direction;
  }, [locale]);
}
