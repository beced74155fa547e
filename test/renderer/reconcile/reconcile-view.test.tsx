import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  defaultReconcileSettings,
  suggestRegisterMapping,
  type ReconcileDecision,
  type RegisterLine,
} from '../../../src-shared/domain/reconcile';
import { db } from '../../../src-renderer/data/db';
import { type ReconciliationRow } from '../../../src-renderer/data/rows';
import { addReconciliation, serviceDocuments } from '../../../src-renderer/data/reconciliations';
import { ReconcileScreen } from '../../../src-renderer/features/reconcile/ReconcileScreen';
import { ReconcileView } from '../../../src-renderer/features/reconcile/ReconcileView';
import { row } from '../review/fixtures';
import { useConnectedDesk } from '../support/connected-desk';
import { fillDiskAfter } from '../support/full-disk';
import { useDeskStore } from '../../../src-renderer/state/store';
import { putRows } from '../support/stored-rows';

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

/**
 * Six invoices staged and a register of six lines, one of each case: a and b booked as issued
 * (matched, pending), f booked as issued but its acceptance already queued (matched, not pending),
 * c booked 0.03 more (differs), d booked under a mistyped reference (suggested by customer, amount
 * and date), e not booked (only in the service), and a line of the ERP's own (only in the ERP).
 */
async function stageCases(decisions: ReconcileDecision[] = []): Promise<ReconciliationRow> {
  await putRows('invoices', [
    row('a'),
    row('b'),
    row('c', { amountCents: 10000 }),
    row('d', { amountCents: 50000 }),
    row('e', { amountCents: 777 }),
    row('f', { answerState: 'queued', answerOutcome: 'ACCEPTED', externalNumber: 'SI-6' }),
  ]);
  const headers = ['Document No.', 'External Document No.', 'Sell-to Customer No.', 'Posting Date', 'Amount'];
  const reconciliation: ReconciliationRow = {
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
        line('SI-4', { serviceRef: 'INV-X', amountCents: 50000, date: '2025-03-02' }),
        line('SI-5', { customer: 'C-9', amountCents: 999 }),
        line('SI-6', { serviceRef: 'INV-f' }),
      ],
      isTaxIncluded: true,
    },
    settings: defaultReconcileSettings,
    decisions,
  };
  await addReconciliation(reconciliation);
  return reconciliation;
}

/** The state buttons' texts, in order. */
async function stateButtons(): Promise<string[]> {
  const states = await screen.findByRole('group', { name: 'States' });
  return within(states)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

const confirmD: ReconcileDecision = {
  action: 'confirm',
  rule: 'amount-date',
  documentKeys: ['invoices:d'],
  lineIds: ['SI-4'],
};

describe('the Reconcile section with a stored reconciliation', () => {
  it('opens the newest reconciliation of the kind and shows its states, totals and what to accept', async () => {
    await stageCases();
    const view = render(<ReconcileScreen />);
    expect(
      (await screen.findByRole('status', { name: 'Register' })).textContent?.startsWith(
        'invoices.csv · CSV, UTF-8, comma · 6 register lines against 6 staged invoices · reconciled in ',
      ),
    ).toBe(true);
    await waitFor(async () =>
      expect(await stateButtons()).toEqual([
        'Matched 3',
        'Suggested 1',
        'Differs 1',
        'Ambiguous 0',
        'Only in the service 1',
        'Only in the ERP 1',
      ]),
    );
    expect(screen.getByLabelText('Totals of the state').textContent).toBe(
      'EGP service 3,703.50 · ERP 3,703.50 · difference 0.00',
    );
    expect(screen.getByRole('button', { name: 'Differs 1' }).getAttribute('title')).toBe(
      'EGP service 100.00 · ERP 100.03 · difference 0.03',
    );
    // Two of the three matched invoices wait for an answer; f's acceptance is already queued.
    expect(screen.getByRole('button', { name: 'Accept all matched (2)' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Undo last decision' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Reconciliation').textContent).toContain('invoices.csv · 6 lines · ');
    view.unmount();
  });

  it('queues Accept all matched through the outbox with the register ERP numbers, and offers nothing twice', async () => {
    await stageCases();
    const user = userEvent.setup();
    const view = render(<ReconcileView kind="invoices" id="rec-1" />);
    await user.click(await screen.findByRole('button', { name: 'Accept all matched (2)' }));
    expect((await screen.findByText(/acceptance\(s\) queued/)).textContent).toBe(
      '2 acceptance(s) queued; they are sent now, or as soon as the service answers.',
    );
    const batches = await db.outbox.toArray();
    expect(batches.map((batch) => [batch.kind, batch.connectionId, batch.items])).toEqual([
      [
        'invoices',
        'conn-1',
        [
          { id: 'a', outcome: 'ACCEPTED', external_number: 'SI-1' },
          { id: 'b', outcome: 'ACCEPTED', external_number: 'SI-2' },
        ],
      ],
    ]);
    expect(await screen.findByRole('button', { name: 'Accept all matched (0)' })).toHaveProperty(
      'disabled',
      true,
    );
    // The queued answers are laid over the rows: still matched, no longer pending.
    expect(await stateButtons()).toContain('Matched 3');
    expect((await serviceDocuments('invoices')).filter((doc) => doc.isPending).map((doc) => doc.id)).toEqual([
      'c',
      'd',
      'e',
    ]);
    view.unmount();
  });

  it('applies stored decisions, and Undo last decision removes the last one and saves it', async () => {
    await stageCases([confirmD]);
    const user = userEvent.setup();
    const view = render(<ReconcileView kind="invoices" id="rec-1" />);
    await waitFor(async () =>
      expect(await stateButtons()).toEqual([
        'Matched 4',
        'Suggested 0',
        'Differs 1',
        'Ambiguous 0',
        'Only in the service 1',
        'Only in the ERP 1',
      ]),
    );
    expect(screen.getByRole('button', { name: 'Accept all matched (3)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo last decision' }));
    await waitFor(async () => expect(await stateButtons()).toContain('Suggested 1'));
    expect(await stateButtons()).toContain('Matched 3');
    expect(screen.getByRole('button', { name: 'Accept all matched (2)' })).toBeTruthy();
    await waitFor(async () => expect((await db.reconciliations.get('rec-1'))?.decisions).toEqual([]));
    view.unmount();
  });

  it('keeps the decisions as stored when the disk refuses an undo, and the shell says why', async () => {
    await stageCases([confirmD]);
    const user = userEvent.setup();
    const view = render(<ReconcileView kind="invoices" id="rec-1" />);
    await waitFor(async () => expect(await stateButtons()).toContain('Matched 4'));
    const free = fillDiskAfter(0);
    try {
      await user.click(screen.getByRole('button', { name: 'Undo last decision' }));
      await waitFor(() => expect(useDeskStore.getState().storageProblem).not.toBeNull());
    } finally {
      free();
    }
    // The screen shows what is stored: the decision was not undone, on disk or on the screen.
    await waitFor(async () => expect(await stateButtons()).toContain('Matched 4'));
    expect((await db.reconciliations.get('rec-1'))?.decisions).toEqual([confirmD]);
    expect(screen.getByRole('button', { name: 'Undo last decision' })).toHaveProperty('disabled', false);
    useDeskStore.getState().dismissStorageProblem();
    view.unmount();
  });

  it('keeps a changed tolerance: the slip of 0.03 becomes a suggestion', async () => {
    await stageCases();
    const view = render(<ReconcileView kind="invoices" id="rec-1" />);
    const tolerance = await screen.findByLabelText('Amount tolerance');
    await waitFor(async () => expect(await stateButtons()).toContain('Differs 1'));
    // One change of the field, as a paste or a spinner step gives it.
    fireEvent.change(tolerance, { target: { value: '0.05' } });
    await waitFor(async () => expect(await stateButtons()).toContain('Suggested 2'));
    expect(await stateButtons()).toContain('Differs 0');
    expect((await db.reconciliations.get('rec-1'))?.settings.toleranceCents).toBe(5);
    view.unmount();
  });

  it('tells the clerk to import a register when none is kept for the kind', async () => {
    const view = render(<ReconcileScreen />);
    expect(
      await screen.findByText(
        "Import the ERP's register of invoices (CSV or Excel) to compare it with the documents the service issued.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'States' })).toBeNull();
    view.unmount();
  });
});
