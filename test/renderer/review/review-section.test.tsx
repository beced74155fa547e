import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toVersionCursor } from '../../../src-shared/domain/feeds';
import { db } from '../../../src-renderer/data/db';
import { type ReviewRow } from '../../../src-renderer/data/rows';
import type { ReviewQuery } from '../../../src-renderer/data/review-rows/query';
import { stageFeedPage } from '../../../src-renderer/data/staging';
import { ReviewSection } from '../../../src-renderer/features/review/ReviewSection';
import { SyncBar } from '../../../src-renderer/features/sync/SyncBar';
import { useDeskStore } from '../../../src-renderer/state/store';
import { ackAt, invoice, meta } from '../../support/wire-documents';
import { useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';
import { row } from './fixtures';

useConnectedDesk();

describe('a review section', () => {
  it('tells the clerk to sync when nothing is staged', async () => {
    render(<ReviewSection kind="invoices" />);
    expect(
      await screen.findByText('No invoices are staged yet. Press Sync now to pull them from the service.'),
    ).toBeTruthy();
  });

  it('counts each view from the local store', async () => {
    await stageFeedPage(
      {
        kind: 'invoices',
        data: [invoice('a', 1), invoice('b', 2), invoice('c', 3, { ack: ackAt(3, 'REJECTED') })],
        meta: meta(3),
      },
      toVersionCursor(0),
      '2025-03-04T08:00:00.000Z',
    );
    render(<ReviewSection kind="invoices" />);
    const views = screen.getByRole('group', { name: 'Views' });
    await within(views).findByRole('button', { name: 'Pending 2' });
    expect(
      within(views)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Pending 2', 'Accepted 0', 'Rejected 1', 'All 3']);
    expect(within(views).getByRole('button', { name: 'Pending 2' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Accept…' })).toHaveProperty('disabled', true);
  });

  it('reads a quick filter with no word in it (a dash) as the whole view, as the store does', async () => {
    await putRows('invoices', [row('a'), row('b')]);
    render(<ReviewSection kind="invoices" />);
    await screen.findByRole('button', { name: 'Pending 2' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Quick filter' }), '-');
    await waitFor(() => expect(document.querySelectorAll('.ag-row[row-id]').length).toBe(2));
    expect(screen.queryByRole('status', { name: 'Matching documents' })).toBeNull();
  });
});

describe('select all', () => {
  it('selects the whole view from the header, with its count and totals, and clears', async () => {
    await stageFeedPage(
      {
        kind: 'invoices',
        data: [
          invoice('a', 1, { total: '100.25' }),
          invoice('b', 2, { total: '200.50' }),
          invoice('c', 3, { total: '1000.00' }),
          invoice('d', 4, { ack: ackAt(4) }),
        ],
        meta: meta(4),
      },
      toVersionCursor(0),
      '2025-03-04T08:00:00.000Z',
    );
    const user = userEvent.setup();
    const view = render(<ReviewSection kind="invoices" />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select all 3' }));
    const bar = document.querySelector('.selection-bar');
    await waitFor(() =>
      expect(bar?.textContent).toContain('3 selected (the whole view) · total 1,300.75 EGP'),
    );
    await user.click(screen.getByRole('button', { name: 'Accept…' }));
    expect(screen.getByRole('dialog', { name: 'Accept 3 documents' })).toBeTruthy();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(bar?.textContent).toContain('Select documents with the checkboxes');
    view.unmount();
  });
});

describe('answers while the app cannot reach its core', () => {
  it('queue, say they are waiting, and mark the app offline', async () => {
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('a', 1), invoice('b', 2)], meta: meta(2) },
      toVersionCursor(0),
      '2025-03-04T08:00:00.000Z',
    );
    render(<SyncBar />);
    await act(async () => {
      const outcome = await useDeskStore.getState().ack('invoices', [
        { id: 'a', outcome: 'ACCEPTED', externalNumber: 'ERP-1' },
        { id: 'b', outcome: 'ACCEPTED', externalNumber: 'ERP-2' },
      ]);
      expect(outcome).toEqual({ ok: true, queued: 2 });
      await useDeskStore.getState().sendAcks();
    });
    expect((await screen.findByRole('status', { name: 'Answers waiting' })).textContent).toBe(
      '2 answers waiting to be sent',
    );
    expect(screen.getByRole('status', { name: 'Network' }).textContent).toContain('Offline');
    expect(await db.outbox.count()).toBe(1);
    expect((await db.rowsOf('invoices').get('a'))?.answerState).toBe('queued');
  });
});

describe('held answers (changed since the clerk answered)', () => {
  it('offers "Select changed" and drops only held answers, leaving the documents pending', async () => {
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('a', 1), invoice('b', 2)], meta: meta(2) },
      toVersionCursor(0),
      '2025-03-04T08:00:00.000Z',
    );
    // Written as the outbox writes held answers: through the one writer of rows (its keys follow).
    const [a, b] = await db.rowsOf('invoices').bulkGet(['a', 'b']);
    await putRows('invoices', [
      {
        ...a!,
        answerState: 'changed',
        answerOutcome: 'ACCEPTED',
        ackProblem: {
          kind: 'moved',
          ackedVersion: 1,
          changes: [{ kind: 'amount', from: '100.00', to: '80.00' }],
        },
      },
      { ...b!, answerState: 'queued', answerOutcome: 'ACCEPTED' },
    ]);
    const view = render(<ReviewSection kind="invoices" />);
    expect(await screen.findByRole('button', { name: 'Select changed (1)' })).toBeTruthy();

    expect(await useDeskStore.getState().dropHeld('invoices', ['a', 'b'])).toBe(1);
    expect(await db.rowsOf('invoices').get('a')).toMatchObject({
      review: 'pending',
      answerState: '',
      answerOutcome: '',
      answerError: '',
      ackProblem: null,
    });
    expect(await db.rowsOf('invoices').get('b')).toMatchObject({ answerState: 'queued' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Select changed/ })).toBeNull());
    // Unmounted before the store closes: the grid's last reads must not outlive the database.
    view.unmount();
  });

  it('drops the held answers of a whole view but those unticked, and nothing else', async () => {
    await stageFeedPage(
      { kind: 'invoices', data: [invoice('a', 1), invoice('b', 2), invoice('c', 3)], meta: meta(3) },
      toVersionCursor(0),
      '2025-03-04T08:00:00.000Z',
    );
    const held: Partial<ReviewRow> = {
      answerState: 'changed',
      answerOutcome: 'ACCEPTED',
      ackProblem: { kind: 'moved', ackedVersion: 1, changes: [] },
    };
    const [a, b, c] = await db.rowsOf('invoices').bulkGet(['a', 'b', 'c']);
    await putRows('invoices', [
      { ...a!, ...held },
      { ...b!, ...held },
      { ...c!, answerState: 'queued', answerOutcome: 'ACCEPTED' },
    ]);
    const query: ReviewQuery = {
      kind: 'invoices',
      view: 'pending',
      sort: { column: 'date', direction: 'desc' },
      quickFilter: '',
      filters: [],
    };
    expect(await useDeskStore.getState().dropHeldInView(query, new Set(['b']))).toBe(1);
    expect(await db.rowsOf('invoices').get('a')).toMatchObject({ answerState: '', answerOutcome: '' });
    expect(await db.rowsOf('invoices').get('b')).toMatchObject({ answerState: 'changed' });
    expect(await db.rowsOf('invoices').get('c')).toMatchObject({ answerState: 'queued' });
  });
});
