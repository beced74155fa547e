// The balance worksheet's words: English as the clerk has always read it, and the whole worksheet in
// Arabic after a language switch, with Arabic's plurals, amounts and codes kept left to right.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import type { CustomerBalance } from '../../../src-shared/bridge/contract';
import type { CustomerWorksheet, ExplanationLine } from '../../../src-shared/domain/balance-worksheet';
import { BalanceDetail } from '../../../src-renderer/features/balances/BalanceDetail';
import { BalanceWorksheet } from '../../../src-renderer/features/balances/BalanceWorksheet';
import { FreshBalanceDialog } from '../../../src-renderer/features/balances/FreshBalanceDialog';
import type { WorksheetRow } from '../../../src-renderer/features/balances/use-balance-worksheet';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { say } from '../../../src-renderer/messages/intl';
import { useDeskStore } from '../../../src-renderer/state/store';
import { useConnectedDesk } from '../support/connected-desk';

useConnectedDesk();

const readAt = '2026-03-03T10:00:00Z';

/** A customer the service answered for: its ERP balance and current balance, in pounds. */
function answered(id: string, code: string, erp: number | null, current: number): CustomerBalance {
  return {
    id,
    readAt,
    record: {
      entity: 'customer',
      id,
      external_ref: code,
      code,
      version: 1,
      deleted: false,
      name: { ar: `عميل ${code}` },
      balance: {
        erp_balance: erp,
        as_of: erp === null ? null : '2026-03-01T10:00:00Z',
        current_balance: current,
        credit_limit: null,
      },
    },
  };
}

function line(patch: Partial<ExplanationLine>): ExplanationLine {
  return {
    kind: 'invoices',
    id: 'i1',
    number: 'INV-1',
    at: '2026-03-02T10:00:00Z',
    currency: 'EGP',
    amountCents: 150_000,
    effect: 'adds',
    serviceCents: 150_000,
    bookedCents: 0,
    why: { code: 'invoice-pending' },
    ...patch,
  };
}

function sheet(patch: Partial<CustomerWorksheet>): CustomerWorksheet {
  return {
    erpCents: 100_000,
    asOf: '2026-03-01T10:00:00Z',
    serviceCents: 250_000,
    differenceCents: 150_000,
    explainedCents: 150_000,
    unexplainedCents: 0,
    lines: [
      line({}),
      line({ id: 'p1', kind: 'payments', number: 'RC-1', effect: 'subtracts', serviceCents: -2_550 }),
    ],
    fresh: [
      { code: 'booked-since', documents: 2 },
      { code: 'old', days: 12 },
    ],
    proposedCents: 99_000,
    pendingCount: 2,
    ...patch,
  };
}

const rows: WorksheetRow[] = [
  { id: 'a', code: 'C-1', name: 'عميل أ', ref: 'C-1', creditLimit: null, sheet: sheet({}), readAt },
  {
    id: 'b',
    code: 'C-2',
    name: 'عميل ب',
    ref: 'C-2',
    creditLimit: null,
    sheet: sheet({ unexplainedCents: -2_550 }),
    readAt,
  },
  { id: 'c', code: 'C-3', name: 'عميل ج', ref: null, creditLimit: null, sheet: sheet({}), readAt },
];

/** Text with the isolates and direction marks of a right-to-left desk taken out, and the data codes that stay Latin. */
function words(text: string | null | undefined): string {
  return (text ?? '').replace(/[\u200e\u200f\u2066-\u2069]/g, '').replace(/C-\d|INV-1|RC-1|ERP|EGP/g, '');
}

describe('the balance worksheet’s words', () => {
  it('says the worksheet in English as before, with its counts', async () => {
    useDeskStore.setState({
      balanceEntries: { a: answered('a', 'C-1', 10, 10), b: answered('b', 'C-2', 10, 12.5) },
      balanceProgress: { done: 2, total: 2 },
      balancesReadAt: readAt,
      readAllBalances: async () => {},
    });
    render(<BalanceWorksheet />);
    expect((await screen.findByRole('status', { name: 'Unexplained in total' })).textContent).toBe(
      '2.50 is not explained: sync, then read again.',
    );
    expect(screen.getByRole('status', { name: 'Customers listed' }).textContent).toMatch(
      /^2 customers, all listed: every customer named by a staged document or pushed from this desk\. Read from the service \d{4}-\d\d-\d\d \d\d:\d\d\.$/,
    );
    expect(screen.getByRole('button', { name: 'Push a fresh balance…' })).toBeTruthy();
    expect(say('balances.pushChosen', { count: 3 })).toBe('Push a fresh balance (3)');
    expect(say('balances.dialog.push', { count: 1234 })).toBe('Push 1234 fresh balances');
  });

  it('says the worksheet, a customer’s detail and the fresh balance dialog in Arabic', async () => {
    useDeskStore.setState({
      balanceEntries: {
        a: answered('a', 'C-1', 10, 10),
        b: answered('b', 'C-2', 10, 12.5),
        c: answered('c', 'C-3', null, 5),
      },
      balanceProgress: { done: 3, total: 3 },
      balancesReadAt: readAt,
      freshPush: {
        runId: 'r1',
        asOf: readAt,
        state: 'done',
        reason: null,
        results: [
          { id: 'a', ref: 'C-1', outcome: 'updated', problem: null, explanation: null },
          { id: 'b', ref: 'C-2', outcome: 'stale', problem: null, explanation: null },
        ],
      },
      readAllBalances: async () => {},
    });
    const { container } = render(<BalanceWorksheet />);
    await screen.findByRole('status', { name: 'Unexplained in total' });
    act(() => useLanguageStore.getState().change({ language: 'ar' }));

    // Three customers (few) listed; two fresh balances (two) taken.
    expect(words(screen.getByRole('status', { name: 'العملاء المدرجون' }).textContent)).toMatch(
      /^3 عملاء، كلهم مدرجون: كل عميل ذكره مستند مرحّل أو دُفع من هذا المكتب\. قُرئ من الخدمة /,
    );
    expect(words(screen.getByRole('status', { name: 'غير المفسَّر إجمالًا' }).textContent)).toBe(
      '7.50 غير مفسَّر: زامن ثم اقرأ مرة أخرى.',
    );
    const outcome = screen.getByRole('status', { name: 'دفع الرصيد الجديد' });
    expect(words(outcome.querySelector('p')?.textContent)).toMatch(/^الرصيدان الجديدان مأخوذان حتى .+:$/);
    expect(
      within(outcome)
        .getAllByRole('listitem')
        .map((item) => words(item.textContent)),
    ).toEqual([
      ' حُدّث: أخذت الخدمة الرصيد الجديد وتحسب منه.',
      ' قديم: لدى الخدمة رصيد أُخذ بعده، فلم يُكتب هذا.',
    ]);
    expect(
      within(screen.getByRole('group', { name: 'العروض' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['كل العملاء3', 'الفروق فقط2', 'من يحتاج رصيدًا جديدًا فقط3']);
    expect(screen.getByRole('region', { name: 'جدول ورقة عمل الأرصدة' })).toBeTruthy();
    for (const part of container.querySelectorAll('.balances-head, .toolbar, .fresh-outcome'))
      expect(words(part.textContent)).not.toMatch(/[A-Za-z]/);

    // A customer's detail: two documents booked since (two), twelve days old (many).
    const detail = render(
      <BalanceDetail
        row={rows[1]!}
        onClose={() => {}}
        onPush={() => {}}
        onReread={() => {}}
        isBusy={false}
      />,
    ).container;
    const aside = within(detail).getByRole('complementary', { name: 'رصيد العميل' });
    const difference = within(aside).getByRole('listitem', { name: 'الفرق' }).querySelector('.fact-value');
    expect(difference?.textContent).toBe('1,500.00');
    expect(difference?.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect([...aside.querySelectorAll('.fresh-reasons li')].map((item) => words(item.textContent))).toEqual([
      'مستندان قُبلا بعد رصيد نظام  وهما في دفاتر نظام ، لا في رصيد الخدمة.',
      'عمر رصيد نظام  12 يومًا.',
    ]);
    expect(words(aside.querySelector('h4 + ul + p')?.textContent)).toBe(
      'المقترح: 990.00 (الرصيد المدفوع مضافًا إليه ما قُبل بعده؛ راجعه مقابل نظام )',
    );
    expect(words(within(aside).getByRole('alert').textContent)).toMatch(
      /^-25\.50 لا تفسّره المستندات المرحّلة هنا\./,
    );
    expect(
      within(within(aside).getByRole('table', { name: 'التفسير' }))
        .getAllByRole('row')[1]!
        .querySelectorAll('td')[1]?.textContent,
    ).toBe('فاتورة');
    expect(words(aside.textContent)).not.toMatch(/[A-Za-z]/);

    // The fresh balance dialog for three chosen customers: two pushable (two), two pending each (few),
    // one without an ERP key (one).
    render(<FreshBalanceDialog rows={rows} onClose={() => {}} onPush={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('ادفع رصيدًا جديدًا لعميلين');
    expect([...dialog.querySelectorAll('.warn-text')].map((note) => words(note.textContent))).toEqual([
      '4 مستندات لم تُقبل بعد. تحسبها الخدمة الآن؛ ولن يحسبها رصيد يؤخذ الآن، فأجب عنها أولًا أو أدرجها في الرصيد.',
      'عميل واحد مختار ليس له مفتاح في نظام  فتُرك: اربطه في البيانات الأساسية أولًا.',
    ]);
    expect(within(dialog).getByRole('button', { name: 'ادفع رصيدين جديدين' })).toBeTruthy();
    // The customer's code inside the field's Arabic name stays whole, set apart left to right.
    expect(within(dialog).getByLabelText('الرصيد الجديد للعميل \u2066C-1\u2069')).toBeTruthy();
  });
});
