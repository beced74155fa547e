import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import {
  defaultReconcileSettings,
  suggestRegisterMapping,
  type ReconcileGroup,
  type RegisterLine,
  type RegisterReading,
} from '../../../src-shared/domain/reconcile';
import { addReconciliation } from '../../../src-renderer/data/reconciliations';
import { ReconcileScreen } from '../../../src-renderer/features/reconcile/ReconcileScreen';
import { describeReading } from '../../../src-renderer/features/reconcile/reading-words';
import {
  groupNotes,
  reconcileColumns,
  rejectionMessage,
} from '../../../src-renderer/features/reconcile/reconcile-columns';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { row } from '../review/fixtures';
import { useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';

// The Reconcile section on a desk switched to Arabic (issue 27): its words from the Arabic catalogue,
// plurals in their Arabic forms, data set apart, and what the service keeps still in English.

useConnectedDesk();

/** A register line of an invoice of C-1 (1,234.50 EGP on 2025-03-01), with `patch`. */
function line(erpNumber: string, patch: Partial<RegisterLine> = {}): RegisterLine {
  return {
    id: erpNumber,
    line: 2,
    kind: 'invoices',
    erpNumber,
    erpKey: null,
    serviceRef: null,
    customer: 'C-1',
    date: '2025-03-01',
    amountCents: 123450,
    currency: 'EGP',
    chequeNumber: null,
    ...patch,
  };
}

/** Three invoices staged and a register of three lines: a and b as issued, c booked 0.03 more. */
async function stageRegister(): Promise<void> {
  await putRows('invoices', [row('a'), row('b'), row('c', { amountCents: 10000 })]);
  const headers = ['Document No.', 'External Document No.', 'Sell-to Customer No.', 'Posting Date', 'Amount'];
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
        line('SI-1', { serviceRef: 'INV-a' }),
        line('SI-2', { serviceRef: 'INV-b' }),
        line('SI-3', { serviceRef: 'INV-c', amountCents: 10003 }),
      ],
      isTaxIncluded: true,
    },
    settings: defaultReconcileSettings,
    decisions: [],
  });
}

/** Latin words left in a text once the data and the names kept Latin (ERP, CSV, …) are taken out. */
function latinWords(text: string, data: readonly string[]): string[] {
  let rest = text;
  for (const value of data) rest = rest.replaceAll(value, ' ');
  return (rest.match(/[A-Za-z]{2,}/g) ?? []).filter(
    (word) => !['ERP', 'CSV', 'XLSX', 'EGP', 'Excel'].includes(word),
  );
}

const lri = '\u2066';
const pdi = '\u2069';

describe('the Reconcile section on an Arabic desk', () => {
  it('says everything in Arabic after a switch, with Arabic plurals and the data set apart', async () => {
    await stageRegister();
    const view = render(<ReconcileScreen />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Matched 2' })).toBeTruthy());

    act(() => useLanguageStore.getState().change({ language: 'ar' }));

    const states = await screen.findByRole('group', { name: 'الحالات' });
    expect(
      within(states)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['متطابق 2', 'مقترح 0', 'مختلف 1', 'ملتبس 0', 'في الخدمة فقط 0', 'في نظام ERP فقط 0']);
    // The saved reconciliation: three lines (the few form), the file name and time isolated left to right.
    expect(screen.getByLabelText('المطابقة').textContent).toBe(
      `${lri}invoices.csv${pdi} · 3 أسطر · ${lri}2025-03-05 ${new Date('2025-03-05T08:00:00.000Z')
        .toTimeString()
        .slice(0, 5)}${pdi}`,
    );
    expect(screen.getByRole('status', { name: 'الكشف' }).textContent).toMatch(
      /^invoices\.csv · CSV, UTF-8, comma · سطور الكشف: 3 مقابل الفواتير المرحّلة: 3 · استغرقت المطابقة \d+ مللي ثانية$/,
    );
    expect(screen.getByLabelText('إجماليات الحالة').textContent).toBe(
      `${lri}EGP${pdi} الخدمة ${lri}2,469.00${pdi} · نظام ERP ${lri}2,469.00${pdi} · الفرق ${lri}0.00${pdi}`,
    );
    expect(screen.getByRole('button', { name: 'قبول كل المتطابق (2)' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'ملف كشف نظام ERP' }).textContent).toBe(
      'استورد كشف نظام ERP (CSV أو Excel) اختر ملفًا…',
    );
    // No English sentence is left on the screen: only the data and the names kept in Latin letters.
    expect(latinWords(view.container.textContent ?? '', ['invoices.csv', 'CSV, UTF-8, comma'])).toEqual([]);

    // And back: the same screen, in English again, nothing remounted to say it.
    act(() => useLanguageStore.getState().change({ language: 'en' }));
    expect(await screen.findByRole('button', { name: 'Matched 2' })).toBeTruthy();
    expect(screen.getByLabelText('Reconciliation').textContent).toContain('invoices.csv · 3 lines · ');
    view.unmount();
  });

  it('says what the desk read of a file with each Arabic plural form', () => {
    act(() => useLanguageStore.getState().change({ language: 'ar' }));
    const reading: RegisterReading = {
      skipped: [
        { line: 20, text: 'TOTAL', why: 'total' },
        { line: 30, text: 'TOTAL', why: 'total' },
        ...Array.from({ length: 11 }, (_, n) => ({
          line: 40 + n,
          text: `RINV-${n}`,
          why: 'other-kind' as const,
        })),
      ],
      folded: { documents: 1, rows: 5 },
      dateOrder: { order: 'dmy', found: null },
      currencyNames: [],
      creditNegative: { value: false, isFound: false },
      negativeAsCredit: 0,
      formulaGuards: 0,
      codesInNames: 0,
    };
    expect(
      describeReading({ kind: 'payments', reading, rowsAbove: 3, headerLine: 4, layoutName: null }),
    ).toEqual([
      'تُخطّيت 3 صفوف فوق صف العناوين؛ أسماء الأعمدة في السطر 4.',
      'استُبعد صفّا إجمالي (مذكورة أدناه).',
      'استُبعد 11 مستندًا من أنواع أخرى: طابقها تحت نوعها، لا تحت التحصيلات.',
      'مستند واحد مكتوب على عدة صفوف (صف لكل صنف)؛ الصفوف الإضافية المضمومة إليها: 5.',
      `تُقرأ التواريخ بترتيب اليوم أولًا (${lri}31/03/2026${pdi})، كما اخترت.`,
    ]);
  });

  it('names the grid’s columns and what disagrees in Arabic, and rejects to the service in English', () => {
    const group = {
      id: 'd:invoices:c',
      state: 'differs',
      rule: 'reference',
      decision: null,
      documents: [],
      lines: [line('SI-3')],
      serviceCents: 10000,
      erpCents: 10003,
      differenceCents: 3,
      differences: [{ field: 'amount', serviceCents: 10000, erpCents: 10003, differenceCents: 3 }],
      ackConflicts: [],
      isCapped: false,
    } as unknown as ReconcileGroup;
    act(() => useLanguageStore.getState().change({ language: 'ar' }));
    const locale = useLanguageStore.getState().locale;
    expect(reconcileColumns(locale).map((column) => column.headerName)).toEqual([
      'الحالة',
      'مستند الخدمة',
      'رقم نظام ERP',
      'مبلغ الخدمة',
      'مبلغ نظام ERP',
      'الفرق',
      'أوجه الاختلاف',
      'العميل',
      'عميل نظام ERP',
      'التاريخ',
      'تاريخ نظام ERP',
      'مرجع نظام ERP',
      'القاعدة',
    ]);
    expect(groupNotes(group)).toBe(
      `المبلغ: في الخدمة ${lri}100.00${pdi}، وفي نظام ERP ${lri}100.03${pdi} (${lri}0.03${pdi}).`,
    );
    expect(rejectionMessage(group)).toBe('ERP register SI-3: Amount: service 100.00, ERP 100.03 (0.03).');
  });
});
