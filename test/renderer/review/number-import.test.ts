import { describe, expect, it } from 'vitest';
import {
  matchNumberPairs,
  parseNumberPairs,
  readNumberPairsFile,
} from '../../../src-renderer/features/review/number-import';

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

describe('an imported file of ERP numbers', () => {
  it('reads Windows-1256 and UTF-16 files as the master-data import does, quotes and all', () => {
    const cp1256: Record<string, number> = { ف: 0xdd, ا: 0xc7, ت: 0xca, و: 0xe6, ر: 0xd1, ة: 0xc9 };
    const windows1256 = Uint8Array.from(
      [...'id,erp_number\ninv_1,"فاتورة 1"\n'].map((char) => cp1256[char] ?? char.charCodeAt(0)),
    );
    const text = 'inv_2;ERP-2\r\n"inv_3",ERP-3\r\n';
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    [...text].forEach((char, index) => utf16.set([char.charCodeAt(0), 0], 2 + index * 2));
    expect([readNumberPairsFile(windows1256), readNumberPairsFile(utf16)]).toEqual([
      { pairs: [{ document: 'inv_1', erpNumber: 'فاتورة 1', line: 2 }], unreadable: [] },
      {
        pairs: [
          { document: 'inv_2', erpNumber: 'ERP-2', line: 1 },
          { document: 'inv_3', erpNumber: 'ERP-3', line: 2 },
        ],
        unreadable: [],
      },
    ]);
  });
});
