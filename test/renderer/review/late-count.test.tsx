import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import type * as ReviewPages from '../../../src-renderer/data/review-rows/pages';
import type { ReviewQuery } from '../../../src-renderer/data/review-rows/query';

// A view's count held back until its first block is on screen, as a count of many rows takes longer
// than the first block it races with.
const gate = vi.hoisted(() => ({ held: null as Promise<void> | null, release: () => undefined as void }));
vi.mock('../../../src-renderer/data/review-rows/pages', async (importOriginal) => {
  const actual = await importOriginal<typeof ReviewPages>();
  return {
    ...actual,
    countReview: async (query: ReviewQuery) => {
      const count = await actual.countReview(query);
      if (gate.held) await gate.held;
      return count;
    },
  };
});

import { ReviewSection } from '../../../src-renderer/features/review/ReviewSection';
import { useDeskStore } from '../../../src-renderer/state/store';
import { row } from './fixtures';
import { useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';

useConnectedDesk();

/** The rows the grid says it holds (its aria-rowcount counts the header row too). */
function gridRowCount(): number {
  return Number(document.querySelector('[aria-rowcount]')?.getAttribute('aria-rowcount') ?? 0) - 1;
}

describe('a view whose count comes back after its first block', () => {
  it('tells the grid its whole length, so the scroll bar and Ctrl+End reach its last row', async () => {
    await putRows(
      'invoices',
      Array.from({ length: 250 }, (_, index) => row(`r${String(index).padStart(3, '0')}`)),
    );
    gate.held = new Promise<void>((resolve) => (gate.release = resolve));
    const view = render(<ReviewSection kind="invoices" />);
    await waitFor(() => expect(document.querySelectorAll('.ag-row[row-id]').length).toBeGreaterThan(0));
    // The first block (100 rows) is shown; the end of the view is not known yet.
    expect(gridRowCount()).toBeLessThan(250);

    await act(async () => {
      gate.release();
      gate.held = null;
    });
    await screen.findByRole('button', { name: 'Pending 250' });
    await waitFor(() => expect(gridRowCount()).toBe(250));
    view.unmount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  });

  it('tells the grid its new length when a sync adds rows and the count comes back after the blocks', async () => {
    const rows = Array.from({ length: 250 }, (_, index) => row(`r${String(index).padStart(3, '0')}`));
    await putRows('invoices', rows);
    const view = render(<ReviewSection kind="invoices" />);
    await screen.findByRole('button', { name: 'Pending 250' });
    await waitFor(() => expect(gridRowCount()).toBe(250));

    // A sync stores 150 more; the blocks read again are full, and the new count comes back after them.
    await putRows(
      'invoices',
      Array.from({ length: 150 }, (_, index) => row(`s${String(index).padStart(3, '0')}`)),
    );
    gate.held = new Promise<void>((resolve) => (gate.release = resolve));
    act(() => useDeskStore.getState().touchData());
    await waitFor(() => expect(document.querySelectorAll('.ag-row[row-id]').length).toBeGreaterThan(0));
    await act(async () => {
      gate.release();
      gate.held = null;
    });
    await screen.findByRole('button', { name: 'Pending 400' });
    await waitFor(() => expect(gridRowCount()).toBe(400));
    view.unmount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  });
});
