import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { db } from '../../../src-renderer/data/db';
import { readDayEndReport } from '../../../src-renderer/data/day-end';
import { DayEndScreen } from '../../../src-renderer/features/day-end/DayEndScreen';
import { dayEndSheets } from '../../../src-renderer/features/day-end/export-day-end';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { useDeskStore } from '../../../src-renderer/state/store';
import { row } from '../review/fixtures';
import { connectedSandbox, sandboxConnection, useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';

useConnectedDesk();
beforeEach(async () => {
  await putRows('invoices', [
    row('i1', { date: '2026-03-02', review: 'accepted', amountCents: 100_000, seq: 11 }),
    row('i2', { date: '2026-03-02', review: 'pending', amountCents: 2_550, seq: 12 }),
    row('i3', { date: '2026-03-08', review: 'rejected', amountCents: 1_000, currency: 'USD', seq: 14 }),
    // The Saturday before the last 7 days (2 to 8 March): only in "This month".
    row('i0', { date: '2026-03-01', review: 'pending', amountCents: 5, seq: 10 }),
  ]);
  await putRows('payments', [
    row('p1', { date: '2026-03-05', review: 'pending', pendingAgain: 1, status: 'BOUNCED', seq: 3 }),
  ]);
  await db.cursors.put({
    kind: 'invoices',
    versionAfter: 9,
    highWater: 9,
    caughtUpAt: null,
    staged: 4,
    seq: {
      from: 0,
      highest: 14,
      missing: [[13, 13]],
      filled: [],
      checkedAt: null,
      serviceLastSeq: null,
    },
  });
});

/** The cells of a table's row, as text. */
function cellsOf(rowElement: HTMLElement): string[] {
  return [...rowElement.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '');
}

describe('the Day end screen', () => {
  it('shows the last 7 days by default: each kind, each day, and the seq gap first', async () => {
    render(<DayEndScreen today="2026-03-08" />);
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-03-02');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-03-08');

    const gaps = await screen.findByRole('alert');
    expect(
      within(gaps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Invoices: seq 13 still missing',
      'Payments: seq 3, none missing',
      'Returns: nothing issued on these days',
    ]);

    const summary = screen.getByRole('table', { name: 'Each kind over these days' });
    const [, invoices, payments] = within(summary).getAllByRole('row');
    expect(cellsOf(invoices!)).toEqual([
      'Invoices',
      '3',
      '1,025.50 EGP · 10.00 USD',
      '1',
      '1',
      '1',
      '',
      '0',
      '2',
      '11–14',
    ]);
    expect(cellsOf(payments!).slice(0, 7)).toEqual([
      'Payments',
      '1',
      '1,234.50 EGP',
      '0',
      '0',
      '1',
      '1 bounced',
    ]);

    const byDay = screen.getByRole('table', { name: 'Invoices by day' });
    const days = within(byDay).getAllByRole('row');
    // Header, seven days, total.
    expect(days).toHaveLength(9);
    expect(cellsOf(days[1]!).slice(0, 4)).toEqual(['Mon 2 Mar', '2', '1,025.50 EGP', '1']);
    expect(cellsOf(days[1]!).slice(-2)).toEqual(['11–12', '']);
    expect(cellsOf(days[8]!).slice(-2)).toEqual(['11–14', 'seq 13 still missing']);
    expect(
      screen.getByRole('img', { name: /Bar chart of documents issued and answered per day/ }),
    ).toBeTruthy();
  });

  it('takes a quick range and a typed one, and says what is wrong with a range in plain words', async () => {
    const user = userEvent.setup();
    render(<DayEndScreen today="2026-03-08" />);
    await screen.findByRole('table', { name: 'Invoices by day' });
    await user.click(screen.getByRole('button', { name: 'This month' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Each kind over these days' }))
          .getAllByRole('row')[1]!
          .querySelectorAll('td')[0]?.textContent,
      ).toBe('4'),
    );
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Invoices by day' })).getAllByRole('row')).toHaveLength(
        3,
      ),
    );

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-03-09');
    expect(screen.getByRole('alert').textContent).toBe('The last day is before the first day: swap them.');
    expect((screen.getByRole('button', { name: 'Export XLSX' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('a connection that started from a date', () => {
  it('says the days before its start are not complete', async () => {
    useDeskStore.setState({
      connection: {
        ...connectedSandbox,
        connection: { ...sandboxConnection, start: { mode: 'date', date: '2026-03-05' } },
      },
    });
    render(<DayEndScreen today="2026-03-08" />);
    await screen.findByRole('table', { name: 'Invoices by day' });
    expect(screen.getByRole('note').textContent).toBe(
      'This connection started from 2026-03-05: documents of earlier days are here only when they changed since, so those days are not complete. Choose days from 2026-03-05 on.',
    );
  });
});

describe('the XLSX export', () => {
  it('has a line per day and kind with a total per kind, amounts per currency, and the gap list', async () => {
    const report = await readDayEndReport('2026-03-02', '2026-03-08', ['invoices', 'payments']);
    const sheets = dayEndSheets(report, '2026-03-08T18:00:00.000Z');
    const header = sheets.days[0]!;
    const column = (name: string) => header.indexOf(name);
    const invoiceTotal = sheets.days.find((line) => line[0] === 'Total' && line[1] === 'Invoices')!;
    expect({
      lines: sheets.days.length,
      issued: invoiceTotal[column('Issued')],
      accepted: invoiceTotal[column('Accepted')],
      egp: invoiceTotal[column('Issued EGP')],
      usd: invoiceTotal[column('Issued USD')],
      rejectedUsd: invoiceTotal[column('Rejected USD')],
      seq: [invoiceTotal[column('First seq')], invoiceTotal[column('Last seq')]],
      amountsFrom: header[sheets.amountsFrom],
      gaps: sheets.gaps,
    }).toEqual({
      // Header, 7 days and a total for each of two kinds.
      lines: 17,
      issued: 3,
      accepted: 1,
      egp: 1025.5,
      usd: 10,
      rejectedUsd: 10,
      seq: [11, 14],
      amountsFrom: 'Issued EGP',
      gaps: [
        ['Kind', 'First seq', 'Last seq', 'State', 'Document'],
        ['Invoices', 13, 13, 'still missing', null],
      ],
    });
  });
});

/** The text with the isolates a right-to-left desk puts around data taken out. */
const plain = (text: string | null | undefined): string => (text ?? '').replace(/[\u2066-\u2069]/g, '');

describe('the Day end screen in Arabic', () => {
  it('says every word in Arabic, right to left, with Arabic plurals, and the chart reads from the right', async () => {
    const user = userEvent.setup();
    render(<DayEndScreen today="2026-03-08" />);
    await screen.findByRole('table', { name: 'Invoices by day' });
    act(() => useLanguageStore.getState().change({ language: 'ar' }));

    const report = screen.getByRole('region', { name: 'تقرير إقفال اليوم' });
    expect(report.closest('.day-end')?.getAttribute('dir')).toBe('rtl');
    expect(report.closest('.day-end')?.getAttribute('lang')).toBe('ar-EG');
    expect(screen.getByRole('button', { name: 'آخر 7 أيام' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('من')).toBeTruthy();
    // Four documents (few), over a range said with Arabic day and month names.
    expect(plain(report.querySelector('.report-range')?.textContent)).toBe(
      'من الاثنين 2 مارس 2026 إلى الأحد 8 مارس 2026 · 4 مستندات',
    );
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => plain(item.textContent)),
    ).toEqual([
      'الفواتير: التسلسل 13 ما زال مفقودًا',
      'التحصيلات: التسلسل 3، لا شيء مفقود',
      'المرتجعات: لم يصدر شيء في هذه الأيام',
    ]);
    const summary = screen.getByRole('table', { name: 'كل نوع خلال هذه الأيام' });
    const [header, , payments] = within(summary).getAllByRole('row');
    expect(cellsOf(header!).slice(0, 3)).toEqual(['النوع', 'الصادرة', 'الإجمالي']);
    expect(plain(cellsOf(payments!)[6])).toBe('1 مرتد');
    const byDay = screen.getByRole('table', { name: 'الفواتير حسب اليوم' });
    expect(cellsOf(within(byDay).getAllByRole('row')[1]!)[0]).toBe('الاثنين 2 مارس');
    expect(cellsOf(within(byDay).getAllByRole('row')[8]!)[0]).toBe('الإجمالي');

    // The first day's bars stand to the right of the last day's; the value axis is on the right.
    const chart = screen.getByRole('img', { name: /^مخطط أعمدة/ });
    const issued = [...chart.querySelectorAll('rect.bar-issued')].map((bar) => Number(bar.getAttribute('x')));
    expect(issued).toHaveLength(7);
    expect(issued[0]!).toBeGreaterThan(issued[6]!);
    expect(plain(chart.querySelector('rect.bar-issued title')?.textContent)).toBe(
      '2026-03-02: مستندان صادران',
    );

    // Nothing English is left but currency codes (the data) and the XLSX file format.
    const words = plain(document.body.textContent).replace(/EGP|USD|XLSX/g, '');
    expect(words).not.toMatch(/[A-Za-z]/);

    // One document today (one), and a plain-words problem with a range.
    await user.click(screen.getByRole('button', { name: 'اليوم' }));
    await waitFor(() =>
      expect(plain(report.querySelector('.report-range')?.textContent)).toBe(
        'الأحد 8 مارس 2026 · مستند واحد',
      ),
    );
    await user.clear(screen.getByLabelText('من'));
    await user.type(screen.getByLabelText('من'), '2026-03-09');
    expect(screen.getByRole('alert').textContent).toBe('آخر يوم يسبق أول يوم: بدّلهما.');

    // The export says the same, in Arabic.
    const sheets = dayEndSheets(await readDayEndReport('2026-03-02', '2026-03-08', ['invoices']), 'made');
    expect(sheets.days[0]!.slice(0, 3)).toEqual(['اليوم', 'النوع', 'الصادرة']);
    expect(sheets.days.at(-1)!.slice(0, 2)).toEqual(['الإجمالي', 'الفواتير']);
    expect(sheets.gaps).toEqual([
      ['النوع', 'أول تسلسل', 'آخر تسلسل', 'الحالة', 'المستند'],
      ['الفواتير', 13, 13, 'ما زال مفقودًا', null],
    ]);
  });

  it('writes day numbers in the clerk’s digits', async () => {
    act(() => useLanguageStore.getState().change({ language: 'ar', digits: 'arab' }));
    render(<DayEndScreen today="2026-03-08" />);
    const byDay = await screen.findByRole('table', { name: 'الفواتير حسب اليوم' });
    expect(cellsOf(within(byDay).getAllByRole('row')[1]!).slice(0, 2)).toEqual(['الاثنين ٢ مارس', '٢']);
  });
});
