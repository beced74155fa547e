import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpenFileRequest, SaveFileRequest } from '../../../src-shared/bridge/contract';

// The screens reach files only through the bridge's `files` (the desktop app's Save and Open dialogs,
// or browser mode's download and file chooser): here a bridge that records what was asked and answers
// as the test says. Browser mode's own answers are test/renderer/files/browser-files.test.ts.
const bridge = vi.hoisted(() => {
  const desk = {
    files: {
      save: vi.fn(async (_request: SaveFileRequest) => ({
        ok: true as const,
        value: { name: _request.suggestedName, path: null } as { name: string; path: string | null } | null,
      })),
      open: vi.fn(async (_request: OpenFileRequest) => ({
        ok: true as const,
        value: null as Array<{ name: string; bytes: Uint8Array }> | null,
      })),
    },
    reference: { list: vi.fn(async () => ({ ok: true as const, value: [] })) },
    on: vi.fn(() => () => undefined),
  };
  Object.assign(globalThis, { desk });
  return { desk };
});

import { ImportRegister } from '../../../src-renderer/features/reconcile/ImportRegister';
import { AcceptDialog } from '../../../src-renderer/features/review/AcceptDialog';
import { ReviewSection } from '../../../src-renderer/features/review/ReviewSection';
import { row } from '../review/fixtures';
import { useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';

useConnectedDesk();
afterEach(() => {
  bridge.desk.files.save.mockClear();
  bridge.desk.files.open.mockClear();
});

const text = (bytes: Uint8Array): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

async function reviewWithTwoInvoices(): Promise<void> {
  await putRows('invoices', [row('a'), row('b', { amountCents: 5000 })]);
  render(<ReviewSection kind="invoices" />);
  await screen.findByRole('button', { name: 'Pending 2' });
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', false),
  );
}

describe('an export', () => {
  it('is saved through the bridge as UTF-8 CSV with its BOM, and the clerk reads where it went', async () => {
    const user = userEvent.setup();
    await reviewWithTwoInvoices();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    const status = await screen.findByRole('status', { name: 'Export' });
    const request = bridge.desk.files.save.mock.calls[0]![0];
    expect(request.suggestedName).toMatch(/^invoices-pending-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(request.filter).toEqual({ name: 'CSV file', extensions: ['csv'] });
    const lines = text(request.bytes).split(/\r?\n/);
    expect(lines[0]?.startsWith('\ufeff"Invoice","Issue date","Customer"')).toBe(true);
    expect(lines.slice(1).filter((line) => line !== '')).toHaveLength(2);
    expect(status.textContent).toBe(`Saved ${request.suggestedName}`);
  });

  it('says the full path where the app knows it (the desktop app)', async () => {
    const user = userEvent.setup();
    bridge.desk.files.save.mockResolvedValueOnce({
      ok: true,
      value: { name: 'invoices.xlsx', path: '/home/clerk/Documents/invoices.xlsx' },
    });
    await reviewWithTwoInvoices();
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    const status = await screen.findByRole('status', { name: 'Export' });
    expect(status.textContent).toBe('Saved /home/clerk/Documents/invoices.xlsx');
    const request = bridge.desk.files.save.mock.calls[0]![0];
    expect(request.filter).toEqual({ name: 'Excel workbook', extensions: ['xlsx'] });
    // A workbook is a ZIP: "PK".
    expect([...request.bytes.subarray(0, 2)]).toEqual([0x50, 0x4b]);
  });

  it('says nothing when the clerk cancels the Save dialog', async () => {
    const user = userEvent.setup();
    bridge.desk.files.save.mockResolvedValueOnce({ ok: true, value: null });
    await reviewWithTwoInvoices();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(bridge.desk.files.save).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('status', { name: 'Export' })).toBeNull();
    expect(screen.queryByRole('alert', { name: 'Export' })).toBeNull();
  });

  it('says in plain words why it was not saved', async () => {
    const user = userEvent.setup();
    bridge.desk.files.save.mockResolvedValueOnce({
      ok: false,
      error: { code: 'INTERNAL', message: 'EACCES: permission denied', retryable: true },
    } as never);
    await reviewWithTwoInvoices();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert', { name: 'Export' })).textContent).toBe(
      'The file could not be saved (EACCES: permission denied). Choose another folder or name and try again.',
    );
  });
});

describe('an import', () => {
  const register =
    'Document No.,External Document No.,Sell-to Customer No.,Posting Date,Amount\nSI-1,INV-a,C-1,2025-03-01,1234.50\n';

  it('asks the bridge for one register file and reads the one chosen', async () => {
    const user = userEvent.setup();
    bridge.desk.files.open.mockResolvedValueOnce({
      ok: true,
      value: [{ name: 'register.csv', bytes: new TextEncoder().encode(register) }],
    });
    render(
      <ImportRegister kind="invoices" connectionId="conn-1" openId={null} onImported={() => undefined} />,
    );
    await user.click(
      within(screen.getByRole('group', { name: 'ERP register file' })).getByRole('button', {
        name: 'Choose file…',
      }),
    );
    expect(await screen.findByText('register.csv · CSV, UTF-8, comma · 1 row')).toBeTruthy();
    expect(bridge.desk.files.open.mock.calls[0]![0].filters[0]).toEqual({
      name: 'CSV or Excel',
      extensions: ['csv', 'txt', 'xlsx', 'xls', 'xml'],
    });
    // One register at a time: the dialog lets one file be chosen.
    expect(bridge.desk.files.open.mock.calls[0]![0].multiple).toBeUndefined();
    expect(await screen.findByRole('button', { name: 'Reconcile 1 document' })).toBeTruthy();
  });

  it('leaves the screen as it was when the clerk cancels, and says why when it cannot open', async () => {
    const user = userEvent.setup();
    render(
      <ImportRegister kind="invoices" connectionId="conn-1" openId={null} onImported={() => undefined} />,
    );
    const choose = within(screen.getByRole('group', { name: 'ERP register file' })).getByRole('button', {
      name: 'Choose file…',
    });
    await user.click(choose);
    await waitFor(() => expect(choose).toHaveProperty('disabled', false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Register columns' })).toBeNull();

    bridge.desk.files.open.mockResolvedValueOnce({
      ok: false,
      error: { code: 'NO_FILE_DIALOGS', message: 'No dialogs.', retryable: false },
    } as never);
    await user.click(choose);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This app cannot show an Open dialog here. Restart the app and try again.',
    );
  });

  it('of ERP numbers in the Accept dialog applies the numbers of the file chosen', async () => {
    const user = userEvent.setup();
    bridge.desk.files.open.mockResolvedValueOnce({
      ok: true,
      value: [{ name: 'numbers.csv', bytes: new TextEncoder().encode('id,erp\nINV-a,ERP-1\nb,ERP-2\n') }],
    });
    render(
      <AcceptDialog
        kind="invoices"
        rows={[row('a'), row('b')]}
        onCancel={() => undefined}
        onSubmit={vi.fn()}
      />,
    );
    await user.click(
      within(screen.getByRole('group', { name: 'Import CSV' })).getByRole('button', { name: 'Choose file…' }),
    );
    expect((await screen.findByRole('status')).textContent).toBe('2 number(s) applied.');
    expect(screen.getByLabelText('ERP number for INV-b')).toHaveProperty('value', 'ERP-2');
    expect(bridge.desk.files.open.mock.calls[0]![0]).toEqual({
      title: 'ERP numbers (CSV)',
      filters: [{ name: 'CSV or text', extensions: ['csv', 'txt'] }],
    });
  });
});
