import { describe, expect, it } from 'vitest';
import { countOf } from '../../src-renderer/words/counts';

describe('a count with its noun', () => {
  it('is singular for exactly one, plural otherwise, with an irregular plural when given', () => {
    expect(countOf(1, 'row')).toBe('1 row');
    expect(countOf(0, 'row')).toBe('0 rows');
    expect(countOf(2, 'column')).toBe('2 columns');
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
    expect(countOf(3, 'entry', 'entries')).toBe('3 entries');
  });
});
