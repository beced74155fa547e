/**
 * How the desk writes a name map as text, wherever a name is shown or exported: both parts together
 * (`nameLabel`), one language's part (`nameIn`), or a code beside its name (`codeAndName`).
 *
 * Spec, Push bodies: "Names are maps from language key to string". The demo company's names have an
 * English and an Arabic part; other languages are shown only when neither is there. Which names come
 * from where, and why the code stays beside the name: docs/decisions/107-names-not-codes.md.
 */
import type { NameMap } from '../wire';
import { foldWords } from './text/fold';

/** A name map as one plain string: `English · عربي`, else its first non-empty part, else ''. */
export function nameLabel(name: NameMap): string {
  const parts = [name.en, name.ar].filter((part): part is string => !!part);
  if (parts.length > 0) return parts.join(' · ');
  return Object.values(name).find((part) => !!part) ?? '';
}

/** A language the desk speaks (the screens' `Language`): the two parts of the demo company's names. */
export type NameLanguage = 'en' | 'ar';

/** The other language of the desk's two. */
const otherLanguage: Record<NameLanguage, NameLanguage> = { en: 'ar', ar: 'en' };

/**
 * A name in one language: the map's part in `language`, else its part in the other of the desk's two
 * languages, else its first other non-empty part (a service may name in a third language), else null
 * (no map, or nothing but blanks). Parts are trimmed.
 *
 * `nameIn({ en: 'Cheque', ar: 'شيك' }, 'ar')` is `شيك`; `nameIn({ en: 'Cheque' }, 'ar')` is `Cheque`.
 */
export function nameIn(name: NameMap | null | undefined, language: NameLanguage): string | null {
  if (!name) return null;
  const part = (key: string): string | null => {
    const text = name[key]?.trim();
    return text ? text : null;
  };
  return (
    part(language) ??
    part(otherLanguage[language]) ??
    Object.keys(name)
      .map(part)
      .find((text) => text !== null) ??
    null
  );
}

/** Unicode isolates: left to right (a code), first strong (a name), and their end. */
const leftToRightIsolate = '\u2066';
const firstStrongIsolate = '\u2068';
const popIsolate = '\u2069';

/**
 * A code with its name as the screens show it: `CHEQUE · شيك`. The code alone when there is no name or
 * the name is the code itself (a record the service names by its code), the name alone when there is
 * no code, '' when neither.
 *
 * `isolate` (a desk that reads right to left, decision 106) wraps the code in a left-to-right isolate
 * and the name in a first-strong one, so `C-1001` and an English name keep their order inside Arabic.
 */
export function codeAndName(
  code: string | null | undefined,
  name: string | null | undefined,
  options: { isolate?: boolean } = {},
): string {
  const shownCode = code?.trim() ?? '';
  const shownName = name?.trim() ?? '';
  const codePart =
    options.isolate && shownCode ? `${leftToRightIsolate}${shownCode}${popIsolate}` : shownCode;
  const namePart =
    options.isolate && shownName ? `${firstStrongIsolate}${shownName}${popIsolate}` : shownName;
  if (shownName === '' || shownName === shownCode) return codePart;
  if (shownCode === '') return namePart;
  return `${codePart} · ${namePart}`;
}

/**
 * Whether a named thing answers a clerk's search: the words typed are found, folded the way the desk
 * folds names (`foldWords`: case, spacing, punctuation and Arabic spellings read as one), in its code or
 * in any part of its name. Empty words match everything.
 */
export function nameMatches(
  words: string,
  code: string | null | undefined,
  name: NameMap | null | undefined,
): boolean {
  const wanted = foldWords(words);
  if (wanted === '') return true;
  const texts = [code ?? '', ...Object.values(name ?? {})];
  return texts.some((text) => foldWords(text).includes(wanted));
}
