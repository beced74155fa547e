import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  defaultReconcileSettings,
  suggestRegisterMapping,
  type RegisterLine,
} from '../../../src-shared/domain/reconcile';
import { db } from '../../../src-renderer/data/db';
import { addReconciliation } from '../../../src-renderer/data/reconciliations';
import { ReconcileView } from '../../../src-renderer/features/reconcile/ReconcileView';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { row } from '../review/fixtures';
import { useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';

useConnectedDesk();

/** A register line of an invoice (1,234.50 EGP on 2025-03-01) naming its customer by name, with `patch`. */
function line(erpNumber: string, customerName: string, patch: Partial<RegisterLine> = {}): RegisterLine {
  return {
    id: erpNumber,
    line: 2,
    kind: 'invoices',
    erpNumber,
    erpKey: null,
    serviceRef: null,
    customer: null,
    customerName,
    date: '2025-03-01',
    amountCents: 123450,
    currency: 'EGP',
    chequeNumber: null,
    ...patch,
  };
}

/**
 * Two invoices of two named customers, two pharmacies of one name (orders only), and a register naming
 * customers as QuickBooks does: by name. SI-1 names invoice a by reference under a customer code the
 * service does not know (it differs, but for its name); SI-4 is invoice d by customer, amount and date
 * (only in the ERP, but for its name); SI-5 names both pharmacies; SI-6 a shop the service does not have.
 */
async function stageNamedRegister(): Promise<void> {
  await putRows('invoices', [
    row('a', { customerId: 'cu-1', customer: 'C-1' }),
    row('d', { customerId: 'cu-2', customer: 'C-2', amountCents: 50000 }),
  ]);
  await putRows('orders', [
    row('o3', { customerId: 'cu-3', customer: 'C-3' }),
    row('o4', { customerId: 'cu-4', customer: 'C-4' }),
  ]);
  await db.customerNames.bulkPut([
    { id: 'cu-1', code: 'C-1', name: { en: 'Al Noor Trading', ar: 'شركة النور للتجارة' }, fetchedAt: 'now' },
    { id: 'cu-2', code: 'C-2', name: { en: 'Hassan Foods', ar: 'مؤسسة حسن للأغذية' }, fetchedAt: 'now' },
    { id: 'cu-3', code: 'C-3', name: { en: 'Nile Pharmacy' }, fetchedAt: 'now' },
    { id: 'cu-4', code: 'C-4', name: { en: 'Nile Pharmacy' }, fetchedAt: 'now' },
  ]);
  const headers = ['Num', 'Memo', 'Name', 'Date', 'Amount'];
  await addReconciliation({
    id: 'rec-1',
    connectionId: 'conn-1',
    kind: 'invoices',
    fileName: 'invoices.csv',
    format: 'CSV, UTF-8, comma',
    createdAt: '2025-03-05T08:00:00.000Z',
    updatedAt: '2025-03-05T08:00:00.000Z',
    headers,
    mapping: suggestRegisterMapping(headers),
    options: { kind: 'invoices', dateOrder: 'ymd', defaultCurrency: 'EGP' },
    register: {
      lines: [
        line('SI-1', 'شركه النــور للتجاره', { serviceRef: 'INV-a', customer: 'OLD-1' }),
        line('SI-4', 'موسسه حسن للاغذيه', { amountCents: 50000, date: '2025-03-02' }),
        line('SI-5', 'nile pharmacy', { amountCents: 999 }),
        line('SI-6', 'Unknown Shop', { amountCents: 777 }),
      ],
      isTaxIncluded: true,
    },
    settings: defaultReconcileSettings,
    decisions: [],
  });
}

/** The state buttons' texts, in order. */
async function stateButtons(): Promise<string[]> {
  const states = await screen.findByRole('group', { name: 'States' });
  return within(states)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

/** The items of a list of the customer names note, as text. */
function items(list: string): string[] {
  return within(screen.getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.getAttribute('aria-label') === list)
    .map((item) => item.textContent ?? '');
}

/** The connection's aliases as stored: name, customer, word. */
async function storedAliases(): Promise<Array<[string, string, string]>> {
  return (await db.customerAliases.toArray()).map((alias) => [
    alias.shownName,
    alias.customerId,
    alias.state,
  ]);
}

describe('customers a register names by name, in the Reconcile section', () => {
  it('matches their lines at once and says which names matched, which match several customers and which none', async () => {
    await stageNamedRegister();
    const view = render(<ReconcileView kind="invoices" id="rec-1" />);
    // SI-1 is matched (its customer agrees by name), SI-4 suggested by customer, amount and date.
    await waitFor(async () =>
      expect(await stateButtons()).toEqual([
        'Matched 1',
        'Suggested 1',
        'Differs 0',
        'Ambiguous 0',
        'Only in the service 0',
        'Only in the ERP 2',
      ]),
    );
    const note = screen.getByRole('region', { name: 'Customer names' });
    expect(
      within(note)
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toEqual([
      "2 customer names in the register matched to the service's customers by name. Their lines already count as these customers. Confirm each pair, or say Not this customer: the desk remembers either for this connection.",
      '1 name matches several customers: choose the one it is, or leave it unmatched.',
      '1 name matches no customer of the service: its lines match no document by customer.',
    ]);
    expect(items('Customer names matched')).toEqual([
      'شركه النــور للتجاره → Al Noor Trading · شركة النور للتجارة (C-1) · 1 line Confirm Not this customer',
      'موسسه حسن للاغذيه → Hassan Foods · مؤسسة حسن للأغذية (C-2) · 1 line Confirm Not this customer',
    ]);
    expect(items('Customer names matching several customers')).toEqual([
      'nile pharmacy · 1 lineNile Pharmacy (C-3) This oneNile Pharmacy (C-4) This one',
    ]);
    expect(items('Customer names matching no customer')).toEqual(['Unknown Shop · 1 line']);
    view.unmount();
  });

  it('keeps Confirm, Not this customer and a choice for the connection, and they survive a restart', async () => {
    await stageNamedRegister();
    const user = userEvent.setup();
    const view = render(<ReconcileView kind="invoices" id="rec-1" />);
    await waitFor(async () => expect(await stateButtons()).toContain('Suggested 1'));
    const matched = () => screen.getAllByRole('listitem').filter((item) => item.textContent?.includes('→'));

    // Confirm: remembered, the pair stays and says so.
    await user.click(within(matched()[0]!).getByRole('button', { name: 'Confirm' }));
    await waitFor(async () =>
      expect(await storedAliases()).toEqual([['شركه النــور للتجاره', 'cu-1', 'confirmed']]),
    );
    await waitFor(() =>
      expect(items('Customer names matched')[0]).toContain('· 1 line · confirmed Not this customer'),
    );
    const note = screen.getByRole('region', { name: 'Customer names' });
    expect(within(note).getAllByRole('status')[0]!.textContent).toContain('by name (1 as you confirmed).');

    // Not this customer: remembered, the pair is dropped and the engine runs again without it.
    await user.click(within(matched()[1]!).getByRole('button', { name: 'Not this customer' }));
    await waitFor(async () =>
      expect(await stateButtons()).toEqual([
        'Matched 1',
        'Suggested 0',
        'Differs 0',
        'Ambiguous 0',
        'Only in the service 1',
        'Only in the ERP 3',
      ]),
    );
    expect(items('Customer names matching no customer')).toEqual([
      'موسسه حسن للاغذيه · 1 line',
      'Unknown Shop · 1 line',
    ]);

    // A name of several customers: the clerk chooses one, and it is confirmed.
    await user.click(
      within(screen.getByRole('list', { name: 'Customer names matching several customers' })).getAllByRole(
        'button',
        { name: 'This one' },
      )[1]!,
    );
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Customer names matching several customers' })).toBeNull(),
    );
    expect(await storedAliases()).toEqual([
      ['nile pharmacy', 'cu-4', 'confirmed'],
      ['شركه النــور للتجاره', 'cu-1', 'confirmed'],
      ['موسسه حسن للاغذيه', 'cu-2', 'refused'],
    ]);
    view.unmount();

    // Opened again: the confirmed pairs are confirmed, the refused one is never proposed again.
    const again = render(<ReconcileView kind="invoices" id="rec-1" />);
    await waitFor(() =>
      expect(items('Customer names matched')).toEqual([
        'شركه النــور للتجاره → Al Noor Trading · شركة النور للتجارة (C-1) · 1 line · confirmed Not this customer',
        'nile pharmacy → Nile Pharmacy (C-4) · 1 line · confirmed Not this customer',
      ]),
    );
    expect(items('Customer names matching no customer')).toEqual([
      'موسسه حسن للاغذيه · 1 line',
      'Unknown Shop · 1 line',
    ]);
    expect(await stateButtons()).toContain('Matched 1');
    again.unmount();
  });

  it('says in plain words when a choice cannot be kept (a full disk), and keeps nothing', async () => {
    await stageNamedRegister();
    const user = userEvent.setup();
    const view = render(<ReconcileView kind="invoices" id="rec-1" />);
    await waitFor(async () => expect(await stateButtons()).toContain('Suggested 1'));
    const full = vi
      .spyOn(db.customerAliases, 'put')
      .mockRejectedValue(new Error('QuotaExceededError: the disk is full'));
    const first = screen.getAllByRole('listitem').find((item) => item.textContent?.includes('→'))!;
    await user.click(within(first).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The choice could not be kept on this computer (QuotaExceededError: the disk is full). Nothing was changed; try again.',
    );
    full.mockRestore();
    expect(await storedAliases()).toEqual([]);
    expect(items('Customer names matched')[0]).toContain('Confirm Not this customer');
    view.unmount();
  });

  it('says the names note in Arabic on an Arabic desk, each count in its plural form', async () => {
    await stageNamedRegister();
    const view = render(<ReconcileView kind="invoices" id="rec-1" />);
    await waitFor(async () => expect(await stateButtons()).toContain('Suggested 1'));
    act(() => useLanguageStore.getState().change({ language: 'ar' }));
    const note = await screen.findByRole('region', { name: 'أسماء العملاء' });
    expect(
      within(note)
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toEqual([
      'اسما عميلين في الكشف طوبقا بالاسم مع عملاء الخدمة. سطورها محسوبة بالفعل على هؤلاء العملاء. أكّد كل زوج، أو اختر «ليس هذا العميل»: يتذكر المكتب اختيارك لهذا الاتصال.',
      'اسم واحد يطابق أكثر من عميل: اختر العميل الصحيح، أو اتركه دون مطابقة.',
      'اسم واحد لا يطابق أي عميل في الخدمة: سطوره لا تطابق أي مستند بالعميل.',
    ]);
    // The names and the customers stay as written, each set apart in a <bdi>.
    expect(items('أسماء العملاء المطابَقة')).toEqual([
      'شركه النــور للتجاره → Al Noor Trading · شركة النور للتجارة (C-1) · سطر واحد تأكيد ليس هذا العميل',
      'موسسه حسن للاغذيه → Hassan Foods · مؤسسة حسن للأغذية (C-2) · سطر واحد تأكيد ليس هذا العميل',
    ]);
    expect(items('أسماء عملاء لا تطابق أي عميل')).toEqual(['Unknown Shop · سطر واحد']);
    expect(within(note).getAllByText('Unknown Shop')[0]!.tagName).toBe('BDI');

    const user = userEvent.setup();
    const first = screen.getAllByRole('listitem').find((item) => item.textContent?.includes('→'))!;
    await user.click(within(first).getByRole('button', { name: 'تأكيد' }));
    await waitFor(() =>
      expect(within(note).getAllByRole('status')[0]!.textContent).toContain(
        'اسما عميلين في الكشف طوبقا بالاسم مع عملاء الخدمة (منها 1 بتأكيدك).',
      ),
    );
    expect(items('أسماء العملاء المطابَقة')[0]).toContain('· سطر واحد · مؤكَّد ليس هذا العميل');
    view.unmount();
  });
});
