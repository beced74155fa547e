import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptOf, browserFiles, createBrowserFiles } from '../../../src-renderer/bridge/browser-files';
import { maxFileBytes, maxOpenFiles } from '../../../src-shared/bridge/file-limits';

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
    expect([input.type, input.accept, input.multiple, input.hidden]).toEqual([
      'file',
      '.csv,.txt,.xlsx',
      false,
      true,
    ]);

    const file = new File([new TextEncoder().encode('a,b\n1,2\n')], 'register.csv', { type: 'text/csv' });
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));

    expect(await opened).toEqual({
      ok: true,
      value: [{ name: 'register.csv', bytes: new TextEncoder().encode('a,b\n1,2\n') }],
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

  /** A chosen file as the page sees it, whose reading is recorded (a size need not be allocated). */
  function chosen(name: string, size: number, text = '') {
    return { name, size, arrayBuffer: vi.fn(async () => new TextEncoder().encode(text).buffer) };
  }

  /** Opens with `request`, answering the chooser with `files`. */
  async function openWith(
    files: ReturnType<typeof chosen>[],
    options: { multiple?: boolean; open?: typeof browserFiles.open } = {},
  ) {
    const clicked = catchClick('input');
    const opened = (options.open ?? browserFiles.open)({ ...request, multiple: options.multiple });
    const input = await clicked;
    Object.defineProperty(input, 'files', { value: files });
    input.dispatchEvent(new Event('change'));
    return { input, result: await opened };
  }

  it('lets the clerk choose several files when asked, and answers them in the order chosen', async () => {
    const units = chosen('units.csv', 11, 'code\nPCS\n');
    const prices = chosen('prices.csv', 8, 'code\nP1\n');
    const { input, result } = await openWith([units, prices], { multiple: true });
    expect(input.multiple).toBe(true);
    expect(result).toEqual({
      ok: true,
      value: [
        { name: 'units.csv', bytes: new TextEncoder().encode('code\nPCS\n') },
        { name: 'prices.csv', bytes: new TextEncoder().encode('code\nP1\n') },
      ],
    });
  });

  it('refuses more than 50 files, or more than one where one is asked, before reading any', async () => {
    const many = Array.from({ length: maxOpenFiles + 1 }, (_, index) => chosen(`export-${index}.csv`, 1));
    expect((await openWith(many, { multiple: true })).result).toEqual({
      ok: false,
      error: {
        code: 'TOO_MANY_FILES',
        message: '51 files were chosen; the app opens at most 50 at once',
        retryable: false,
        details: [{ limit: 'count' }],
      },
    });
    const two = [chosen('a.csv', 1), chosen('b.csv', 1)];
    expect((await openWith(two)).result).toMatchObject({
      ok: false,
      error: { code: 'TOO_MANY_FILES', message: '2 files were chosen; this asks for one' },
    });
    expect([...many, ...two].some((file) => file.arrayBuffer.mock.calls.length > 0)).toBe(false);
    const fifty = many.slice(0, maxOpenFiles);
    const opened = (await openWith(fifty, { multiple: true })).result;
    expect(opened.ok && opened.value?.length).toBe(maxOpenFiles);
  });

  it('refuses a file over 512 MiB, naming it, before reading any', async () => {
    const files = [chosen('units.csv', 10), chosen('customers.csv', maxFileBytes + 1)];
    expect((await openWith(files, { multiple: true })).result).toEqual({
      ok: false,
      error: {
        code: 'FILE_TOO_LARGE',
        message: 'The file customers.csv is larger than 512 MB, the most the app opens',
        retryable: false,
        details: [{ limit: 'file' }],
      },
    });
    expect(files.some((file) => file.arrayBuffer.mock.calls.length > 0)).toBe(false);
  });

  it('refuses files each within 512 MiB whose sum is over it, before reading any', async () => {
    const half = Math.floor(maxFileBytes / 2) + 1;
    const files = [chosen('prices.csv', half), chosen('balances.csv', half)];
    expect((await openWith(files, { multiple: true })).result).toEqual({
      ok: false,
      error: {
        code: 'FILE_TOO_LARGE',
        message: 'The 2 files chosen are larger than 512 MB together, the most the app opens at once',
        retryable: false,
        details: [{ limit: 'total' }],
      },
    });
    expect(files.some((file) => file.arrayBuffer.mock.calls.length > 0)).toBe(false);

    // At the limit exactly, they open.
    const limited = createBrowserFiles({ maxBytes: 10, maxFiles: 3 });
    const atLimit = [chosen('a.csv', 5, '01234'), chosen('b.csv', 5, '56789')];
    expect((await openWith(atLimit, { multiple: true, open: limited.open })).result).toMatchObject({
      ok: true,
      value: [{ name: 'a.csv' }, { name: 'b.csv' }],
    });
  });
});
