import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MenuCommand } from '../../../src-shared/bridge/commands';

// The menu's commands arrive as the bridge's `menu.command` event (the desktop app's menu, or browser
// mode's shortcuts: test/renderer/files/shortcuts.test.ts); here a bridge whose test raises it.
const bridge = vi.hoisted(() => {
  const listeners = new Set<(command: MenuCommand) => void>();
  const desk = {
    reference: { list: async () => ({ ok: true as const, value: [] }) },
    on: (event: string, listener: (command: MenuCommand) => void) => {
      if (event !== 'menu.command') return () => undefined;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  Object.assign(globalThis, { desk });
  return { listeners };
});

import { MenuCommands } from '../../../src-renderer/features/commands/MenuCommands';
import { ReviewSection } from '../../../src-renderer/features/review/ReviewSection';
import { useDeskStore } from '../../../src-renderer/state/store';
import { row } from '../review/fixtures';
import { useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';

useConnectedDesk();

function raise(command: MenuCommand): void {
  act(() => {
    for (const listener of bridge.listeners) listener(command);
  });
}

async function invoicesWithCommands(): Promise<void> {
  await putRows('invoices', [row('a'), row('b')]);
  render(
    <MenuCommands>
      <ReviewSection kind="invoices" />
    </MenuCommands>,
  );
  await screen.findByRole('button', { name: 'Pending 2' });
  // A row read from the store, not the loading row the grid draws first (its box ticks nothing): under
  // load the read comes after the first checkbox is drawn.
  await waitFor(() =>
    expect(document.querySelector('.ag-row[row-id="a"] .ag-selection-checkbox input')).not.toBeNull(),
  );
}

describe('the menu’s commands on a review section', () => {
  it('Find focuses the quick filter', async () => {
    await invoicesWithCommands();
    raise('find');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Quick filter' }));
  });

  it('Accept and Reject open their dialog for the selection, and say so when nothing is selected', async () => {
    const user = userEvent.setup();
    await invoicesWithCommands();
    raise('accept');
    expect(screen.getByRole('status', { name: 'Command' }).textContent).toContain(
      'Select invoices with the checkboxes first, then Accept.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    const box = document.querySelector<HTMLInputElement>('.ag-row[row-id="a"] .ag-selection-checkbox input');
    await user.click(box!);
    // The selection's facts are read from the store: give a loaded run more than the default second.
    await screen.findByText('1', { selector: '.selection-bar strong' }, { timeout: 5_000 });
    raise('accept');
    expect(screen.getByRole('dialog', { name: 'Accept 1 document' })).toBeTruthy();
    // A second command while a dialog is open leaves it as it is.
    raise('reject');
    expect(screen.getByRole('dialog', { name: 'Accept 1 document' })).toBeTruthy();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    raise('reject');
    expect(screen.getByRole('dialog', { name: 'Reject 1 document' })).toBeTruthy();
  });
});

describe('the menu’s commands elsewhere', () => {
  it('say where Accept, Reject and Find work when no review section is shown', () => {
    render(<MenuCommands />);
    raise('find');
    expect(screen.getByRole('status', { name: 'Command' }).textContent).toContain(
      'Find filters the documents of Invoices, Payments, Returns or Orders: open one first.',
    );
    raise('reject');
    expect(screen.getByRole('status', { name: 'Command' }).textContent).toContain(
      'Reject works on Invoices, Payments, Returns or Orders',
    );
  });

  it('Sync now syncs every feed of the active connection, and says so when there is none', async () => {
    const syncNow = vi.fn(async () => null);
    useDeskStore.setState({ syncNow });
    render(<MenuCommands />);
    raise('sync');
    expect(syncNow).toHaveBeenCalledWith();
    expect(screen.queryByRole('status', { name: 'Command' })).toBeNull();

    useDeskStore.setState({ connection: null });
    raise('sync');
    expect(syncNow).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'Command' }).textContent).toContain(
      'No connection yet: add the service address and token in Connections, then sync.',
    );
  });
});
