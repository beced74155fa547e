/**
 * How the desk writes a name map as one line of text, wherever a name is shown or exported.
 *
 * Spec, Push bodies: "Names are maps from language key to string". The demo company's names have an
 * English and an Arabic part; other languages are shown only when neither is there.
 */
import type { NameMap } from '../wire';

/** A name map as one plain string: `English · عربي`, else its first non-empty part, else ''. */
export function nameLabel(name: NameMap): string {
  const parts = [name.en, name.ar].filter((part): part is string => !!part);
  if (parts.length > 0) return parts.join(' · ');
  return Object.values(name).find((part) => !!part) ?? '';
}
