/**
 * Which column of a file feeds which field of a push body, suggested from the header the first time
 * a layout is seen and remembered per layout afterwards (the renderer keeps the mappings).
 *
 * Names are maps from language to text (spec, Push bodies), so a file may carry one name column per
 * language: `name.en`, `name.ar`, `name_ar`, `Name (AR)`, `Arabic name`, `الاسم`.
 */
import { kindDefs, type RecordKind } from './kinds';

/** Where each field of a kind is read from: a column index of the header, per field and per name language. */
export interface ColumnMapping {
  kind: RecordKind;
  /** Field id (./kinds.ts) to column index. */
  fields: Record<string, number>;
  /** Language key (`en`, `ar`) to column index. */
  names: Record<string, number>;
}

/** A header cell reduced to letters and digits, lower case, for matching. */
export function normaliseHeader(header: string): string {
  return header.toLowerCase().replace(/[\s_\-.()[\]/\\:#]+/g, '');
}

/**
 * The signature of a file layout: its headers, normalised, in order. Two exports with the same
 * columns share a signature, so a mapping fixed once is used again for the next export.
 */
export function layoutSignature(kind: RecordKind, headers: readonly string[]): string {
  return `${kind}:${headers.map(normaliseHeader).join('|')}`;
}

const languageWords: Record<string, string> = {
  english: 'en',
  arabic: 'ar',
  french: 'fr',
  عربي: 'ar',
  انجليزي: 'en',
  إنجليزي: 'en',
};

/**
 * The language of a name column, or null when the header is not a name.
 *
 * `name.en`, `name_ar`, `Name (AR)`, `Customer name (EN)`, `name-fr`, `English name`, `Name Arabic`; `الاسم` is Arabic; a
 * plain `name` or `description` takes `defaultLanguage`.
 */
export function nameLanguageOf(header: string, defaultLanguage: string): string | null {
  const text = header.trim().toLowerCase();
  const coded = /^(?:[^\s.]+\s+)?(?:name|description|desc)\s*[._\-(\s]\s*([a-z]{2})\)?$/.exec(text);
  if (coded) return coded[1] ?? null;
  const worded = /^(?:(\S+)\s+(?:name|description)|(?:name|description)\s+(\S+))$/.exec(text);
  const word = worded?.[1] ?? worded?.[2];
  if (word && languageWords[word]) return languageWords[word] ?? null;
  // words: not shown (headers as Arabic exports write them)
  if (text === 'الاسم' || text === 'اسم' || text === 'الوصف') return 'ar';
  if (
    [
      'name',
      'description',
      'desc',
      'itemname',
      'productname',
      'customername',
      'unitname',
      'branchname',
      'listname',
    ].includes(normaliseHeader(text))
  ) {
    return defaultLanguage;
  }
  return null;
}

/**
 * A first mapping for a file: each field takes the first unused column whose header is one of its
 * words (./kinds.ts `synonyms`, in order of preference); name columns take their language.
 */
export function suggestMapping(
  kind: RecordKind,
  headers: readonly string[],
  defaultLanguage = 'en',
): ColumnMapping {
  const normalised = headers.map(normaliseHeader);
  const used = new Set<number>();
  const mapping: ColumnMapping = { kind, fields: {}, names: {} };
  const def = kindDefs[kind];
  for (const field of def.fields) {
    const words = [normaliseHeader(field.id), ...field.synonyms.map(normaliseHeader)];
    for (const word of words) {
      const index = normalised.findIndex((header, i) => header === word && !used.has(i));
      if (index >= 0) {
        mapping.fields[field.id] = index;
        used.add(index);
        break;
      }
    }
  }
  if (def.hasNames) {
    headers.forEach((header, index) => {
      if (used.has(index)) return;
      const language = nameLanguageOf(header, defaultLanguage);
      if (language !== null && mapping.names[language] === undefined) {
        mapping.names[language] = index;
        used.add(index);
      }
    });
  }
  return mapping;
}

/** What a column is chosen for: a field (its id: ./kinds.ts, or a register column) or a name's language. */
export type MappingTarget = { field: string } | { language: string };

/**
 * What keeps a mapping from being used: a required field without a column, no name column where
 * names are required, a column the file does not have, one column chosen twice (the file's header and
 * both targets), a name column whose language key is not one. The renderer words it.
 */
export type MappingProblem =
  | { code: 'choose-column'; field: string }
  | { code: 'choose-name' }
  | { code: 'not-in-file'; target: MappingTarget }
  | { code: 'chosen-twice'; column: string; first: MappingTarget; second: MappingTarget }
  | { code: 'language-key'; language: string };

/**
 * What is wrong with the columns chosen for targets: a column the file does not have, one column
 * chosen twice. Shared by every import that maps columns (master data, ERP registers).
 */
export function columnChoiceProblems(
  targets: ReadonlyArray<readonly [target: MappingTarget, index: number]>,
  headers: readonly string[],
): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const seen = new Map<number, MappingTarget>();
  for (const [target, index] of targets) {
    if (!Number.isInteger(index) || index < 0 || index >= headers.length) {
      problems.push({ code: 'not-in-file', target });
      continue;
    }
    const other = seen.get(index);
    if (other !== undefined)
      problems.push({ code: 'chosen-twice', column: headers[index] ?? '', first: other, second: target });
    seen.set(index, target);
  }
  return problems;
}

/**
 * What keeps a mapping from being used: a required field without a column, no name column where
 * names are required, a column that is not in the file, one column given twice, a bad language key.
 */
export function mappingProblems(mapping: ColumnMapping, headers: readonly string[]): MappingProblem[] {
  const def = kindDefs[mapping.kind];
  const problems: MappingProblem[] = [];
  for (const field of def.fields) {
    if (field.isRequired && mapping.fields[field.id] === undefined)
      problems.push({ code: 'choose-column', field: field.id });
  }
  if (def.isNameRequired && Object.keys(mapping.names).length === 0) problems.push({ code: 'choose-name' });
  const targets: Array<[MappingTarget, number]> = [
    ...Object.entries(mapping.fields).map(([field, index]): [MappingTarget, number] => [{ field }, index]),
    ...Object.entries(mapping.names).map(([language, index]): [MappingTarget, number] => [
      { language },
      index,
    ]),
  ];
  problems.push(...columnChoiceProblems(targets, headers));
  for (const language of Object.keys(mapping.names)) {
    if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(language)) problems.push({ code: 'language-key', language });
  }
  return problems;
}

/**
 * The kind a file most likely holds, from its name (`customers.csv`, `prices-2025.xlsx`) or else
 * from how many of each kind's required fields its header names; null when nothing fits.
 */
export function guessKind(fileName: string, headers: readonly string[]): RecordKind | null {
  const name = fileName.toLowerCase().replace(/[\s_]+/g, '-');
  const byName: Array<[RegExp, RecordKind]> = [
    [/product-?units|sellable|uom-?conv/, 'product-units'],
    [/price-?lists?/, 'price-lists'],
    [/prices?/, 'prices'],
    [/branch|ship-?to|deliver/, 'branches'],
    [/balance|ageing|aging|statement/, 'balances'],
    [/customer|client|account/, 'customers'],
    [/product|item|catalog/, 'products'],
    [/units?|uom/, 'units'],
  ];
  for (const [pattern, kind] of byName) if (pattern.test(name)) return kind;
  let best: { kind: RecordKind; score: number } | null = null;
  for (const def of Object.values(kindDefs)) {
    const mapping = suggestMapping(def.kind, headers);
    const required = def.fields.filter((f) => f.isRequired);
    const found = required.filter((f) => mapping.fields[f.id] !== undefined).length;
    const score = found === required.length ? found * 10 + Object.keys(mapping.fields).length : 0;
    if (score > 0 && (best === null || score > best.score)) best = { kind: def.kind, score };
  }
  return best?.kind ?? null;
}
