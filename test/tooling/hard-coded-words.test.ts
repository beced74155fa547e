import { globSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hardCodedWordsOf, isSentence } from '../support/hard-coded-words';

const checked = [
  ...globSync('src-renderer/features/**/*.{ts,tsx}'),
  ...globSync('src-renderer/words/**/*.ts'),
  'src-main/electron/menu.ts',
].sort();

describe('the words a clerk reads', () => {
  it('come from the catalogue: no hard-coded word in the features, the words modules or the menu', () => {
    const found = checked.flatMap((file) =>
      hardCodedWordsOf(file).map((word) => `${word.file}:${word.line} ${word.text}`),
    );
    expect(found).toEqual([]);
  });

  it('tells a sentence from a code, a class name or a key', () => {
    expect(isSentence('Select invoices with the checkboxes first, then Accept.')).toBe(true);
    expect(isSentence('Accept')).toBe(true);
    expect(isSentence('اقبل')).toBe(true);
    expect(isSentence('selection-bar')).toBe(false);
    expect(isSentence('invoices')).toBe(false);
    expect(isSentence('.ag-row .ag-selection-checkbox')).toBe(false);
    expect(isSentence('EGP')).toBe(false);
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
});
