// A range's problem is a code from the domain (src-shared/domain/day-end.ts `checkRange`) and words here:
// in English as the clerk has always read them, in Arabic with no English word left.
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkRange, type RangeProblem } from '../../../src-shared/domain/day-end';
import { rangeProblemWords } from '../../../src-renderer/features/day-end/day-end-words';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { englishWordsOf, hasArabic } from '../support/arabic-words';

const problems: RangeProblem[] = [
  checkRange('', '2026-03-07')!,
  checkRange('2026-03-01', '')!,
  checkRange('2026-03-07', '2026-03-01')!,
  checkRange('2025-01-01', '2026-03-01')!,
];

describe("a range's problem in the clerk's words", () => {
  it('says each code in English', () => {
    expect(problems.map(rangeProblemWords)).toEqual([
      'Choose the first day of the report.',
      'Choose the last day of the report.',
      'The last day is before the first day: swap them.',
      'The range spans 425 days; choose at most 366 (a year) and export each year.',
    ]);
  });

  it('says each code in Arabic, with no English word', () => {
    act(() => useLanguageStore.getState().change({ language: 'ar' }));
    const words = problems.map(rangeProblemWords);
    expect(words.filter((text) => !hasArabic(text))).toEqual([]);
    expect(words.flatMap(englishWordsOf)).toEqual([]);
    expect(words[3]).toContain('425');
  });
});
