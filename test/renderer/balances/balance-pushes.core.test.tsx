// Balance pushes and the worksheet, against a real core and the real sandbox: a customer known to
// this desk only through a balance it pushed is listed, and a fresh balance pushed from the worksheet
// is kept in the Master data history (docs/decisions/094-balance-worksheet.md). It imports the core, so
// its name ends `.core.test.tsx` and tsconfig.web-core.json typechecks it (docs/development.md).
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpenedFile } from '../../../src-shared/bridge/contract';
import { fail, ok } from '../../../src-shared/bridge/result';

const coreDesk = await vi.hoisted(async () => {
  const { installCoreDesk } = await import('../support/core-desk');
  return installCoreDesk();
});

import { db } from '../../../src-renderer/data/db';
import { stagedCustomerIds } from '../../../src-renderer/data/balance-documents';
import { listRuns, loadRecords } from '../../../src-renderer/data/push-history';
import { MasterDataScreen } from '../../../src-renderer/features/master-data/MasterDataScreen';
import { resetDeskStore, useDeskStore } from '../../../src-renderer/state/store';
import { startTestCore, type TestCore } from '../../support/core';
import { pushCustomerAsErp, startSandbox, type RunningSandbox } from '../../support/sandbox';

describe('balance pushes and the worksheet, against the sandbox', () => {
  let sandbox: RunningSandbox;
  let testCore: TestCore;
  /** What the Open dialog hands over next (null: the clerk cancels). */
  let chosen: OpenedFile[] | null = null;

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 5, seed: 21, rateLimit: 6000 });
    testCore = await startTestCore({
      sandbox,
      fileDialogs: {
        open: async () => ok(chosen),
        save: async () => fail({ code: 'NO_FILE_DIALOGS', message: 'Not in this test.', retryable: false }),
      },
    });
    coreDesk.attach(testCore.core);
  });
  afterAll(async () => {
    coreDesk.attach(null);
    await testCore?.dispose();
    await sandbox?.dispose();
  });
  beforeEach(async () => {
    await db.open();
    await useDeskStore.getState().refreshConnection();
    expect(useDeskStore.getState().connection?.state).toBe('connected');
  });
  afterEach(async () => {
    cleanup();
    resetDeskStore();
    db.close();
    await db.delete();
  });

  function connectionId(): string {
    return useDeskStore.getState().connection?.connection?.id ?? '';
  }

  /**
   * A customer the ERP's own integration pushed with the demo token (not this desk): the service's id.
   * No document names it.
   */
  async function customerPushedElsewhere(ref: string): Promise<string> {
    const pushed = await pushCustomerAsErp(sandbox, ref);
    expect(pushed.status).toBe(200);
    return pushed.id!;
  }

  /** Pushes a balances file from Master data, as a clerk does, and waits for the run to finish. */
  async function pushBalancesFile(text: string): Promise<void> {
    const user = userEvent.setup();
    render(<MasterDataScreen />);
    chosen = [{ name: 'balances.csv', bytes: new TextEncoder().encode(text) }];
    await user.click(
      within(screen.getByRole('group', { name: 'Add files' })).getByRole('button', { name: 'Choose files…' }),
    );
    await screen.findByRole('article', { name: 'balances.csv' });
    fireEvent.change(screen.getByLabelText('Balances as of'), { target: { value: '2025-05-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Push 1 record' }));
    await vi.waitFor(
      () => expect(screen.getByRole('status', { name: 'Push state' }).textContent).toMatch(/^Finished/),
      { timeout: 20_000 },
    );
    cleanup();
  }

  /** The worksheet's customers after a full read: id, ERP key and ERP balance each. */
  async function worksheetCustomers() {
    await useDeskStore.getState().readAllBalances();
    const state = useDeskStore.getState();
    expect(state.balanceError).toBeNull();
    return Object.values(state.balanceEntries).map((entry) => ({
      id: entry.id,
      ref: entry.record?.external_ref,
      erpBalance: entry.record?.balance?.erp_balance,
    }));
  }

  it('lists a customer whose balance alone this desk pushed, with no staged document and no customer push', async () => {
    const id = await customerPushedElsewhere('BAL-ONLY');
    await pushBalancesFile('Customer Code,Balance\nBAL-ONLY,250.00\n');
    expect(await stagedCustomerIds()).toEqual([]);
    expect((await db.pushedKeys.toArray()).filter((row) => row.kind === 'customers')).toEqual([]);

    expect(await worksheetCustomers()).toEqual([{ id, ref: 'BAL-ONLY', erpBalance: 250 }]);
    expect(useDeskStore.getState().balanceProgress).toEqual({ done: 1, total: 1 });
  });

  it('lists the customers of balances pushed before the desk kept their keys, from the runs it stored', async () => {
    const id = await customerPushedElsewhere('BAL-EARLIER');
    await pushBalancesFile('Customer Code,Balance\nBAL-EARLIER,75.50\n');
    // As a desk stored it before balance keys were kept: the run's results, and no key of kind balances.
    await db.pushedKeys.where('[connectionId+kind]').equals([connectionId(), 'balances']).delete();
    expect(await db.pushRecords.count()).toBe(1);

    expect(await worksheetCustomers()).toEqual([{ id, ref: 'BAL-EARLIER', erpBalance: 75.5 }]);
  });

  it('keeps a fresh balance pushed from the worksheet in the Master data history, with its results and keys', async () => {
    const id = await customerPushedElsewhere('FRESH-1');
    const outcome = await useDeskStore
      .getState()
      .pushFreshBalances([{ id, ref: 'FRESH-1', balanceCents: 12_345, creditLimit: null }]);
    expect(outcome?.results).toEqual([
      { id, ref: 'FRESH-1', outcome: 'updated', problem: null, explanation: null },
    ]);

    // Master data lists the run, and its results by outcome.
    const user = userEvent.setup();
    render(<MasterDataScreen />);
    const label = 'Fresh balance of 1 customer from the balance worksheet';
    const runs = await screen.findByRole('table', { name: 'Pushes' });
    const row = within(runs).getByRole('button', { name: label }).closest('tr');
    expect(row?.textContent).toContain('Finished');
    await user.click(within(runs).getByRole('button', { name: label }));
    const run = await screen.findByRole('region', { name: `Push ${label}` });
    await vi.waitFor(() =>
      expect(
        within(within(run).getByRole('group', { name: 'Filter by result' }))
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual([
        'All 1',
        'Created 0',
        'Updated 1',
        'Unchanged 0',
        'Stale 0',
        'Removed 0',
        'Failed 0',
        'Not sent yet 0',
      ]),
    );

    const [stored] = await listRuns(connectionId());
    expect({ label: stored?.label, files: stored?.files, state: stored?.summary.state }).toEqual({
      label,
      files: ['Balance worksheet'],
      state: 'done',
    });
    const records = await loadRecords(stored?.runId ?? '');
    expect(
      records.map(({ kind, key, file, outcome: answer, serviceId, erpBalance }) => ({
        kind,
        key,
        file,
        answer,
        serviceId,
        erpBalance,
      })),
    ).toEqual([
      {
        kind: 'balances',
        key: 'FRESH-1',
        file: 'Balance worksheet',
        answer: 'updated',
        serviceId: id,
        erpBalance: 123.45,
      },
    ]);
    expect(
      (await db.pushedKeys.toArray()).map(({ connectionId: on, kind, key, isLive }) => ({
        on,
        kind,
        key,
        isLive,
      })),
    ).toEqual([{ on: connectionId(), kind: 'balances', key: 'FRESH-1', isLive: 1 }]);

    // A run of balances compares its records quickly, and leads to Balances for every customer explained.
    expect(within(run).getByRole('button', { name: 'Compare with service balances' })).toBeTruthy();
    await user.click(within(run).getByRole('button', { name: 'Explain in Balances' }));
    expect(useDeskStore.getState().section).toBe('balances');
  });
});
