import 'fake-indexeddb/auto';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnState, GridApi } from 'ag-grid-community';
import type * as AgGridReactModule from 'ag-grid-react';

// Every grid made is told here, so the test can read the grid a language switch made anew (the clerk's
// sort, widths and filters are set through the API, as the grid's menus end up setting them).
const made = vi.hoisted(() => ({ apis: [] as GridApi[] }));
vi.mock('ag-grid-react', async (importOriginal) => {
  const actual = await importOriginal<typeof AgGridReactModule>();
  const { createElement } = await import('react');
  function AgGridReact(props: Record<string, unknown>) {
    const onGridReady = props.onGridReady as ((event: { api: GridApi }) => void) | undefined;
    return createElement(actual.AgGridReact, {
      ...props,
      onGridReady: (event: { api: GridApi }) => {
        made.apis.push(event.api);
        onGridReady?.(event);
      },
    });
  }
  return { ...actual, AgGridReact };
});

import { toVersionCursor } from '../../../src-shared/domain/feeds';
import { rejectReasons } from '../../../src-shared/domain/acks';
import { stageFeedPage } from '../../../src-renderer/data/staging';
import { defaultReviewSort } from '../../../src-renderer/data/review-rows/query';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { DetailPanel } from '../../../src-renderer/features/review/DetailPanel';
import { RejectDialog } from '../../../src-renderer/features/review/RejectDialog';
import { ReviewSection } from '../../../src-renderer/features/review/ReviewSection';
import { reviewColumns } from '../../../src-renderer/features/review/columns';
import { csvBlobOf } from '../../../src-renderer/features/review/export-view';
import { ackAt, invoice, meta } from '../../support/wire-documents';
import { useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';
import { row } from './fixtures';

useConnectedDesk();

/** The desk switched to Arabic, as the Settings section does. */
function switchToArabic(): void {
  act(() => useLanguageStore.getState().change({ language: 'ar' }));
}

/** Words of three Latin letters or more left in a text once codes and the catalogue's Latin names are out. */
function englishWordsIn(text: string): string[] {
  const allowed = new Set(['CSV', 'XLSX', 'ERP', 'EGP', 'ETA', 'UUID', 'Excel']);
  return (text.match(/[A-Za-z][A-Za-z-]{2,}/g) ?? []).filter(
    (word) => !allowed.has(word) && !/^(INV|ERP)-/.test(word),
  );
}

/** A text without the marks and isolates that set directions apart. */
function withoutMarks(text: string | null | undefined): string {
  return (text ?? '').replace(/[\u200e\u200f\u061c\u2066-\u2069]/g, '');
}

/** The ids of the grid's loaded rows, in the order shown. */
function shownRowIds(): string[] {
  return [...document.querySelectorAll('.ag-row[row-id]')]
    .map((element) => ({
      id: element.getAttribute('row-id') ?? '',
      index: Number(element.getAttribute('row-index')),
    }))
    .sort((a, b) => a.index - b.index)
    .map((shown) => shown.id);
}

/** A dialog's own words: its text without the reasons' names (reference data, in both languages). */
function dialogWords(dialog: HTMLElement): string {
  const copy = dialog.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('option:not([value=""])').forEach((option) => option.remove());
  return copy.textContent ?? '';
}

/** What a column's state holds that the clerk set: its place, width and sort. */
function clerkColumns(
  state: ColumnState[],
): Array<Pick<ColumnState, 'colId' | 'width' | 'sort' | 'sortIndex'>> {
  return state.map(({ colId, width, sort, sortIndex }) => ({ colId, width, sort, sortIndex }));
}

const threeInvoices = [
  row('a', { number: 'INV-1001', customerName: 'Zahra Foods · زهرة للأغذية', amountCents: 10_000 }),
  row('b', { number: 'INV-1002', customerName: 'Al Noor Trading · النور للتجارة', amountCents: -2_550 }),
  row('c', { number: 'CRN-0003', customerName: 'Delta Foods · دلتا للأغذية', amountCents: 99_900 }),
];

describe('the review grid on a switch to Arabic', () => {
  it('is made anew right to left and keeps the columns, the filter and the selection', async () => {
    made.apis.length = 0;
    await putRows('invoices', threeInvoices);
    const user = userEvent.setup();
    // In strict mode, as the app runs: React mounts each grid twice.
    const view = render(
      <StrictMode>
        <ReviewSection kind="invoices" />
      </StrictMode>,
    );
    await waitFor(() => expect(shownRowIds().sort()).toEqual(['a', 'b', 'c']));
    const english = made.apis.at(-1)!;

    // The clerk sorts by customer, widens the rep column, moves the status column forward and filters
    // the numbers that start with INV.
    act(() => {
      english.applyColumnState({ state: [{ colId: 'customer', sort: 'asc' }], defaultState: { sort: null } });
      english.setColumnWidths([{ key: 'rep', newWidth: 111 }]);
      english.moveColumns(['status'], 2);
      english.setFilterModel({ number: { filterType: 'text', type: 'startsWith', filter: 'INV' } });
    });
    await waitFor(() => expect(shownRowIds()).toEqual(['b', 'a']));
    expect((await screen.findByRole('status', { name: 'Matching documents' })).textContent).toBe(
      '2 match the filter',
    );
    // And ticks Al Noor's invoice.
    await user.click(
      document.querySelector<HTMLInputElement>('.ag-row[row-id="b"] .ag-selection-checkbox input')!,
    );
    await screen.findByText('1', { selector: '.selection-bar strong' });
    const columnsBefore = english.getColumnState();
    const filtersBefore = english.getFilterModel();
    expect(document.querySelector('.grid-frame .ag-ltr')).not.toBeNull();
    expect(document.querySelector('.grid-frame .ag-rtl')).toBeNull();

    switchToArabic();

    await waitFor(() => expect(made.apis).toHaveLength(2));
    const arabic = made.apis[1]!;
    expect(english.isDestroyed()).toBe(true);
    await waitFor(() => expect(shownRowIds()).toEqual(['b', 'a']));
    // Right to left, with its own words and the desk's headers in Arabic.
    expect(document.querySelector('.grid-frame .ag-rtl')).not.toBeNull();
    expect(document.querySelector('.grid-frame .ag-ltr')).toBeNull();
    expect(
      document.querySelector('.ag-header-cell[col-id="customer"] .ag-header-cell-text')?.textContent,
    ).toBe('العميل');
    // The columns as the clerk left them: order, widths and sort; the checkboxes pinned at the row's
    // start, which is now the right.
    expect(clerkColumns(arabic.getColumnState())).toEqual(clerkColumns(columnsBefore));
    expect(arabic.getColumnState().map((column) => column.colId)).toEqual(
      columnsBefore.map((column) => column.colId),
    );
    expect(arabic.getColumnState().find((column) => column.colId === 'customer')?.sort).toBe('asc');
    expect(arabic.getColumnState().find((column) => column.colId === 'rep')?.width).toBe(111);
    expect(
      arabic
        .getColumnState()
        .filter((column) => column.pinned)
        .map((column) => column.pinned),
    ).toEqual(['right']);
    // The filter, and what it counts, in Arabic (two: the dual).
    expect(arabic.getFilterModel()).toEqual(filtersBefore);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'المستندات المطابقة' }).textContent).toBe(
        'مستندان يطابقان التصفية',
      ),
    );
    // The selection: the same invoice ticked on the new grid, and said in Arabic.
    await waitFor(() => expect(arabic.getSelectedNodes().map((node) => node.id)).toEqual(['b']));
    expect(
      document.querySelector<HTMLInputElement>('.ag-row[row-id="b"] .ag-selection-checkbox input')?.checked,
    ).toBe(true);
    // (Intl marks the minus sign's direction in Arabic: the marks are left out to compare.)
    expect(withoutMarks(document.querySelector('.selection-bar')?.textContent)).toContain(
      'المحدد: 1 · الإجمالي -25.50 EGP',
    );
    expect(document.querySelector('.selection-bar strong bdi[dir="ltr"]')).not.toBeNull();
    // Money reads left to right inside the right-to-left grid.
    const amount = document.querySelector<HTMLElement>('.ag-row[row-id="b"] .ag-cell[col-id="amountCents"]');
    expect(amount?.style.direction).toBe('ltr');
    view.unmount();
  });
});

describe('the review grid on a switch of the date order', () => {
  it('shows its dates day first, the grid kept as it is', async () => {
    made.apis.length = 0;
    await putRows('invoices', threeInvoices);
    const view = render(<ReviewSection kind="invoices" />);
    const dateOf = (id: string): string | null | undefined =>
      document.querySelector(`.ag-row[row-id="${id}"] .ag-cell[col-id="date"]`)?.textContent;
    await waitFor(() => expect(dateOf('a')).toBe('2025-03-01'));
    act(() => useLanguageStore.getState().change({ dates: 'day-first' }));
    await waitFor(() => expect(dateOf('a')).toBe('01/03/2025'));
    expect(made.apis).toHaveLength(1);
    view.unmount();
  });
});

describe('the review screens in Arabic', () => {
  it('say every word in Arabic, counts with Arabic plurals, and leave no English sentence', async () => {
    await putRows('invoices', threeInvoices);
    const user = userEvent.setup();
    switchToArabic();
    const view = render(<ReviewSection kind="invoices" />);
    const views = await screen.findByRole('group', { name: 'طرق العرض' });
    await within(views).findByRole('button', { name: 'المعلّقة 3' });
    expect(
      within(views)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['المعلّقة 3', 'المقبولة 0', 'المرفوضة 0', 'الكل 3']);
    const toolbar = screen.getByRole('toolbar', { name: 'أدوات الفواتير' });
    expect(within(toolbar).getByRole('searchbox', { name: 'تصفية سريعة' })).toBeTruthy();
    const bar = document.querySelector('.selection-bar')!;
    expect(bar.textContent).toBe('حدد المستندات بمربعات الاختيار لقبولها أو رفضها.');

    await user.click(await screen.findByRole('checkbox', { name: 'تحديد الكل (3)' }));
    await waitFor(() => expect(bar.textContent).toContain('المحدد: 3 (العرض كله) · الإجمالي'));
    await user.click(within(toolbar).getByRole('button', { name: 'قبول…' }));
    const dialog = screen.getByRole('dialog', { name: 'قبول 3 مستندات' });
    expect(within(dialog).getByRole('button', { name: 'قبول 3' })).toBeTruthy();
    expect(within(dialog).getByLabelText('الصق أزواج المعرّف والرقم')).toBeTruthy();
    expect(englishWordsIn(toolbar.textContent + bar.textContent + dialog.textContent)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    view.unmount();

    // Two documents: the dual; eleven: the singular after the number.
    const two = render(
      <RejectDialog
        rows={threeInvoices.slice(0, 2)}
        reasons={[...rejectReasons]}
        onCancel={() => undefined}
        onSubmit={async () => null}
      />,
    );
    const reject = screen.getByRole('dialog', { name: 'رفض مستندين' });
    await user.click(within(reject).getByRole('button', { name: 'رفض 2' }));
    expect(within(reject).getByRole('alert').textContent).toBe('اختر سببًا للرفض.');
    expect(englishWordsIn(dialogWords(reject))).toEqual([]);
    two.unmount();
    const eleven = Array.from({ length: 11 }, (_, index) => row(`r${index}`));
    render(
      <RejectDialog
        rows={eleven}
        reasons={[...rejectReasons]}
        onCancel={() => undefined}
        onSubmit={async () => null}
      />,
    );
    const many = screen.getByRole('dialog', { name: 'رفض 11 مستندًا' });
    expect(within(many).getByText(/و3 مستندات أخرى · الإجمالي/)).toBeTruthy();
  });

  it('show a document’s detail in Arabic, amounts and times left to right', async () => {
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('a', 1, { total: '1234.50' })], meta: meta(1) },
      toVersionCursor(0),
      '2025-03-04T08:00:00.000Z',
    );
    switchToArabic();
    render(<DetailPanel kind="invoices" id="a" onClose={() => undefined} />);
    const panel = await screen.findByRole('complementary', { name: 'تفاصيل المستند' });
    await within(panel).findByRole('region', { name: 'البنود' });
    expect(within(panel).getByRole('button', { name: 'إغلاق' })).toBeTruthy();
    expect(within(panel).getByText('الإجمالي', { selector: 'dt' }).nextElementSibling?.innerHTML).toBe(
      '<bdi dir="ltr">1,234.50</bdi>',
    );
    expect(within(panel).getByRole('region', { name: 'الرد المسجّل لدى الخدمة' }).textContent).toContain(
      'لم يُرد عليه بعد.',
    );
    expect(within(panel).getByText('لم تُرسل ردود من هذا الجهاز.')).toBeTruthy();
    expect(panel.querySelector('.review-chip')?.textContent).toMatch(/^معلّق · الحالة \S+ · الإصدار 1$/);
    expect(englishWordsIn(panel.querySelector('.detail-section')?.textContent ?? '')).toEqual([]);
  });

  it('write the export’s header row in Arabic, the cells as the grid shows them', async () => {
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('a', 1, { ack: ackAt(1), total: '1234.50' })], meta: meta(1) },
      toVersionCursor(0),
      '2025-03-04T08:00:00.000Z',
    );
    switchToArabic();
    const columns = reviewColumns('invoices').map((column) => ({
      colId: column.colId ?? String(column.field),
      headerName: column.headerName ?? '',
    }));
    const text = await (
      await csvBlobOf(
        { kind: 'invoices', view: 'all', sort: defaultReviewSort, quickFilter: '', filters: [] },
        columns,
      )
    ).text();
    const [header, first] = text.slice(1).split('\r\n');
    expect(header).toBe(
      '"الفاتورة","تاريخ الإصدار","العميل","المندوب","الفرع","الطلبية","الحالة","المبلغ","العملة","المراجعة","جهة الرد","رقم نظام ERP"',
    );
    expect(first).toContain('"مقبول"');
  });
});
