// The cheque portfolio (docs/decisions/112-cheque-portfolio.md) on payments staged as a sync stages
// them (data/staging.ts `stageFeedPage`): every cheque in the state the service gives it, the views, the
// totals per state and per bank, the way to a bounced cheque's payment, its ack, a bounce that comes
// with a later sync, the CSV export, printing, and all of it in Arabic.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SaveFileRequest } from '../../../src-shared/bridge/contract';

// The screen reaches the core only to save its export: a bridge that records what was asked.
const bridge = vi.hoisted(() => {
  const desk = {
    files: {
      save: vi.fn(async (request: SaveFileRequest) => ({
        ok: true as const,
        value: { name: request.suggestedName, path: null } as { name: string; path: string | null } | null,
      })),
    },
    on: vi.fn(() => () => undefined),
  };
  Object.assign(globalThis, { desk });
  return { desk };
});

import { toVersionCursor, type VersionCursor } from '../../../src-shared/domain/feeds';
import type { Ack, Payment } from '../../../src-shared/wire';
import { db } from '../../../src-renderer/data/db';
import { storeCustomerNames } from '../../../src-renderer/data/names';
import { stageFeedPage } from '../../../src-renderer/data/staging';
import { ChequesScreen } from '../../../src-renderer/features/cheques/ChequesScreen';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { useDeskStore } from '../../../src-renderer/state/store';
import { meta } from '../../support/wire-documents';
import { useConnectedDesk } from '../support/connected-desk';

useConnectedDesk();
afterEach(() => {
  bridge.desk.files.save.mockClear();
  vi.restoreAllMocks();
});

const today = '2026-03-10';
const now = '2026-03-10T06:00:00.000Z';

interface ChequeFacts {
  number: string;
  amount: string;
  bank?: string;
  due?: string;
  collected?: string;
  status?: string;
  bounceReason?: string;
  reversed?: boolean;
  currency?: string;
  customer?: 'C-104' | 'C-220';
  ack?: Ack;
}

const customers = {
  'C-104': { id: 'cu_104', code: 'C-104' },
  'C-220': { id: 'cu_220', code: 'C-220' },
};

/** A payment as the service sends it: a post-dated cheque, or cash when `facts` is null. */
function payment(id: string, version: number, facts: ChequeFacts | null): Payment {
  const collected = facts?.collected ?? '2026-03-01T09:15:00Z';
  return {
    allocations: [],
    amount: facts?.amount ?? '750.00',
    branch: { id: 'br_1', code: 'C-104-1' },
    collected_at: collected,
    collected_by: { sales_rep: { id: 'rep_7', code: 'R07' }, user: 'r07@demo' },
    collection_date: collected.slice(0, 10),
    currency: facts?.currency ?? 'EGP',
    customer: customers[facts?.customer ?? 'C-104'],
    id,
    method: facts ? 'CHEQUE' : 'CASH',
    on_account: '0.00',
    status: facts?.reversed ? 'REVERSED' : facts?.status === 'BOUNCED' ? 'BOUNCED' : 'RECORDED',
    updated_at: collected,
    version,
    ack: facts?.ack ?? null,
    cheque: facts
      ? {
          number: facts.number,
          status: facts.status ?? 'IN_HAND',
          bank: facts.bank ?? 'Banque Misr',
          bounce_reason: facts.bounceReason ?? null,
          due_on: facts.due ?? '2026-03-20',
        }
      : null,
    number: `PAY-2026-${id}`,
    receipt: { balance_after: '0.00', id: `rct_${id}`, issued_at: collected, number: `RC-${id}` },
    reversal: facts?.reversed
      ? {
          reason: 'Recorded for the wrong customer',
          reversed_at: '2026-03-03T14:00:00Z',
          reversed_by: 'office',
        }
      : null,
  };
}

const accepted = (version: number, number: string): Ack => ({
  acked_at: '2026-03-02T12:00:00Z',
  acked_version: version,
  outcome: 'ACCEPTED',
  external_number: number,
});

/** The portfolio of a Cairo distributor on 10 March 2026, and one cash payment that is no cheque. */
const firstSync: Payment[] = [
  payment('p1', 1, {
    number: '100231',
    amount: '12500.00',
    due: '2026-03-10',
    ack: accepted(1, 'ERP-RC-7781'),
  }),
  payment('p2', 2, {
    number: '100232',
    amount: '8750.50',
    due: '2026-03-16',
    bank: 'National Bank of Egypt',
    customer: 'C-220',
  }),
  payment('p3', 3, { number: '100233', amount: '30000.00', due: '2026-03-05', bank: 'CIB' }),
  payment('p4', 4, {
    number: '200801',
    amount: '22000.00',
    due: '2026-03-08',
    bank: 'National Bank of Egypt',
    collected: '2026-02-20T11:00:00Z',
    customer: 'C-220',
    ack: accepted(4, 'ERP-RC-7702'),
  }),
  payment('p5', 5, {
    number: '300115',
    amount: '18000.00',
    due: '2026-03-12',
    reversed: true,
    ack: {
      acked_at: '2026-03-04T08:00:00Z',
      acked_version: 5,
      outcome: 'REJECTED',
      reason_code: 'DUPLICATE',
    },
  }),
  payment('p6', 6, null),
  payment('p7', 7, { number: '400010', amount: '2500.00', due: '2026-03-11', bank: 'CIB', currency: 'USD' }),
];

let cursor: VersionCursor = toVersionCursor(0);

/** Stages a page of the payment feed as a sync does, after the cursor the last page left. */
async function sync(payments: Payment[]): Promise<void> {
  const last = Math.max(...payments.map((each) => each.version));
  await stageFeedPage({ kind: 'payments', data: payments, meta: meta(last) }, cursor, now);
  cursor = toVersionCursor(last);
  act(() => useDeskStore.getState().touchData());
}

/** The desk after its first sync: customers named (in Arabic, as the ERP named them), payments staged. */
async function firstMorning(): Promise<void> {
  cursor = toVersionCursor(0);
  await storeCustomerNames(
    [
      { id: 'cu_104', code: 'C-104', name: { ar: 'مؤسسة النور للتجارة' } },
      { id: 'cu_220', code: 'C-220', name: { ar: 'سوبر ماركت الهدى' } },
    ],
    now,
  );
  await sync(firstSync);
}

const register = () => screen.getByRole('table', { name: 'Cheques of this view' });

/** The register's rows below its header, each as its cells' text. */
function registerRows(): string[][] {
  return within(register())
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

/** A totals table's lines (each group's first line names it), and its caption. */
function totalsOf(caption: string): string[][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

function viewButton(name: RegExp): HTMLElement {
  return within(screen.getByRole('group', { name: 'Views' })).getByRole('button', { name });
}

describe('the cheque portfolio', () => {
  it('lists the cheques in hand by due date, each with its state, bank, amount, customer, rep, receipt and ack', async () => {
    await firstMorning();
    render(<ChequesScreen today={today} />);
    await screen.findByRole('table', { name: 'Cheques of this view' });

    expect(viewButton(/^In hand by due date/).getAttribute('aria-pressed')).toBe('true');
    const counts = within(screen.getByRole('group', { name: 'Views' }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(counts).toEqual([
      'In hand by due date 5',
      'Due this week 3',
      'Overdue 2',
      'Bounced 0',
      'Reversed 1',
      'Voided 0',
      'All 6',
    ]);
    expect(screen.getByText('In hand by due date: 5 cheques')).toBeTruthy();
    // State, due, bank, number, amount, customer (code, name), rep, receipt, collected, reason, ack, link.
    expect(registerRows()).toEqual([
      [
        'In hand',
        '2026-03-055 days overdue',
        'CIB',
        '100233',
        '30,000.00 EGP',
        'C-104مؤسسة النور للتجارة',
        'R07',
        'RC-p3',
        '2026-03-01',
        '',
        'Pending',
        'Open payment',
      ],
      [
        'In hand',
        '2026-03-082 days overdue',
        'National Bank of Egypt',
        '200801',
        '22,000.00 EGP',
        'C-220سوبر ماركت الهدى',
        'R07',
        'RC-p4',
        '2026-02-20',
        '',
        'Accepted as ERP-RC-7702',
        'Open payment',
      ],
      [
        'In hand',
        '2026-03-10Due today',
        'Banque Misr',
        '100231',
        '12,500.00 EGP',
        'C-104مؤسسة النور للتجارة',
        'R07',
        'RC-p1',
        '2026-03-01',
        '',
        'Accepted as ERP-RC-7781',
        'Open payment',
      ],
      [
        'In hand',
        '2026-03-11',
        'CIB',
        '400010',
        '2,500.00 USD',
        'C-104مؤسسة النور للتجارة',
        'R07',
        'RC-p7',
        '2026-03-01',
        '',
        'Pending',
        'Open payment',
      ],
      [
        'In hand',
        '2026-03-16',
        'National Bank of Egypt',
        '100232',
        '8,750.50 EGP',
        'C-220سوبر ماركت الهدى',
        'R07',
        'RC-p2',
        '2026-03-01',
        '',
        'Pending',
        'Open payment',
      ],
    ]);
  });

  it("totals the view per state and per bank, each currency apart, and each view's own cheques", async () => {
    await firstMorning();
    render(<ChequesScreen today={today} />);
    await screen.findByRole('table', { name: 'Cheques of this view' });
    // State, currency, cheques, amount; the view's own total last.
    expect(totalsOf('By state')).toEqual([
      ['In hand', 'EGP', '4', '73,250.50'],
      ['USD', '1', '2,500.00'],
      ['All of this view', 'EGP', '4', '73,250.50'],
      ['USD', '1', '2,500.00'],
    ]);
    expect(totalsOf('By bank')).toEqual([
      ['Banque Misr', 'EGP', '1', '12,500.00'],
      ['CIB', 'EGP', '1', '30,000.00'],
      ['USD', '1', '2,500.00'],
      ['National Bank of Egypt', 'EGP', '2', '30,750.50'],
      ['All of this view', 'EGP', '4', '73,250.50'],
      ['USD', '1', '2,500.00'],
    ]);

    await userEvent.click(viewButton(/^Overdue/));
    expect(registerRows().map((cells) => cells[3])).toEqual(['100233', '200801']);
    expect(totalsOf('By state')).toEqual([
      ['In hand', 'EGP', '2', '52,000.00'],
      ['All of this view', 'EGP', '2', '52,000.00'],
    ]);

    await userEvent.click(viewButton(/^Due this week/));
    expect(registerRows().map((cells) => cells[3])).toEqual(['100231', '400010', '100232']);

    await userEvent.click(viewButton(/^Reversed/));
    expect(registerRows()).toEqual([
      [
        'Reversed',
        '2026-03-12',
        'Banque Misr',
        '300115',
        '18,000.00 EGP',
        'C-104مؤسسة النور للتجارة',
        'R07',
        'RC-p5',
        '2026-03-01',
        'Recorded for the wrong customer',
        'Rejected',
        'Open payment',
      ],
    ]);

    await userEvent.click(viewButton(/^All/));
    expect(totalsOf('By state')).toEqual([
      ['In hand', 'EGP', '4', '73,250.50'],
      ['USD', '1', '2,500.00'],
      ['Reversed', 'EGP', '1', '18,000.00'],
      ['All of this view', 'EGP', '5', '91,250.50'],
      ['USD', '1', '2,500.00'],
    ]);
  });

  it('shows a cheque that bounced after the first sync once the next sync brings it, with its reason and ack', async () => {
    await firstMorning();
    render(<ChequesScreen today={today} />);
    await screen.findByRole('table', { name: 'Cheques of this view' });
    expect(viewButton(/^Bounced/).textContent).toBe('Bounced 0');

    // The next morning's sync: the bank refused cheque 200801; its payment changed at a new version.
    const bounced = payment('p4', 8, {
      number: '200801',
      amount: '22000.00',
      due: '2026-03-08',
      bank: 'National Bank of Egypt',
      collected: '2026-02-20T11:00:00Z',
      customer: 'C-220',
      status: 'BOUNCED',
      bounceReason: 'Insufficient funds',
      ack: accepted(4, 'ERP-RC-7702'),
    });
    await sync([bounced]);
    await waitFor(() => expect(viewButton(/^Bounced/).textContent).toBe('Bounced 1'));
    expect(viewButton(/^Overdue/).textContent).toBe('Overdue 1');

    await userEvent.click(viewButton(/^Bounced/));
    expect(registerRows()).toEqual([
      [
        'Bounced',
        '2026-03-08',
        'National Bank of Egypt',
        '200801',
        '22,000.00 EGP',
        'C-220سوبر ماركت الهدى',
        'R07',
        'RC-p4',
        '2026-02-20',
        'Insufficient funds',
        // Accepted into the ERP before it bounced: the clerk answers the change, knowing the ERP's number.
        'Pending again (accepted as ERP-RC-7702 before it changed)',
        'Open payment',
      ],
    ]);

    // The row leads to its payment: the Payments section, its detail open.
    await userEvent.click(screen.getByRole('button', { name: 'Open the payment of cheque 200801' }));
    expect(useDeskStore.getState().section).toBe('payments');
    expect(useDeskStore.getState().reviewGrids.payments.detailId).toBe('p4');
  });

  it('exports the view as CSV: words in the clerk’s language, plain dates and amounts, formulas guarded', async () => {
    await firstMorning();
    await sync([
      payment('p9', 9, { number: '100240', amount: '1500.25', due: '2026-03-13', bank: '=HYPERLINK("x")' }),
    ]);
    render(<ChequesScreen today={today} />);
    await screen.findByRole('table', { name: 'Cheques of this view' });
    await userEvent.click(viewButton(/^Due this week/));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByRole('status', { name: 'Export' });

    const request = bridge.desk.files.save.mock.calls[0]![0];
    expect(request.suggestedName).toBe('cheques-due-soon-2026-03-10.csv');
    const lines = new TextDecoder().decode(request.bytes).split('\r\n');
    expect(lines).toEqual([
      'State,Due,Bank,Cheque no.,Amount,Currency,Customer,Customer name,Rep,Receipt,Collected,Reason,ERP,ERP number,Payment',
      'In hand,2026-03-10,Banque Misr,100231,12500.00,EGP,C-104,مؤسسة النور للتجارة,R07,RC-p1,2026-03-01,,Accepted as ERP-RC-7781,ERP-RC-7781,p1',
      'In hand,2026-03-11,CIB,400010,2500.00,USD,C-104,مؤسسة النور للتجارة,R07,RC-p7,2026-03-01,,Pending,,p7',
      'In hand,2026-03-13,"\'=HYPERLINK(""x"")",100240,1500.25,EGP,C-104,مؤسسة النور للتجارة,R07,RC-p9,2026-03-01,,Pending,,p9',
      'In hand,2026-03-16,National Bank of Egypt,100232,8750.50,EGP,C-220,سوبر ماركت الهدى,R07,RC-p2,2026-03-01,,Pending,,p2',
      '',
    ]);
  });

  it('draws the first 500 cheques of a large view, and prints the whole view', async () => {
    const many = Array.from({ length: 501 }, (_, index) =>
      payment(`q${String(index).padStart(3, '0')}`, index + 1, {
        number: String(700000 + index),
        amount: '100.00',
        due: '2026-04-01',
      }),
    );
    cursor = toVersionCursor(0);
    await sync(many.slice(0, 500));
    await sync(many.slice(500));
    // happy-dom has no print dialog: the test's stands in for it and sees what would be printed.
    let rowsWhenPrinted = 0;
    const print = vi.fn(() => {
      rowsWhenPrinted = registerRows().length;
    });
    Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true });
    render(<ChequesScreen today={today} />);
    await screen.findByRole('table', { name: 'Cheques of this view' });
    expect(registerRows()).toHaveLength(500);
    expect(screen.getByText(/Showing the first 500 of 501/)).toBeTruthy();
    expect(totalsOf('By state').at(-1)).toEqual(['All of this view', 'EGP', '501', '50,100.00']);

    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(rowsWhenPrinted).toBe(501);
  });

  it('says when nothing is synced yet, and an empty view by its name', async () => {
    render(<ChequesScreen today={today} />);
    await screen.findByText(/No cheque synced yet/);
    cursor = toVersionCursor(0);
    await sync([payment('p1', 1, { number: '1', amount: '10.00', due: '2026-04-30' })]);
    await userEvent.click(await screen.findByRole('button', { name: /^Bounced/ }));
    expect(screen.getByText('No cheque in “Bounced”.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Cheques of this view' })).toBeNull();
  });

  it('says what to do when the cheques cannot be read from the store', async () => {
    const read = db.transaction.bind(db) as (...args: unknown[]) => unknown;
    // The payments' reads fail as a failing browser storage fails them; every other read goes through.
    vi.spyOn(db, 'transaction').mockImplementation(((...args: unknown[]) =>
      Array.isArray(args[1]) && args[1].includes(db.rowsOf('payments'))
        ? Promise.reject(new DOMException('The transaction was aborted', 'AbortError'))
        : read(...args)) as never);
    render(<ChequesScreen today={today} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The cheques could not be read from this computer's store (The transaction was aborted). Restart the app; if it stays, sync again.",
    );
  });

  it('reads in Arabic, right to left, numbers and amounts set apart left to right', async () => {
    await firstMorning();
    await act(async () => useLanguageStore.getState().change({ language: 'ar' }));
    const { container } = render(<ChequesScreen today={today} />);
    const table = await screen.findByRole('table', { name: 'شيكات هذا العرض' });
    expect(container.querySelector('.cheques')?.getAttribute('dir')).toBe('rtl');
    expect(
      within(screen.getByRole('group', { name: 'العروض' }))
        .getAllByRole('button')
        .map((button) => button.firstChild?.textContent?.trim()),
    ).toEqual([
      'في اليد حسب تاريخ الاستحقاق',
      'تستحق هذا الأسبوع',
      'متأخرة',
      'مرتدة',
      'معكوسة',
      'إيصالها ملغى',
      'الكل',
    ]);
    expect(screen.getByText('في اليد حسب تاريخ الاستحقاق: 5 شيكات')).toBeTruthy();
    const [, first] = within(table).getAllByRole('row');
    const cells = within(first!).getAllByRole('cell');
    expect(cells[0]!.textContent).toBe('في اليد');
    expect(cells[1]!.textContent).toContain('متأخر 5 أيام');
    // The cheque number and the amount read left to right inside the right-to-left row.
    expect(cells[3]!.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(cells[4]!.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(within(first!).getByRole('button').getAttribute('aria-label')).toBe(
      'افتح تحصيل الشيك رقم \u2066100233\u2069',
    );
    expect(screen.getByRole('table', { name: 'حسب البنك' })).toBeTruthy();
  });
});
