import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PushPlan, PushResultsPage, PushRunSummary } from '../../../src-shared/domain/master-data';
import type { OpenedFile, OpenFileRequest } from '../../../src-shared/bridge/contract';
import type { Result } from '../../../src-shared/bridge/result';

// The renderer sees the core only through `window.desk`; here a small in-memory bridge answers the
// push operations. The real runner and sandbox are exercised by test/core/push-runner.test.ts and
// test/e2e/master-data.e2e.ts.
const bridge = vi.hoisted(() => {
  const state: { plans: unknown[] } = { plans: [] };
  const summary = (recordsTotal: number): PushRunSummary => ({
    runId: 'run-1',
    label: 'test',
    connectionId: 'conn-1',
    createdAt: '2025-04-01T10:00:00.000Z',
    updatedAt: '2025-04-01T10:00:00.000Z',
    state: 'queued',
    reason: null,
    callsTotal: 1,
    callsDone: 0,
    recordsTotal,
    counts: { pending: recordsTotal, created: 0, updated: 0, unchanged: 0, stale: 0, deleted: 0, failed: 0 },
    currentKind: 'customers',
  });
  const desk = {
    push: {
      start: vi.fn(async (plan: PushPlan): Promise<Result<PushRunSummary>> => {
        state.plans.push(plan);
        return { ok: true, value: summary(plan.calls.length) };
      }),
      list: vi.fn(async () => ({ ok: true as const, value: [] })),
      results: vi.fn(async (): Promise<Result<PushResultsPage>> => ({
        ok: true,
        value: { runId: 'run-1', total: 0, offset: 0, records: [] },
      })),
      pause: vi.fn(),
      resume: vi.fn(),
      status: vi.fn(),
    },
    lookup: { customer: vi.fn() },
    files: {
      open: vi.fn(async (_request: OpenFileRequest): Promise<Result<OpenedFile[] | null>> => ({
        ok: true,
        value: null,
      })),
    },
    on: vi.fn(() => () => undefined),
  };
  Object.assign(globalThis, { desk });
  return { state, desk };
});

import { MasterDataScreen } from '../../../src-renderer/features/master-data/MasterDataScreen';
import { db } from '../../../src-renderer/data/db';
import { useConnectedDesk } from '../support/connected-desk';

useConnectedDesk();
afterEach(() => {
  bridge.state.plans = [];
  bridge.desk.files.open.mockClear();
});

/** The files the clerk chooses together next in the Open dialog (or the browser's file chooser). */
function chooseNext(...files: Array<{ name: string; text: string }>): void {
  bridge.desk.files.open.mockResolvedValueOnce({
    ok: true,
    value: files.map(({ name, text }) => ({ name, bytes: new TextEncoder().encode(text) })),
  });
}

/** "Choose files…" of the Add files group. */
function chooseFilesButton(): HTMLElement {
  return within(screen.getByRole('group', { name: 'Add files' })).getByRole('button', {
    name: 'Choose files…',
  });
}

describe('the master-data screen', () => {
  it('reads a CSV, shows what is wrong before sending, lets a column be fixed, and pushes a plan', async () => {
    const user = userEvent.setup();
    render(<MasterDataScreen />);
    chooseNext({
      name: 'customers.csv',
      text: 'Client No;Customer name (EN);الاسم;Limit\nC1;Nile Market;سوق النيل;1.500,00\nC2;Delta;;abc\n',
    });
    await user.click(chooseFilesButton());

    const card = await screen.findByRole('article', { name: 'customers.csv' });
    // "Client No" is not a word the desk knows for the key: the clerk chooses the column.
    expect(
      within(card).getByRole('list', { name: 'Column problems of customers.csv' }).textContent,
    ).toContain('Choose the column for "Customer key".');
    await user.selectOptions(within(card).getByLabelText('Column for Customer key'), 'Client No');
    await user.selectOptions(within(card).getByLabelText('Column for Credit limit'), 'Limit');

    expect((await within(card).findByRole('status', { name: 'Check of customers.csv' })).textContent).toBe(
      '2 rows: 1 will be pushed, 1 with errors left out.',
    );
    expect(within(card).getByRole('table', { name: 'Problems in customers.csv' }).textContent).toContain(
      'Error: Credit limit: "abc" is not a number',
    );

    await user.click(screen.getByRole('button', { name: 'Push 1 record' }));
    expect(bridge.state.plans).toHaveLength(1);
    expect(bridge.state.plans[0]).toMatchObject({
      calls: [
        {
          call: 'customer',
          file: 'customers.csv',
          line: 2,
          ref: 'C1',
          body: { name: { en: 'Nile Market', ar: 'سوق النيل' }, blocked: false, credit_limit: 1500 },
        },
      ],
    });
    // The mapping is remembered for the next export with these columns.
    expect(await db.importLayouts.count()).toBe(1);
    expect(await screen.findByRole('status', { name: 'Push state' })).toBeTruthy();
  });

  it('adds every export chosen in one Open dialog, each as a card, and keeps those already added', async () => {
    const user = userEvent.setup();
    render(<MasterDataScreen />);
    chooseNext(
      { name: 'units.csv', text: 'code,name.en\nPCS,Piece\n' },
      { name: 'customers.csv', text: 'code,name.en\nC1,Nile Market\n' },
    );
    await user.click(chooseFilesButton());
    expect(await screen.findByRole('article', { name: 'units.csv' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'customers.csv' })).toBeTruthy();
    expect(bridge.desk.files.open.mock.calls[0]![0]).toEqual({
      title: 'ERP exports',
      filters: [
        { name: 'CSV or Excel', extensions: ['csv', 'txt', 'tsv', 'xlsx'] },
        { name: 'CSV file', extensions: ['csv', 'txt', 'tsv'] },
        { name: 'Excel workbook', extensions: ['xlsx'] },
      ],
      multiple: true,
    });

    // A cancel changes nothing; a later choice adds to the cards.
    await user.click(chooseFilesButton());
    chooseNext({ name: 'prices.csv', text: 'product,price\nP1,10\n' });
    await user.click(chooseFilesButton());
    expect(await screen.findByRole('article', { name: 'prices.csv' })).toBeTruthy();
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'units.csv',
      'customers.csv',
      'prices.csv',
    ]);
  });

  it('says in plain words which limit a choice went over, and what to do', async () => {
    const user = userEvent.setup();
    render(<MasterDataScreen />);
    const refusals = [
      {
        error: {
          code: 'FILE_TOO_LARGE',
          message: 'The 2 files chosen are larger than 512 MB together, the most the app opens at once',
          retryable: false,
          details: [{ limit: 'total' }],
        },
        text: 'The 2 files chosen are larger than 512 MB together, the most the app opens at once. Choose fewer files at a time.',
      },
      {
        error: {
          code: 'FILE_TOO_LARGE',
          message: 'The file customers.csv is larger than 512 MB, the most the app opens',
          retryable: false,
          details: [{ limit: 'file' }],
        },
        text: 'The file customers.csv is larger than 512 MB, the most the app opens. Export fewer rows from the ERP.',
      },
      {
        error: {
          code: 'TOO_MANY_FILES',
          message: '51 files were chosen; the app opens at most 50 at once',
          retryable: false,
          details: [{ limit: 'count' }],
        },
        text: '51 files were chosen; the app opens at most 50 at once. Choose fewer files at a time.',
      },
    ];
    for (const { error, text } of refusals) {
      bridge.desk.files.open.mockResolvedValueOnce({ ok: false, error });
      await user.click(chooseFilesButton());
      expect((await screen.findByRole('alert')).textContent).toBe(text);
    }
    expect(screen.queryByRole('article')).toBeNull();
  });
});
