// Why no push plan can be built: codes from the domain (src-shared/domain/master-data/planning.ts
// `PlanProblem`, asserted in test/shared/master-data/planning.test.ts), worded here in English as the
// domain wrote them before, and in Arabic with no English word, keys set apart.
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlanProblem } from '../../../src-shared/domain/master-data';
import { planProblemWords } from '../../../src-renderer/features/master-data/master-data-words';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { englishWordsOf, hasArabic } from '../support/arabic-words';

const problems: PlanProblem[] = [
  { code: 'too-many-units', product: 'P1', units: 501, most: 500 },
  { code: 'replace-too-long', list: 'BIG', prices: 501, most: 500 },
  { code: 'nothing-to-push' },
  { code: 'too-large', records: 120_000, calls: 300, maxRecords: 100_000, maxCalls: 250 },
];

describe("a push plan's refusals in the clerk's words", () => {
  it('says each refusal in English', () => {
    expect(problems.map(planProblemWords)).toEqual([
      'Product P1 has 501 units; a product takes at most 500.',
      'Price list BIG has 501 prices; replace works only for a list of at most 500. Push it with merge.',
      'Nothing to push: every row has an error, or no file was added.',
      'This push has 120000 records in 300 calls; one push takes at most 100000 records in 250 calls. Push the files in parts.',
    ]);
  });

  it('says each refusal in Arabic, with no English word', () => {
    act(() => useLanguageStore.getState().change({ language: 'ar' }));
    const words = problems.map(planProblemWords);
    expect(words.filter((text) => !hasArabic(text))).toEqual([]);
    expect(words.flatMap(englishWordsOf)).toEqual([]);
    expect(words[1]).toContain('\u2066BIG\u2069');
  });
});
