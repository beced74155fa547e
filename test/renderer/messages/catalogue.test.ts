import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { catalogueFiles, catalogues } from '../../../src-renderer/messages/catalogue';

interface Argument {
  name: string;
  kind: string;
  plurals?: string[];
}

/** The arguments of a parsed message, nested ones included, with a plural's forms. */
function argumentsOf(elements: MessageFormatElement[], into: Argument[] = []): Argument[] {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      into.push({ name: `<${element.value}>`, kind: 'tag' });
      argumentsOf(element.children, into);
      continue;
    }
    const kind = TYPE[element.type];
    if (element.type === TYPE.plural) {
      into.push({ name: element.value, kind, plurals: Object.keys(element.options) });
    } else {
      into.push({ name: element.value, kind });
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

const names = (args: Argument[]): string[] => [...new Set(args.map((a) => `${a.name}:${a.kind}`))].sort();
const arabicForms = ['zero', 'one', 'two', 'few', 'many', 'other'];
/** Messages that name a language or its digits in that language's own script, in both catalogues. */
const inTheirOwnScript = /\.settings\.(language\.ar|digits\.arab)$/;

describe('the message catalogue', () => {
  const ids = Object.keys(catalogues.en);

  it('has every id in English and in Arabic, in the same feature file, and no other', () => {
    expect(Object.keys(catalogues.ar).sort()).toEqual([...ids].sort());
    const english = Object.values(catalogueFiles.en).map((file) => Object.keys(file).sort());
    const arabic = Object.values(catalogueFiles.ar).map((file) => Object.keys(file).sort());
    expect(arabic).toEqual(english);
  });

  it('namespaces each id by its feature, and says something in both languages', () => {
    for (const id of ids) {
      expect(id, id).toMatch(/^[a-z][a-zA-Z0-9-]*(\.[a-zA-Z0-9-]+)+$/);
      expect(catalogues.en[id as keyof typeof catalogues.en].trim(), id).not.toBe('');
      expect(catalogues.ar[id as keyof typeof catalogues.ar].trim(), id).not.toBe('');
    }
  });

  it('parses every message, with the same arguments in both languages, and plurals with each language’s forms', () => {
    const problems: string[] = [];
    for (const id of ids) {
      const key = id as keyof typeof catalogues.en;
      let en: Argument[];
      let ar: Argument[];
      try {
        en = argumentsOf(parse(catalogues.en[key]));
        ar = argumentsOf(parse(catalogues.ar[key]));
      } catch (error) {
        problems.push(`${id}: ${(error as Error).message}`);
        continue;
      }
      if (names(en).join() !== names(ar).join())
        problems.push(`${id}: ${names(en).join()} ≠ ${names(ar).join()}`);
      for (const arg of en.filter((a) => a.plurals))
        if (!arg.plurals!.includes('one') || !arg.plurals!.includes('other'))
          problems.push(`${id}: the English plural of ${arg.name} lacks one or other`);
      for (const arg of ar.filter((a) => a.plurals)) {
        const missing = arabicForms.filter((form) => !arg.plurals!.includes(form));
        if (missing.length)
          problems.push(`${id}: the Arabic plural of ${arg.name} lacks ${missing.join(', ')}`);
      }
      if (/[\u0600-\u06FF]/.test(catalogues.en[key]) && !inTheirOwnScript.test(id))
        problems.push(`${id}: Arabic in the English message`);
      if (
        !/[\u0600-\u06FF]/.test(catalogues.ar[key]) &&
        /[A-Za-z]{3,}/.test(catalogues.ar[key].replace(/\{[^}]*\}/g, ''))
      )
        problems.push(`${id}: the Arabic message has English words and no Arabic`);
    }
    expect(problems).toEqual([]);
  });
});
