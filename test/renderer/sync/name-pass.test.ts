// After a sync pass the store names what the documents name: code lists, then records the client may
// look up; an entity refused for a missing scope is not asked again this session. The core is an
// in-memory bridge here (the real one: record-names.core.test.ts).
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { DeskEvents } from '../../../src-shared/bridge/contract';
import type { Result } from '../../../src-shared/bridge/result';

const bridge = vi.hoisted(() => {
  const ref = (id: string, code: string) => ({ id, code });
  const invoice = {
    branch: ref('br-1', 'C-1001-1'),
    currency: 'EGP',
    customer: ref('cu-1', 'C-1001'),
    id: 'inv-1',
    issue_date: '2026-11-24',
    issued_at: '2026-11-24T09:30:00Z',
    lines: [
      {
        description: 'Milk',
        discount: '0.00',
        is_free_goods: false,
        line_number: 1,
        line_total: '10.00',
        product: ref('prd-1', 'PRD-1'),
        promotion_code: null,
        quantity: '1.000',
        tax: [],
        unit: ref('unit-pc', 'PC'),
        unit_price: '10.00',
      },
    ],
    number: 'INV-1',
    order: {
      branch: ref('br-1', 'C-1001-1'),
      customer: ref('cu-1', 'C-1001'),
      id: 'o-1',
      lines: [],
      number: 'SO-1',
      sales_rep: ref('rep-1', 'R01'),
      status: 'DELIVERED',
    },
    prices_include_tax: false,
    status: 'ISSUED',
    totals: { discount: '0.00', subtotal: '10.00', tax: '0.00', total: '10.00' },
    updated_at: '2026-11-24T09:30:00Z',
    version: 1,
    ack: null,
  };
  const lists: Record<string, unknown[]> = {
    'payment-methods': [
      { code: 'CASH', name: { en: 'Cash', ar: 'نقدي' }, attributes: { needs_reference: 'false' } },
      { code: 'CHEQUE', name: { en: 'Cheque', ar: 'شيك' }, attributes: { needs_reference: 'true' } },
    ],
    units: [{ code: 'PC', name: { en: 'Piece', ar: 'قطعة' }, attributes: {}, id: 'unit-pc' }],
  };
  const meta = { has_more: false, high_water: 1, next_version_after: 1, per_page: 500 };
  const desk = {
    connections: {
      status: vi.fn(async () => ({
        ok: true,
        value: {
          connection: {
            id: 'conn-1',
            label: 'Sandbox',
            baseUrl: 'http://127.0.0.1:1/api/integration/v1',
            isActive: true,
            tokenStorage: 'memory',
            start: { mode: 'everything' },
            identity: null,
          },
          state: 'connected',
          // No catalogue scope: products are not looked up.
          scopes: ['invoices:read', 'customers:read'],
        },
      })),
    },
    feeds: {
      pull: vi.fn(async (kind: string) => ({
        ok: true,
        value: { kind, data: kind === 'invoices' ? [invoice] : [], meta },
      })),
      cursor: vi.fn(async () => ({ ok: true, value: { last_version: 1, last_seq: 0 } })),
      documents: vi.fn(async (kind: string) => ({ ok: true, value: { kind, data: [], meta } })),
    },
    acks: { send: vi.fn() },
    reference: {
      customerNames: vi.fn(async (ids: string[]) => ({
        ok: true,
        value: ids.map((id) => ({ id, code: 'C-1001', name: { en: 'Nile Foods', ar: 'أغذية النيل' } })),
      })),
      list: vi.fn(async (kind: string, _options?: { isBackground: boolean }): Promise<Result<unknown[]>> => ({
        ok: true,
        value: lists[kind] ?? [],
      })),
    },
    lookup: {
      records: vi.fn(async (_entity: string, ids: string[]) => ({
        ok: true,
        value: [
          {
            id: ids[0],
            result: {
              ok: false,
              error: { code: 'SCOPE_MISSING', message: 'customers:read is needed.', retryable: false },
            },
          },
        ],
      })),
    },
    on: vi.fn((_event: keyof DeskEvents) => () => undefined),
  };
  Object.assign(globalThis, { desk });
  return { desk };
});

import { labelOfCode, labelOfRef, namesOf } from '../../../src-renderer/state/names';
import { useDeskStore } from '../../../src-renderer/state/store';
import { connectedSandbox, useConnectedDesk } from '../support/connected-desk';

describe('names after a sync pass', () => {
  useConnectedDesk();

  it('names codes from the lists, asks only records the client may look up, and a refused entity once', async () => {
    // The pass starts the name fill without waiting for it: the test waits for each.
    const fillNames = useDeskStore.getState().fillNames;
    const fills: Promise<void>[] = [];
    useDeskStore.setState({
      fillNames: () => {
        const fill = fillNames();
        fills.push(fill);
        return fill;
      },
    });
    await useDeskStore.getState().syncNow();
    await Promise.all(fills);
    expect(fills).toHaveLength(1);
    expect([
      labelOfCode('payment-methods', 'CHEQUE', { language: 'ar' }),
      namesOf('payment-methods').byCode.get('CHEQUE')?.needsReference,
      labelOfRef('unit', { id: 'unit-pc', code: 'PC' }, { language: 'en' }),
      labelOfRef('customer', { id: 'cu-1', code: 'C-1001' }, { language: 'ar' }),
      labelOfRef('product', { id: 'prd-1', code: 'PRD-1' }, { language: 'en' }),
    ]).toEqual(['CHEQUE · شيك', true, 'PC · Piece', 'C-1001 · أغذية النيل', 'PRD-1']);
    // Products: no catalogue scope, never asked; the unit: named by its list. The branch: asked, refused.
    expect(bridge.desk.lookup.records.mock.calls).toEqual([['branch', ['br-1']]]);
    expect(bridge.desk.reference.list).toHaveBeenCalledTimes(10);

    await useDeskStore.getState().syncNow();
    await Promise.all(fills);
    expect(fills).toHaveLength(2);
    // Lists are fresh for 12 hours, and the refused branch is not asked again this session.
    expect(bridge.desk.lookup.records).toHaveBeenCalledTimes(1);
    expect(bridge.desk.reference.list).toHaveBeenCalledTimes(10);
    // Names are background work: the lists too are asked as such.
    expect(bridge.desk.reference.list.mock.calls.every((call) => call[1]?.isBackground === true)).toBe(true);
  });

  it('stops quietly when the core keeps the budget for the clerk, and the next pass goes on', async () => {
    bridge.desk.lookup.records.mockClear();
    bridge.desk.reference.list.mockClear();
    // Scopes known, as `GET /me` shows them: only branches are looked up.
    useDeskStore.setState({
      connection: { ...connectedSandbox, scopes: ['invoices:read', 'customers:read'] },
    });
    const notSpare: Result<never> = {
      ok: false,
      error: { code: 'BUDGET_NOT_SPARE', message: 'Kept for the clerk.', retryable: true },
    };
    // The first list is refused for budget: nothing more is asked on that pass, not even a lookup.
    bridge.desk.reference.list.mockResolvedValueOnce(notSpare);
    // On the next, the lists go and the branch's lookup is refused for budget (its entry is the last).
    bridge.desk.lookup.records.mockImplementationOnce(async (_entity: string, ids: string[]) => ({
      ok: true,
      value: [{ id: ids[0], result: notSpare }],
    }));
    const fillNames = useDeskStore.getState().fillNames;
    const fills: Promise<void>[] = [];
    useDeskStore.setState({
      fillNames: () => {
        const fill = fillNames();
        fills.push(fill);
        return fill;
      },
    });
    for (let pass = 0; pass < 3; pass += 1) {
      await useDeskStore.getState().syncNow();
      await Promise.all(fills);
      // The clerk is told nothing: the sync is fine and online.
      expect([useDeskStore.getState().syncError, useDeskStore.getState().isOnline]).toEqual([null, true]);
    }
    expect(fills).toHaveLength(3);
    // Pass 1: one list; pass 2: ten lists, the branch refused for budget; pass 3: the branch asked again.
    expect(bridge.desk.reference.list).toHaveBeenCalledTimes(11);
    expect(bridge.desk.lookup.records.mock.calls).toEqual([
      ['branch', ['br-1']],
      ['branch', ['br-1']],
    ]);
  });
});
