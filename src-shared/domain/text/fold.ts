/**
 * Folding text for comparison, the way clerks read names and headers as the same: case, spacing and
 * punctuation ignored, and Arabic written in any of its everyday spellings read as one (alef with or
 * without hamza or madda, ya and alef maqsura, ta marbuta and ha, diacritics and tatweel dropped,
 * Arabic-Indic digits as ASCII). Runtime-free: used by the register reader's header words
 * (../reconcile/register-words.ts) and by the customer names a register gives
 * (../reconcile/customer-names.ts).
 */
import { normaliseDigits } from '../master-data/values';

/** Harakat, Quranic marks, the superscript alef, and tatweel. */
const arabicMarks = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;

/**
 * Arabic letters in one spelling each: `أ إ آ ٱ` → `ا`, `ى` → `ي`, `ة` → `ه`, `ؤ` → `و`, `ئ` → `ي`,
 * Persian `ک ی` → `ك ي`; marks and tatweel dropped; digits ASCII. Latin text is untouched.
 */
export function foldArabic(text: string): string {
  return normaliseDigits(text)
    .replace(arabicMarks, '')
    .replace(/[\u0623\u0625\u0622\u0671]/g, '\u0627')
    .replace(/[\u0649\u06cc]/g, '\u064a')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0624/g, '\u0648')
    .replace(/\u0626/g, '\u064a')
    .replace(/\u06a9/g, '\u0643');
}

/**
 * Text as words: folded (`foldArabic`), lower case, every run of characters that are not letters or
 * digits one space, trimmed. `"  Al-Nour   Trading Co. "` → `al nour trading co`;
 * `"شركة النور  للتجارة"` → `شركه النور للتجاره`.
 */
export function foldWords(text: string): string {
  return foldArabic(text)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Text as one token, spaces and punctuation gone: `"Customer's Purchase Order"` → `customerspurchaseorder`. */
export function foldToken(text: string): string {
  return foldWords(text).replace(/ /g, '');
}
