import { describe, expect, it } from 'vitest';
import writeExcelFile, { type SheetData } from 'write-excel-file/node';
import type { UnreadableFileError } from '../../../src-shared/domain/master-data';
import { readImportFile } from '../../../src-renderer/features/master-data/read-file';
import { fileProblemWords } from '../../../src-renderer/words/file-problem-words';

/** An XLSX made in the test, as an ArrayBuffer (nothing downloaded, no fixture). */
async function xlsx(rows: SheetData): Promise<ArrayBuffer> {
  const buffer = await writeExcelFile(rows).toBuffer();
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
}

describe('reading an export file', () => {
  it('reads an Excel sheet as text cells: dates as days, numbers plain, Arabic kept', async () => {
    const buffer = await xlsx([
      [
        { value: 'price list' },
        { value: 'product' },
        { value: 'name.ar' },
        { value: 'price' },
        { value: 'valid from' },
      ],
      [
        { value: 'RETAIL' },
        { value: 1001 },
        { value: 'شاي' },
        { value: 12.5 },
        { value: new Date(Date.UTC(2025, 2, 1)), type: Date, format: 'yyyy-mm-dd' },
      ],
    ]);
    const read = await readImportFile('prices.xlsx', buffer);
    expect(read.format).toMatch(/^Excel, sheet /);
    expect(read.table).toEqual({
      headers: ['price list', 'product', 'name.ar', 'price', 'valid from'],
      rows: [{ line: 2, cells: ['RETAIL', '1001', 'شاي', '12.5', '2025-03-01'] }],
    });
  });

  it('reads a CSV in Windows-1256 and says how it read it', async () => {
    // "code;name" then "C1;عرب" in the Arabic Windows code page.
    const bytes = Uint8Array.from([...new TextEncoder().encode('code;name\nC1;'), 0xda, 0xd1, 0xc8, 0x0a]);
    const read = await readImportFile('customers.csv', bytes.buffer);
    expect(read).toEqual({
      format: 'CSV, Windows-1256 (Arabic), semicolon',
      table: { headers: ['code', 'name'], rows: [{ line: 2, cells: ['C1', 'عرب'] }] },
    });
  });

  it('refuses a damaged Excel file, by its problem, said in plain words', async () => {
    const broken = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]).buffer;
    const failed = await readImportFile('broken.xlsx', broken).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: 'SPREADSHEET', problem: { code: 'excel-unreadable' } });
    expect(fileProblemWords((failed as UnreadableFileError).problem)).toMatch(
      /^The Excel file cannot be read\./,
    );
  });
});
