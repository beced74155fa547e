// Master data when the disk fills as a push starts (issue 28, item 1): the clerk reads that the push
// goes on and is not to be pushed again, its progress meanwhile says the same (never "do it again"),
// and once the disk has room the run is listed from the plan kept before it started.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PushPlan, PushRunSummary } from '../../../src-shared/domain/master-data';
import type { OpenedFile, OpenFileRequest } from '../../../src-shared/bridge/contract';
import type { Result } from '../../../src-shared/bridge/result';

const bridge = vi.hoisted(() => {
  const state: { started: PushRunSummary[]; progress: ((summary: PushRunSummary) => void) | null } = {
    started: [],
    progress: null,
  };
  const summaryOf = (plan: PushPlan): PushRunSummary => ({
    runId: 'run-1',
    label: plan.label,
    connectionId: 'conn-1',
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
    state: 'running',
    reason: null,
    callsTotal: plan.calls.length,
    callsDone: 0,
    recordsTotal: 2,
    counts: { pending: 2, created: 0, updated: 0, unchanged: 0, stale: 0, deleted: 0, failed: 0 },
    currentKind: 'units',
  });
  const desk = {
    push: {
      start: vi.fn(async (plan: PushPlan): Promise<Result<PushRunSummary>> => {
        state.started.push(summaryOf(plan));
        return { ok: true, value: summaryOf(plan) };
      }),
      list: vi.fn(async () => ({ ok: true as const, value: [...state.started] })),
      results: vi.fn(async () => ({ ok: true, value: { runId: 'run-1', total: 0, offset: 0, records: [] } })),
      pause: vi.fn(),
      resume: vi.fn(),
      status: vi.fn(async () => ({ ok: false, error: { code: 'INTERNAL', message: 'x', retryable: true } })),
    },
    lookup: { customer: vi.fn() },
    files: {
      open: vi.fn(async (_request: OpenFileRequest): Promise<Result<OpenedFile[] | null>> => ({
        ok: true,
        value: [
          {
            name: 'units.csv',
            bytes: new TextEncoder().encode('code,name.en,name.ar\nPCS,Piece,قطعة\nBOX,Box,علبة\n'),
          },
        ],
      })),
    },
    on: vi.fn((event: string, listener: (summary: PushRunSummary) => void) => {
      if (event === 'push.progress') state.progress = listener;
      return () => undefined;
    }),
  };
  Object.assign(globalThis, { desk });
  return { state, desk };
});

import { MasterDataScreen } from '../../../src-renderer/features/master-data/MasterDataScreen';
import { useConnectedDesk } from '../support/connected-desk';
import { fillDiskAfter } from '../support/full-disk';

/** Node's process, which runs this file (the renderer's types know no Node): rejections no one heard. */
const nodeProcess = Reflect.get(globalThis, 'process') as {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): void;
  off(event: 'unhandledRejection', listener: (reason: unknown) => void): void;
};

useConnectedDesk();
let freeDisk = (): void => undefined;
afterEach(() => {
  freeDisk();
  bridge.state.started = [];
});

describe('a push started as the disk fills', () => {
  it('says the push goes on and not to push again, until the run can be listed', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    nodeProcess.on('unhandledRejection', onUnhandled);
    try {
      const user = userEvent.setup();
      render(<MasterDataScreen />);
      await user.click(
        within(screen.getByRole('group', { name: 'Add files' })).getByRole('button', {
          name: 'Choose files…',
        }),
      );
      await screen.findByRole('article', { name: 'units.csv' });

      // The plan kept before the start is accepted; the run's own row, and every later write of it, refused.
      freeDisk = fillDiskAfter(1, (store) => store === 'meta' || store === 'pushRuns');
      await user.click(screen.getByRole('button', { name: 'Push 2 records' }));
      expect(bridge.desk.push.start).toHaveBeenCalledTimes(1);
      const said = await screen.findByText(/Do not push the same files again/);
      expect(said.textContent).toMatch(/^This computer’s disk is full.*The push goes on with its keys/);

      // Its progress while the disk is still full says the same, and nothing goes unheard.
      bridge.state.progress?.({ ...bridge.state.started[0]!, callsDone: 1 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.getByText(/Do not push the same files again/)).toBeTruthy();
      expect(unhandled).toEqual([]);

      // Room again: the next progress lists the run, with its name.
      freeDisk();
      bridge.state.progress?.({ ...bridge.state.started[0]!, callsDone: 1 });
      const runs = await screen.findByRole('table', { name: 'Pushes' });
      expect(await within(runs).findByText(/Master data/)).toBeTruthy();
      expect(bridge.desk.push.start).toHaveBeenCalledTimes(1);
    } finally {
      nodeProcess.off('unhandledRejection', onUnhandled);
    }
  });
});
