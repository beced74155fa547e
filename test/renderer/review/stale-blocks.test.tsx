import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type * as ReviewPages from '../../../src-renderer/data/review-rows/pages';
import type { ReviewQuery } from '../../../src-renderer/data/review-rows/query';

// The unfiltered view's reads can be held back, as a busy store holds a block read that began before
// the clerk typed a filter.
const gate = vi.hoisted(() => {
  const state = {
    held: null as Promise<void> | null,
    release: () => undefined as void,
    entered: () => undefined as void,
  };
  return state;
});
vi.mock('../../../src-renderer/data/review-rows/pages', async (importOriginal) => {
  const actual = await importOriginal<typeof ReviewPages>();
  const hold = async (query: ReviewQuery): Promise<void> => {
    if (query.quickFilter !== '' || gate.held === null) return;
    gate.entered();
    await gate.held;
  };
  return {
    ...actual,
    readReviewPage: async (query: ReviewQuery, offset: number, limit: number) => {
      const rows = await actual.readReviewPage(query, offset, limit);
      await hold(query);
      return rows;
    },
  };
});

import { ReviewSection } from '../../../src-renderer/features/review/ReviewSection';
import { useDeskStore } from '../../../src-renderer/state/store';
import { row } from './fixtures';
import { useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';

useConnectedDesk();

describe('a block read of a view no longer shown', () => {
  it('does not replace the count of the filter the clerk typed meanwhile', async () => {
    await putRows('invoices', [
      row('a'),
      row('b'),
      row('c', { customer: 'C-2', customerId: 'cu-2', customerName: 'Delta Foods · دلتا للأغذية' }),
    ]);
    const view = render(<ReviewSection kind="invoices" />);
    await screen.findByRole('button', { name: 'Pending 3' });
    await waitFor(() => expect(document.querySelectorAll('.ag-row[row-id]').length).toBeGreaterThan(0));

    // The staged rows change (a sync): the unfiltered view's blocks are read again, slowly.
    const entered = new Promise<void>((resolve) => (gate.entered = resolve));
    gate.held = new Promise<void>((resolve) => (gate.release = resolve));
    act(() => useDeskStore.getState().touchData());
    await entered;

    // The clerk filters meanwhile: the filter's count is told.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Quick filter' }), { target: { value: 'delta' } });
    const status = await screen.findByRole('status', { name: 'Matching documents' });
    await waitFor(() => expect(status.textContent).toBe('1 match the filter'));

    // The old read ends: what it read is of a view no longer shown.
    await act(async () => {
      gate.release();
      gate.held = null;
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByRole('status', { name: 'Matching documents' }).textContent).toBe('1 match the filter');
    // Every read the section started ends before the store closes.
    view.unmount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  });
});
