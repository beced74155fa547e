import { describe, expect, it } from 'vitest';
import { matchNumberPairs, parseNumberPairs } from '../../../src-renderer/features/review/number-import';

describe('ERP numbers pasted or imported as CSV', () => {
  it('reads id/number pairs with any separator, skipping a header and blank lines', () => {
    const text = 'document,erp_number\n"inv_1", ERP-1\n\nINV-0002;ERP-2\ninv_3\tERP-3\nbroken line\n';
    expect(parseNumberPairs(text)).toEqual({
      pairs: [
        { document: 'inv_1', erpNumber: 'ERP-1', line: 2 },
        { document: 'INV-0002', erpNumber: 'ERP-2', line: 4 },
        { document: 'inv_3', erpNumber: 'ERP-3', line: 5 },
      ],
      unreadable: [6],
    });
  });

  it('matches pairs to the selected rows by service id or by document number', () => {
    const rows = [
      { id: 'inv_1', number: 'INV-0001' },
      { id: 'inv_2', number: 'INV-0002' },
    ];
    const { pairs } = parseNumberPairs('inv_1,ERP-1\nINV-0002,ERP-2\nINV-0099,ERP-9');
    const { numbers, unmatched } = matchNumberPairs(pairs, rows);
    expect([...numbers]).toEqual([
      ['inv_1', 'ERP-1'],
      ['inv_2', 'ERP-2'],
    ]);
    expect(unmatched.map((pair) => pair.document)).toEqual(['INV-0099']);
  });
});
