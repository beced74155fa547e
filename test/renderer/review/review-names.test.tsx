// Names, not codes, on the review screens (issue 27; docs/decisions/107-names-not-codes.md): the grid's
// rep, status and customer cells and the detail panel show the name the desk knows in the clerk's
// language, the code beside it, set apart in a desk that reads right to left; the code alone when no
// name is known; and the cells follow names read after the grid was drawn.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { toVersionCursor } from '../../../src-shared/domain/feeds';
import type { Invoice, Payment } from '../../../src-shared/wire';
import { buildDeskNames, type DeskNames } from '../../../src-renderer/data/desk-names';
import { stageFeedPage } from '../../../src-renderer/data/staging';
import { defaultReviewSort } from '../../../src-renderer/data/review-rows/query';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { useDeskStore } from '../../../src-renderer/state/store';
import { DetailPanel } from '../../../src-renderer/features/review/DetailPanel';
import { ReviewSection } from '../../../src-renderer/features/review/ReviewSection';
import { reviewColumns } from '../../../src-renderer/features/review/columns';
import { csvBlobOf } from '../../../src-renderer/features/review/export-view';
import { invoice, meta, payment } from '../../support/wire-documents';
import { useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';
import { row } from './fixtures';

useConnectedDesk();

const at = '2025-03-06T08:00:00.000Z';

/** The names a synced desk holds: lists, a customer's lookup, a unit's, and a rep the clerk named. */
function deskNames(): DeskNames {
  const entry = (code: string, en: string, ar: string, attributes: Record<string, string> = {}) => ({
    code,
    name: { en, ar },
    attributes,
  });
  return buildDeskNames({
    connectionId: 'conn-1',
    lists: [
      {
        kind: 'order-statuses',
        entries: [
          entry('ERP_PENDING', 'Awaiting the ERP', 'بانتظار نظام ERP'),
          entry('DELIVERED', 'Delivered', 'تم التسليم'),
        ],
        fetchedAt: at,
      },
      {
        kind: 'payment-methods',
        entries: [
          entry('CASH', 'Cash', 'نقدي', { needs_reference: 'false' }),
          entry('CHEQUE', 'Cheque', 'شيك', { needs_reference: 'true' }),
        ],
        fetchedAt: at,
      },
      { kind: 'cheque-statuses', entries: [entry('IN_HAND', 'In hand', 'في العهدة')], fetchedAt: at },
      { kind: 'currencies', entries: [entry('EGP', 'Egyptian pound', 'جنيه مصري')], fetchedAt: at },
      { kind: 'tax-codes', entries: [entry('VAT14', 'VAT 14%', 'ضريبة القيمة المضافة 14%')], fetchedAt: at },
    ],
    customers: [
      { id: 'cu-1', code: 'C-1', name: { en: 'Al Noor Trading', ar: 'النور للتجارة' }, fetchedAt: at },
    ],
    records: [
      {
        connectionId: 'conn-1',
        entity: 'unit',
        id: 'u-1',
        code: 'BOX',
        name: { en: 'Box', ar: 'كرتونة' },
        deleted: false,
        fetchedAt: at,
      },
    ],
    reps: [
      {
        connectionId: 'conn-1',
        repId: 'rep-1',
        code: 'R01',
        name: { en: 'Ahmed Hassan', ar: 'أحمد حسن' },
        source: { kind: 'typed' },
        savedAt: at,
      },
    ],
    repRefs: [{ entity: 'sales_rep', id: 'rep-1', code: 'R01', externalRef: null }],
  });
}

function giveNames(): void {
  act(() => useDeskStore.setState({ names: deskNames() }));
}

function switchToArabic(): void {
  act(() => useLanguageStore.getState().change({ language: 'ar' }));
}

/** A cell's text as drawn, isolates and all. */
function cellText(id: string, colId: string): string | null | undefined {
  return document.querySelector(`.ag-row[row-id="${id}"] .ag-cell[col-id="${colId}"]`)?.textContent;
}

/** Two orders: one by a rep the clerk named, awaiting the ERP; one by a rep nobody named. */
const orders = [
  row('a', {
    number: 'SO-1',
    rep: 'R01',
    status: 'ERP_PENDING',
    customerName: 'Al Noor Trading · النور للتجارة',
  }),
  row('b', {
    number: 'SO-2',
    rep: 'R02',
    status: 'ON_HOLD',
    customer: 'C-9',
    customerId: 'cu-9',
    customerName: '',
  }),
];

describe('the review grid with names', () => {
  it('shows reps, statuses and customers by name beside their codes, in English and in Arabic', async () => {
    await putRows('orders', orders);
    giveNames();
    const view = render(<ReviewSection kind="orders" />);
    await waitFor(() => expect(cellText('a', 'rep')).toBe('R01 · Ahmed Hassan'));
    expect([
      cellText('a', 'status'),
      cellText('a', 'customer'),
      cellText('b', 'rep'),
      cellText('b', 'status'),
      cellText('b', 'customer'),
    ]).toEqual(['ERP_PENDING · Awaiting the ERP', 'Al Noor Trading', 'R02', 'ON_HOLD', 'C-9']);

    switchToArabic();
    // The grid is made anew: codes left to right, names first-strong, so R01 keeps its place in Arabic.
    await waitFor(() => expect(cellText('a', 'rep')).toBe('\u2066R01\u2069 · \u2068أحمد حسن\u2069'));
    expect([
      cellText('a', 'status'),
      cellText('a', 'customer'),
      cellText('b', 'rep'),
      cellText('b', 'customer'),
    ]).toEqual([
      '\u2066ERP_PENDING\u2069 · \u2068بانتظار نظام ERP\u2069',
      'النور للتجارة',
      '\u2066R02\u2069',
      'C-9',
    ]);
    view.unmount();
  });

  it('names the cells drawn before the names were read', async () => {
    await putRows('orders', orders);
    const view = render(<ReviewSection kind="orders" />);
    await waitFor(() => expect(cellText('a', 'rep')).toBe('R01'));
    expect(cellText('a', 'status')).toBe('ERP_PENDING');
    giveNames();
    await waitFor(() => expect(cellText('a', 'rep')).toBe('R01 · Ahmed Hassan'));
    expect(cellText('a', 'status')).toBe('ERP_PENDING · Awaiting the ERP');
    view.unmount();
  });

  it('exports the same names, without the marks that set them apart on screen', async () => {
    await putRows('orders', orders);
    giveNames();
    switchToArabic();
    const columns = reviewColumns('orders')
      .map((column) => ({ colId: column.colId ?? String(column.field), headerName: column.headerName ?? '' }))
      .filter((column) => column.colId === 'rep' || column.colId === 'status');
    const text = await (
      await csvBlobOf(
        { kind: 'orders', view: 'all', sort: defaultReviewSort, quickFilter: '', filters: [] },
        columns,
      )
    ).text();
    expect(text.slice(1).split('\r\n').slice(1).sort()).toEqual([
      '"R01 · أحمد حسن","ERP_PENDING · بانتظار نظام ERP"',
      '"R02","ON_HOLD"',
    ]);
  });
});

/** An invoice of a line in boxes taxed at 14%, the order delivered. */
function invoiceWithLine(): Invoice {
  const base = invoice('a', 1);
  return {
    ...base,
    lines: [
      {
        description: 'Juhayna milk 1L',
        discount: '0.00',
        is_free_goods: false,
        line_number: 1,
        line_total: '114.00',
        product: { id: 'p-1', code: 'PRD-101' },
        quantity: '1',
        tax: [{ amount: '14.00', code: 'VAT14', rate: '14.00' }],
        unit: { id: 'u-1', code: 'BOX' },
        unit_price: '100.00',
      },
    ],
  };
}

/** A cheque payment that carries no reference. */
function chequeWithoutReference(): Payment {
  return {
    ...payment('p', 1),
    method: 'CHEQUE',
    cheque: { number: 'CHQ-77', status: 'IN_HAND', bank: 'Banque Misr', due_on: '2025-03-20' },
  };
}

/** The value shown for a fact of the panel. */
function fact(panel: HTMLElement, label: string): HTMLElement {
  return within(panel).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
}

describe('the detail panel with names', () => {
  it('shows an invoice’s records and codes by name beside their codes, in English and in Arabic', async () => {
    await stageFeedPage(
      { kind: 'invoices', data: [invoiceWithLine()], meta: meta(1) },
      toVersionCursor(0),
      at,
    );
    giveNames();
    render(<DetailPanel kind="invoices" id="a" onClose={() => undefined} />);
    const panel = await screen.findByRole('complementary', { name: 'Document detail' });
    await within(panel).findByRole('region', { name: 'Lines' });
    expect([
      fact(panel, 'Customer').textContent,
      fact(panel, 'Rep').textContent,
      fact(panel, 'Branch').textContent,
      fact(panel, 'Currency').textContent,
      fact(panel, 'Order').textContent,
    ]).toEqual([
      'C-1 · Al Noor Trading',
      'R01 · Ahmed Hassan',
      'C-1-1',
      'EGP · Egyptian pound',
      'SO-a (DELIVERED · Delivered)',
    ]);
    const line = within(panel).getByRole('region', { name: 'Lines' }).querySelector('tbody tr')!;
    expect([...line.children].map((cell) => cell.textContent)).toEqual([
      '1',
      'Juhayna milk 1L',
      '1',
      'BOX · Box',
      '100.00',
      '0.00',
      'VAT14 · VAT 14% 14.00',
      '114.00',
    ]);
    // The code set apart left to right and the name in its own direction, in a <bdi> each.
    expect(fact(panel, 'Rep').innerHTML).toBe(
      '<span class="code-name"><bdi dir="ltr">R01</bdi> · <bdi>Ahmed Hassan</bdi></span>',
    );
    // No name known: the code alone, still set apart.
    expect(fact(panel, 'Branch').innerHTML).toBe('<bdi dir="ltr">C-1-1</bdi>');

    switchToArabic();
    await waitFor(() => expect(fact(panel, 'العميل').textContent).toBe('C-1 · النور للتجارة'));
    expect(fact(panel, 'المندوب').innerHTML).toBe(
      '<span class="code-name"><bdi dir="ltr">R01</bdi> · <bdi>أحمد حسن</bdi></span>',
    );
    expect(fact(panel, 'العملة').textContent).toBe('EGP · جنيه مصري');
    // In a sentence the status is set apart by isolates.
    expect(fact(panel, 'الطلبية').textContent).toBe(
      '\u2066SO-a\u2069 (\u2066DELIVERED\u2069 · \u2068تم التسليم\u2069)',
    );
  });

  it('says a cheque needs a reference when it carries none, and names its method and status', async () => {
    await stageFeedPage(
      { kind: 'payments', data: [chequeWithoutReference()], meta: meta(1) },
      toVersionCursor(0),
      at,
    );
    giveNames();
    render(<DetailPanel kind="payments" id="p" onClose={() => undefined} />);
    const panel = await screen.findByRole('complementary', { name: 'Document detail' });
    await within(panel).findByRole('region', { name: 'Cheque' });
    expect([
      fact(panel, 'Method').textContent,
      fact(panel, 'Reference').textContent,
      fact(within(panel).getByRole('region', { name: 'Cheque' }), 'Status').textContent,
    ]).toEqual(['CHEQUE · Cheque', 'Needs a reference — none given', 'IN_HAND · In hand']);
  });

  it('shows codes alone when no name is known, and no missing reference it cannot know of', async () => {
    await stageFeedPage(
      { kind: 'payments', data: [{ ...chequeWithoutReference(), id: 'p' }], meta: meta(1) },
      toVersionCursor(0),
      at,
    );
    render(<DetailPanel kind="payments" id="p" onClose={() => undefined} />);
    const panel = await screen.findByRole('complementary', { name: 'Document detail' });
    await within(panel).findByRole('region', { name: 'Cheque' });
    expect([
      fact(panel, 'Method').textContent,
      fact(panel, 'By').textContent,
      fact(panel, 'Currency').textContent,
    ]).toEqual(['CHEQUE', 'R01', 'EGP']);
    expect(within(panel).queryByText('Reference', { selector: 'dt' })).toBeNull();
  });
});
