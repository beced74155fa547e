import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AckDraft } from '../../../src-shared/domain/acks';
import { rejectReasons } from '../../../src-shared/domain/acks';
import { db } from '../../../src-renderer/data/db';
import { AcceptDialog, type SubmitWhole } from '../../../src-renderer/features/review/AcceptDialog';
import type { ViewRowsToAck } from '../../../src-renderer/state/slices/review-slice';
import type { FindNumbersInUse } from '../../../src-renderer/features/review/erp-numbers-in-use';
import { RejectDialog } from '../../../src-renderer/features/review/RejectDialog';
import { putRows } from '../support/stored-rows';
import type { ReviewRow } from '../../../src-renderer/data/rows';
import { row } from './fixtures';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** The Accept dialog of invoices `rows` as the review section opens it. */
function renderAccept(rows: ReviewRow[], onSubmit: (drafts: AckDraft[]) => Promise<string | null>): void {
  render(<AcceptDialog kind="invoices" rows={rows} onCancel={() => undefined} onSubmit={onSubmit} />);
}

/** The ERP number typed in each row's input, in the order the dialog shows the rows. */
function typedNumbers(numbers: readonly string[]): string[] {
  return numbers.map(
    (number) => (screen.getByLabelText(`ERP number for ${number}`) as HTMLInputElement).value,
  );
}

describe('AcceptDialog', () => {
  it('takes typed and pasted ERP numbers and accepts every selected invoice', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_drafts: AckDraft[]) => null);
    render(
      <AcceptDialog
        kind="invoices"
        rows={[row('a'), row('b'), row('c')]}
        onCancel={() => undefined}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Accept 3 documents' })).toBeTruthy();
    await user.type(screen.getByLabelText('ERP number for INV-a'), 'ERP-1');
    await user.type(
      screen.getByLabelText('Paste id,number pairs'),
      'b,ERP-2{enter}INV-c,ERP-3{enter}INV-zz,ERP-9',
    );
    await user.click(screen.getByRole('button', { name: 'Apply pasted numbers' }));
    expect(screen.getByRole('status').textContent).toBe(
      '2 number(s) applied, 1 line(s) name no selected document.',
    );
    await user.click(screen.getByRole('button', { name: 'Accept 3' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith([
      { id: 'a', outcome: 'ACCEPTED', externalNumber: 'ERP-1' },
      { id: 'b', outcome: 'ACCEPTED', externalNumber: 'ERP-2' },
      { id: 'c', outcome: 'ACCEPTED', externalNumber: 'ERP-3' },
    ]);
  });

  it('says which invoices still lack a number and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => null);
    render(
      <AcceptDialog
        kind="invoices"
        rows={[row('a'), row('b')]}
        onCancel={() => undefined}
        onSubmit={onSubmit}
      />,
    );
    await user.type(screen.getByLabelText('ERP number for INV-a'), 'ERP-1');
    await user.click(screen.getByRole('button', { name: 'Accept 2' }));
    expect(screen.getByRole('alert').textContent).toBe('1 document(s) still need an ERP number.');
    expect(screen.getByLabelText('ERP number for INV-b').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('AcceptDialog: ERP number series', () => {
  it('numbers the rows in the order shown from the first number, keeping prefix and padding', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_drafts: AckDraft[]) => null);
    renderAccept([row('c'), row('a'), row('b')], onSubmit);
    await user.type(screen.getByLabelText('ERP numbers from'), 'SI-0998');
    await user.click(screen.getByRole('button', { name: 'Number in the order shown' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        '3 documents numbered SI-0998 to SI-1000, in the order shown. Check them, then press Accept.',
      ),
    );
    // Every number is on screen before anything is queued.
    expect(typedNumbers(['INV-c', 'INV-a', 'INV-b'])).toEqual(['SI-0998', 'SI-0999', 'SI-1000']);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Accept 3' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith([
      { id: 'c', outcome: 'ACCEPTED', externalNumber: 'SI-0998' },
      { id: 'a', outcome: 'ACCEPTED', externalNumber: 'SI-0999' },
      { id: 'b', outcome: 'ACCEPTED', externalNumber: 'SI-1000' },
    ]);
  });

  it('refuses a series one of whose numbers an answer on this connection has, and numbers nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => null);
    await putRows('invoices', [
      row('x', { review: 'accepted', externalNumber: 'SI-1044' }),
      row('y', { answerState: 'queued', answerOutcome: 'ACCEPTED', externalNumber: 'SI-1045' }),
    ]);
    renderAccept([row('a'), row('b'), row('c')], onSubmit);
    await user.type(screen.getByLabelText('ERP numbers from'), 'SI-1043{enter}');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'SI-1044 is already the ERP number of INV-x, and 1 more number of this series is used. Nothing was numbered: start from a number the ERP has not used.',
      ),
    );
    expect(typedNumbers(['INV-a', 'INV-b', 'INV-c'])).toEqual(['', '', '']);
  });

  it('says a first number without digits has nothing to count on', async () => {
    const user = userEvent.setup();
    const findNumbersInUse = vi.fn<FindNumbersInUse>(async () => new Map());
    render(
      <AcceptDialog
        kind="invoices"
        rows={[row('a')]}
        onCancel={() => undefined}
        onSubmit={async () => null}
        findNumbersInUse={findNumbersInUse}
      />,
    );
    await user.type(screen.getByLabelText('ERP numbers from'), 'SI-');
    await user.click(screen.getByRole('button', { name: 'Number in the order shown' }));
    expect(screen.getByRole('status').textContent).toBe(
      'SI- has no digits to count on. Type the first number the ERP gave, for example SI-1043.',
    );
    expect(findNumbersInUse).not.toHaveBeenCalled();
  });

  it('refuses on Accept a typed number another document has, or two rows share, and queues nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => null);
    await putRows('invoices', [row('x', { review: 'accepted', externalNumber: 'SI-7' })]);
    renderAccept([row('a'), row('b'), row('c')], onSubmit);
    await user.type(screen.getByLabelText('ERP number for INV-a'), 'si-7');
    await user.type(screen.getByLabelText('ERP number for INV-b'), 'SI-8');
    await user.type(screen.getByLabelText('ERP number for INV-c'), 'SI-8 ');
    await user.click(screen.getByRole('button', { name: 'Accept 3' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        '3 ERP numbers are already used: give the marked documents other numbers. Nothing was queued.',
      ),
    );
    expect(screen.getByLabelText('ERP number for INV-a').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Already the ERP number of INV-x.')).toBeTruthy();
    expect(screen.getAllByText('Given to another document of this list too.')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('AcceptDialog: a number series over a whole view', () => {
  /** A whole view's Accept dialog whose documents to answer are `rows` (more than shown: `count`). */
  function renderWhole(
    rows: ReviewRow[],
    onSubmitWhole: SubmitWhole,
    listed: Partial<ViewRowsToAck> = {},
  ): ReturnType<typeof vi.fn> {
    const rowsToAck = vi.fn(async () => ({
      ids: rows.map((one) => one.id),
      first: rows,
      isOver: false,
      ...listed,
    }));
    render(
      <AcceptDialog
        kind="invoices"
        rows={[]}
        whole={{ count: 12, totals: null, progress: null, onStop: () => undefined, rowsToAck }}
        onCancel={() => undefined}
        onSubmit={async () => null}
        onSubmitWhole={onSubmitWhole}
      />,
    );
    return rowsToAck;
  }

  it('lists the view in the order shown with each number before anything is queued, and answers only those', async () => {
    const user = userEvent.setup();
    const onSubmitWhole = vi.fn<SubmitWhole>(async () => null);
    const rows = [row('c'), row('a'), row('b')];
    renderWhole(rows, onSubmitWhole);
    await user.type(screen.getByLabelText('ERP numbers from'), 'INV/2026/00098{enter}');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        '3 documents numbered INV/2026/00098 to INV/2026/00100, in the order shown. Check them, then press Accept.',
      ),
    );
    const shown = screen.getAllByRole('row').slice(1) as HTMLTableRowElement[];
    expect(shown.map((tr) => [tr.cells[0]?.textContent, tr.cells[3]?.textContent])).toEqual([
      ['INV-c', 'INV/2026/00098'],
      ['INV-a', 'INV/2026/00099'],
      ['INV-b', 'INV/2026/00100'],
    ]);
    expect(onSubmitWhole).not.toHaveBeenCalled();
    // Only the numbered documents are answered: 3 of the 12 selected (the others' answers are queued).
    await user.click(screen.getByRole('button', { name: 'Accept 3' }));
    await waitFor(() => expect(onSubmitWhole).toHaveBeenCalled());
    const [draftOf, numbered] = onSubmitWhole.mock.calls[0]!;
    expect(numbered).toEqual(new Set(['c', 'a', 'b']));
    expect(rows.map((one) => draftOf(one))).toEqual([
      { id: 'c', outcome: 'ACCEPTED', externalNumber: 'INV/2026/00098' },
      { id: 'a', outcome: 'ACCEPTED', externalNumber: 'INV/2026/00099' },
      { id: 'b', outcome: 'ACCEPTED', externalNumber: 'INV/2026/00100' },
    ]);
  });

  it('tells the range of the documents beyond those shown, and refuses a series one of whose numbers is used', async () => {
    const user = userEvent.setup();
    const onSubmitWhole = vi.fn<SubmitWhole>(async () => null);
    await putRows('invoices', [row('x', { review: 'accepted', externalNumber: 'SI-1400' })]);
    const ids = Array.from({ length: 400 }, (_, index) => `d${index}`);
    renderWhole([row('d0'), row('d1')], onSubmitWhole, { ids });
    const from = screen.getByLabelText('ERP numbers from');
    await user.type(from, 'SI-1001{enter}');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'SI-1400 is already the ERP number of INV-x. Nothing was numbered: start from a number the ERP has not used.',
      ),
    );
    expect(screen.queryByRole('table')).toBeNull();
    await user.clear(from);
    await user.type(from, 'SI-2001{enter}');
    await waitFor(() =>
      expect(
        screen.getByText('398 more selected, numbered SI-2003 to SI-2400 in the order shown.'),
      ).toBeTruthy(),
    );
    expect(screen.getByRole('button', { name: 'Accept 400' })).toBeTruthy();
  });

  it('says a first number without digits has nothing to count on, before reading the view', async () => {
    const user = userEvent.setup();
    const rowsToAck = renderWhole([row('a')], async () => null);
    await user.type(screen.getByLabelText('ERP numbers from'), 'فاتورة-{enter}');
    expect(screen.getByRole('status').textContent).toBe(
      'فاتورة- has no digits to count on. Type the first number the ERP gave, for example SI-1043.',
    );
    expect(rowsToAck).not.toHaveBeenCalled();
  });

  it('says a view of more documents than a series numbers is to be narrowed, and numbers nothing', async () => {
    const user = userEvent.setup();
    renderWhole([], async () => null, { isOver: true });
    await user.type(screen.getByLabelText('ERP numbers from'), 'SI-1{enter}');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'A series numbers at most 100,000 documents at a time, and this view has more: narrow it with its filters, or import the numbers as CSV.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Accept 12' })).toBeTruthy();
  });
});

describe('RejectDialog', () => {
  it('needs a reason, then rejects every selected document with it and the message', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_drafts: AckDraft[]) => null);
    const reasons = [{ code: 'DAMAGED', name: { en: 'Damaged', ar: 'تالف' } }, ...rejectReasons];
    render(
      <RejectDialog
        rows={[row('p1'), row('p2')]}
        reasons={reasons}
        onCancel={() => undefined}
        onSubmit={onSubmit}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Reject 2' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a reason for the rejection.');
    // The reason's name in the clerk's language only, beside its code.
    expect(screen.getByRole('option', { name: 'DAMAGED — Damaged' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Reason'), 'DAMAGED');
    await user.type(screen.getByLabelText('Message'), 'Crushed cartons');
    await user.click(screen.getByRole('button', { name: 'Reject 2' }));
    expect(onSubmit).toHaveBeenCalledWith([
      { id: 'p1', outcome: 'REJECTED', reasonCode: 'DAMAGED', message: 'Crushed cartons' },
      { id: 'p2', outcome: 'REJECTED', reasonCode: 'DAMAGED', message: 'Crushed cartons' },
    ]);
  });
});
