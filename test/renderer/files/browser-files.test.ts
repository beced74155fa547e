import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptOf, browserFiles } from '../../../src-renderer/bridge/browser-files';

/** The next element of `tag` the code appends to the page, caught at its `click()`. */
function catchClick<K extends 'a' | 'input'>(tag: K): Promise<HTMLElementTagNameMap[K]> {
  return new Promise((resolve) => {
    const click = vi.spyOn(HTMLElement.prototype, 'click').mockImplementation(function (this: HTMLElement) {
      if (this.tagName.toLowerCase() !== tag) return;
      click.mockRestore();
      // What the page shows at the moment of the click, before the code tidies up.
      expect(this.isConnected).toBe(true);
      resolve(this as HTMLElementTagNameMap[K]);
    });
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('saving in browser mode', () => {
  it('downloads the bytes under the name offered, then revokes the address and leaves no link', async () => {
    vi.useFakeTimers();
    const made: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      made.push(blob as Blob);
      return 'blob:desk/1';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = catchClick('a');
    const bytes = new TextEncoder().encode('\ufeffInvoice,Amount\r\nINV-1,10.00\r\n');

    const saved = await browserFiles.save({
      suggestedName: 'invoices-pending-2026-11-24.csv',
      filter: { name: 'CSV file', extensions: ['csv'] },
      bytes,
    });
    const link = await clicked;

    expect(saved).toEqual({ ok: true, value: { name: 'invoices-pending-2026-11-24.csv', path: null } });
    expect([link.download, link.getAttribute('href')]).toEqual([
      'invoices-pending-2026-11-24.csv',
      'blob:desk/1',
    ]);
    expect(made[0]?.type).toBe('text/csv;charset=utf-8');
    expect(new Uint8Array(await made[0]!.arrayBuffer())).toEqual(bytes);
    expect(document.querySelector('a')).toBeNull();
    // Revoked a while after the download started, not at once.
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:desk/1');
  });

  it('names an Excel workbook by its type', async () => {
    const made: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      made.push(blob as Blob);
      return 'blob:desk/2';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    void catchClick('a');
    await browserFiles.save({
      suggestedName: 'day-end.xlsx',
      filter: { name: 'Excel workbook', extensions: ['xlsx'] },
      bytes: new Uint8Array([0x50, 0x4b]),
    });
    expect(made[0]?.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });
});

describe('opening in browser mode', () => {
  const request = {
    title: "The ERP's register",
    filters: [
      { name: 'CSV or Excel', extensions: ['csv', 'txt', 'xlsx'] },
      { name: 'CSV file', extensions: ['csv', 'TXT'] },
    ],
  };

  it('offers the types of the filters and answers the chosen file’s name and bytes', async () => {
    const clicked = catchClick('input');
    const opened = browserFiles.open(request);
    const input = await clicked;
    expect([input.type, input.accept, input.hidden]).toEqual(['file', '.csv,.txt,.xlsx', true]);

    const file = new File([new TextEncoder().encode('a,b\n1,2\n')], 'register.csv', { type: 'text/csv' });
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));

    expect(await opened).toEqual({
      ok: true,
      value: { name: 'register.csv', bytes: new TextEncoder().encode('a,b\n1,2\n') },
    });
    expect(document.querySelector('input')).toBeNull();
  });

  it('answers null when the clerk closes the chooser', async () => {
    const clicked = catchClick('input');
    const opened = browserFiles.open(request);
    (await clicked).dispatchEvent(new Event('cancel'));
    expect(await opened).toEqual({ ok: true, value: null });
    expect(document.querySelector('input')).toBeNull();
  });

  it('writes accept from the filters, each extension once', () => {
    expect(acceptOf([{ name: 'Excel', extensions: ['xlsx', 'XLSX'] }])).toBe('.xlsx');
  });
});
