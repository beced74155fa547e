// Names, not codes: the renderer's name job run in Node on fake-indexeddb against a real core talking to
// the real sandbox over loopback. Code lists refreshed when stale, the products and branches the staged
// documents name looked up a bounded number a pass, units and warehouses named by their lists, an
// entity whose scope the client lacks left alone, and a pass that stops quietly where the rate window has
// no budget to spare beyond the half kept for the clerk's work.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NamedEntity } from '../../../src-shared/domain/named-records';
import { db } from '../../../src-renderer/data/db';
import { loadDeskNames, nameOfRef } from '../../../src-renderer/data/desk-names';
import { readRecordNames } from '../../../src-renderer/data/record-names';
import { readRecordRefs } from '../../../src-renderer/data/record-refs';
import { SyncEngine } from '../../../src-renderer/sync/feed-sync';
import {
  recordLookupsPerPass,
  refreshRecordNames,
  type NameSession,
  type RecordNamesOutcome,
} from '../../../src-renderer/sync/record-names';
import { scopes } from '../../../src-shared/wire';
import { startTestCore, type TestCore } from '../../support/core';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';

/** A session's memory of refused entities, as the scheduler keeps it. */
function session(): NameSession & { refused: Set<NamedEntity> } {
  const refused = new Set<NamedEntity>();
  return { refused, isRefused: (entity) => refused.has(entity), refuse: (entity) => refused.add(entity) };
}

const day = 24 * 60 * 60 * 1000;

describe('names of the records documents name, against the sandbox', () => {
  let sandbox: RunningSandbox;
  let testCore: TestCore;
  const start = Date.parse('2026-11-24T08:00:00.000Z');

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 80, rateLimit: 6000 });
    testCore = await startTestCore({ sandbox });
    db.close();
    await db.delete();
    await db.open();
    const engine = new SyncEngine({ desk: testCore.core.api, yieldToUi: () => Promise.resolve() });
    expect((await engine.syncAll()).error).toBeNull();
  });
  afterAll(async () => {
    await testCore?.dispose();
    await sandbox?.dispose();
  });

  /**
   * Whole seconds ahead in the rate window (whole minutes of the sandbox clock), and the window told to
   * `desk`'s client by a clerk's call: names are background work, sent only in a window the core knows,
   * so a test must not cross into the next one unawares.
   */
  async function freshWindow(desk = testCore.core.api): Promise<void> {
    const response = await fetch(`${sandbox.baseUrl}/me`, {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    await response.text();
    const resetSec = Number(response.headers.get('x-ratelimit-reset'));
    if (resetSec < 20) await sandbox.admin('POST', '/clock', { advance_seconds: resetSec });
    expect((await desk.feeds.cursor('invoices')).ok).toBe(true);
  }

  /** Passes until one names nothing; answers every pass's outcome. */
  async function passesUntilNamed(
    options: Parameters<typeof refreshRecordNames>[1],
    desk = testCore.core.api,
  ): Promise<RecordNamesOutcome[]> {
    const outcomes: RecordNamesOutcome[] = [];
    for (let pass = 0; pass < 20; pass += 1) {
      const outcome = await refreshRecordNames(desk, options);
      outcomes.push(outcome);
      if (outcome.records === 0 || outcome.error) break;
    }
    return outcomes;
  }

  it('names every product and branch the documents name, at most 12 a pass, and units and warehouses by their lists', async () => {
    const products = await readRecordRefs('product');
    const branches = await readRecordRefs('branch');
    expect(products.length + branches.length).toBeGreaterThan(recordLookupsPerPass);
    expect((await readRecordRefs('warehouse')).length).toBeGreaterThan(0);
    await freshWindow();
    const now = () => new Date(start);
    const outcomes = await passesUntilNamed({
      connectionId: 'conn-1',
      scopes: null,
      session: session(),
      now,
    });
    // The ten code lists once, on the first pass; then names, never more than a pass's budget.
    expect(outcomes.map((outcome) => outcome.lists)).toEqual(
      outcomes.map((_, pass) => (pass === 0 ? 10 : 0)),
    );
    expect(
      outcomes.every(
        (outcome) =>
          outcome.records <= recordLookupsPerPass && outcome.error === null && !outcome.isStoppedForBudget,
      ),
    ).toBe(true);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.records, 0)).toBe(
      products.length + branches.length,
    );
    expect(await db.references.count()).toBe(10);
    // Units and warehouses: their lists name every one the documents name, so none was looked up.
    const names = await readRecordNames('conn-1');
    expect(new Set(names.map((row) => row.entity))).toEqual(new Set(['product', 'branch']));

    const desk = await loadDeskNames('conn-1');
    for (const entity of ['product', 'branch', 'unit', 'warehouse'] as const) {
      for (const ref of await readRecordRefs(entity)) {
        const named = nameOfRef(desk.of(entity), { id: ref.id });
        expect(named?.code, `${entity} ${ref.id}`).toBe(ref.code);
        expect(named?.name?.en && named.name.ar, `${entity} ${ref.id}`).toBeTruthy();
      }
    }
    // A cheque needs a reference, cash does not (spec, Payment).
    expect(
      ['CHEQUE', 'CASH'].map((code) => desk.of('payment-methods').byCode.get(code)?.needsReference),
    ).toEqual([true, false]);
  });

  it('asks the lists again only once they are 12 hours old, and names again only after 7 days, the stalest first', async () => {
    const at = (ms: number) => () => new Date(start + ms);
    const options = { connectionId: 'conn-1', scopes: null, session: session() };
    await freshWindow();
    expect(await refreshRecordNames(testCore.core.api, { ...options, now: at(11 * 60 * 60 * 1000) })).toEqual(
      {
        lists: 0,
        records: 0,
        refused: [],
        error: null,
        isStoppedForBudget: false,
      },
    );
    expect(await refreshRecordNames(testCore.core.api, { ...options, now: at(13 * 60 * 60 * 1000) })).toEqual(
      {
        lists: 10,
        records: 0,
        refused: [],
        error: null,
        isStoppedForBudget: false,
      },
    );
    const before = await readRecordNames('conn-1');
    const eightDays = new Date(start + 8 * day).toISOString();
    const stale = await refreshRecordNames(testCore.core.api, { ...options, now: at(8 * day) });
    // Past 12 hours the lists too.
    expect([stale.lists, stale.records]).toEqual([10, recordLookupsPerPass]);
    const read = (await readRecordNames('conn-1')).filter((row) => row.fetchedAt === eightDays);
    expect(read.length).toBe(recordLookupsPerPass);
    // The next pass reads the names still stale, not the ones just read.
    const next = await refreshRecordNames(testCore.core.api, { ...options, now: at(8 * day + 1000) });
    expect(next.records).toBe(Math.min(recordLookupsPerPass, before.length - recordLookupsPerPass));
    const again = (await readRecordNames('conn-1')).filter((row) => row.fetchedAt > eightDays);
    expect(again.some((row) => read.some((first) => first.id === row.id))).toBe(false);
    expect((await readRecordNames('conn-1')).length).toBe(before.length);
  });

  it('leaves products alone for a client that may not look them up: not asked when its scopes show it, else refused once', async () => {
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Reads documents and customers',
      system: 'OTHER',
      scopes: ['orders:read', 'invoices:read', 'customers:read'],
      rate_limit_per_minute: 6000,
    });
    const narrow = await startTestCore();
    try {
      expect(
        (await narrow.core.api.connections.add({ label: 'Narrow', baseUrl: sandbox.baseUrl, token })).ok,
      ).toBe(true);
      await freshWindow(narrow.core.api);
      const now = () => new Date(start);
      // Its scopes known: products are never asked; branches are named.
      const known = session();
      const outcomes = await passesUntilNamed(
        {
          connectionId: 'conn-known',
          scopes: ['orders:read', 'invoices:read', 'customers:read'],
          session: known,
          now,
        },
        narrow.core.api,
      );
      expect(outcomes.flatMap((outcome) => outcome.refused)).toEqual([]);
      expect(new Set((await readRecordNames('conn-known')).map((row) => row.entity))).toEqual(
        new Set(['branch']),
      );

      // Its scopes unknown: the first product lookup is refused, remembered, and the branches named anyway.
      const unknown = session();
      const first = await refreshRecordNames(narrow.core.api, {
        connectionId: 'conn-unknown',
        scopes: null,
        session: unknown,
        now,
      });
      expect([first.refused, first.error, [...unknown.refused]]).toEqual([['product'], null, ['product']]);
      const rest = await passesUntilNamed(
        { connectionId: 'conn-unknown', scopes: null, session: unknown, now },
        narrow.core.api,
      );
      expect(rest.flatMap((outcome) => outcome.refused)).toEqual([]);
      const named = await readRecordNames('conn-unknown');
      expect(new Set(named.map((row) => row.entity))).toEqual(new Set(['branch']));
      expect(named.length).toBe((await readRecordRefs('branch')).length);
    } finally {
      await narrow.dispose();
    }
  });
  it('stops quietly where the window has no budget to spare beyond the half kept for the clerk, and goes on in the next', async () => {
    const limit = 40;
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'A desk on a small budget',
      system: 'OTHER',
      scopes: [...scopes],
      rate_limit_per_minute: limit,
    });
    // Its clock moves with the sandbox's, so a window the sandbox leaves is one the core sees end.
    let offsetMs = 0;
    const small = await startTestCore({ clock: { now: () => Date.now() + offsetMs } });
    try {
      expect(
        (await small.core.api.connections.add({ label: 'Small', baseUrl: sandbox.baseUrl, token })).ok,
      ).toBe(true);
      await freshWindow(small.core.api);
      const options = {
        connectionId: 'conn-small',
        scopes: null,
        session: session(),
        now: () => new Date(start),
      };
      // Lists are fresh (named above): each pass looks records up, at most 12, while 20 or more are left.
      const outcomes: RecordNamesOutcome[] = [];
      for (let pass = 0; pass < 4; pass += 1)
        outcomes.push(await refreshRecordNames(small.core.api, options));
      // No pass failed; one stopped for budget partway, and the ones after it asked nothing.
      expect(outcomes.map((outcome) => outcome.error)).toEqual([null, null, null, null]);
      const stopped = outcomes.findIndex((outcome) => outcome.isStoppedForBudget);
      expect(stopped).toBeGreaterThanOrEqual(0);
      expect(
        outcomes.slice(stopped + 1).map((outcome) => [outcome.records, outcome.isStoppedForBudget]),
      ).toEqual(outcomes.slice(stopped + 1).map(() => [0, true]));
      const named = await readRecordNames('conn-small');
      expect(named.length).toBe(outcomes.reduce((sum, outcome) => sum + outcome.records, 0));
      // What the window has left: half, less the call that reads it.
      const response = await fetch(`${sandbox.baseUrl}/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.text();
      expect(Number(response.headers.get('x-ratelimit-remaining'))).toBe(limit / 2 - 1);

      // A new window, told by the clerk's next sync: the next pass goes on where the last one stopped.
      const resetSec = Number(response.headers.get('x-ratelimit-reset'));
      await sandbox.admin('POST', '/clock', { advance_seconds: resetSec });
      offsetMs += resetSec * 1000;
      expect((await small.core.api.feeds.cursor('invoices')).ok).toBe(true);
      const next = await refreshRecordNames(small.core.api, options);
      expect([next.error, next.records]).toEqual([null, recordLookupsPerPass]);
      const again = await readRecordNames('conn-small');
      expect(again.length).toBe(named.length + recordLookupsPerPass);
    } finally {
      await small.dispose();
    }
  });
});
