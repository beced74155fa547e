import { existsSync, globSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hardCodedWordsOf, isPhrase, isSentence } from '../support/hard-coded-words';

const checked = [
  ...globSync('src-renderer/features/**/*.{ts,tsx}'),
  ...globSync('src-renderer/words/**/*.ts'),
  'src-main/electron/menu.ts',
].sort();

/**
 * Shared domain modules not checked here (docs/decisions/106-the-clerks-language.md, Consequences): a
 * push record's English label, note and explanation (results.ts), kept beside the facts the screens word
 * (`what`, `noteFacts`, `resultProblemOf`) for the records earlier builds kept with words only, the
 * domain's English results file and the core's log; and the desk's own reject reasons (acks.ts), a name map in English and
 * Arabic kept with each code as the service's reference lists keep theirs (decision 040), shown in the
 * clerk's language by `nameIn` (its checks of a draft are codes). Every other domain module is checked.
 */
const domainNotYetCoded = new Set(['src-shared/domain/acks.ts', 'src-shared/domain/master-data/results.ts']);

const checkedDomain = globSync('src-shared/domain/**/*.ts')
  .filter((file) => !domainNotYetCoded.has(file))
  .sort();

describe('the words a clerk reads', () => {
  it('come from the catalogue: no hard-coded word in the features, the words modules or the menu', () => {
    const found = checked.flatMap((file) =>
      hardCodedWordsOf(file).map((word) => `${word.file}:${word.line} ${word.text}`),
    );
    expect(found).toEqual([]);
  });

  it('come from the catalogue: the shared domain answers codes, and no sentence or phrase a screen shows', () => {
    const found = checkedDomain.flatMap((file) =>
      hardCodedWordsOf(file, undefined, { phrases: true }).map(
        (word) => `${word.file}:${word.line} ${word.text}`,
      ),
    );
    expect(found).toEqual([]);
    // The modules listed as not yet coded are still there to be checked once they are.
    for (const file of domainNotYetCoded) expect(existsSync(file), file).toBe(true);
  });

  it('tells a sentence from a code, a class name or a key', () => {
    expect(isSentence('Select invoices with the checkboxes first, then Accept.')).toBe(true);
    expect(isSentence('Accept')).toBe(true);
    expect(isSentence('اقبل')).toBe(true);
    expect(isSentence('selection-bar')).toBe(false);
    expect(isSentence('invoices')).toBe(false);
    expect(isSentence('.ag-row .ag-selection-checkbox')).toBe(false);
    expect(isSentence('EGP')).toBe(false);
    expect(isPhrase('has no name in any language')).toBe(true);
    expect(isPhrase('price list')).toBe(false);
    expect(isPhrase('not-a-number')).toBe(false);
  });

  it('finds JSX text, read attributes and sentences, and leaves class names, errors and marked lines', () => {
    const source = [
      'export const A = () => <p className="muted" title="A title">Hello {name}</p>;',
      'const b = say("x.y");',
      'const c = `Sent ${n} documents.`;',
      'throw new Error("Not for the clerk.");',
      'const d = "Not shown either."; // words: not shown',
    ].join('\n');
    expect(hardCodedWordsOf('x.tsx', source).map((w) => w.text)).toEqual([
      'A title',
      'Hello',
      'Sent   documents.',
    ]);
  });

  it('in the shared domain, also finds phrases, reads .ts as TypeScript, and leaves marked statements and files', () => {
    const source = [
      'const a = { message: `${label} is empty` };',
      "const b = 'is not a number';",
      'const pick = <T,>(items: T[]): T | undefined => items[0];',
      '// words: not shown (read from cells)',
      "const months = ['kanun al thani', 'shubat al awwal'];",
      "const c = { code: 'not-a-number' };",
    ].join('\n');
    expect(hardCodedWordsOf('x.ts', source, { phrases: true }).map((w) => w.text)).toEqual([
      'is empty',
      'is not a number',
    ]);
    expect(hardCodedWordsOf('x.ts', source).map((w) => w.text)).toEqual([]);
    expect(
      hardCodedWordsOf('x.ts', `// words: none of this file is shown (fixtures).\n${source}`, {
        phrases: true,
      }),
    ).toEqual([]);
  });
});
