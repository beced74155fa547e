import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { launchChromium } from '../support/browser';
import { startAppHost, type RunningAppHost } from '../support/app-host';
import { startFaultProxy, type FaultProxy, type ProxiedRequest } from '../support/fault-proxy';
import { storedAckCounts } from '../support/ledger';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { outboxBatches } from './pages/local-store';
import { ReviewDocument } from './pages/review-document';
import { ReviewPage } from './pages/review-page';

// Two desks of one company: two browser-mode hosts, each with its own data folder (its own core),
// both on the demo token of ONE sandbox, each driven by its own browser context (its own IndexedDB).
// Desk B reaches the sandbox through a fault proxy, so it can be cut off while desk A goes on, and so
// every write B makes is logged with the documents it carries.
//
// What a clerk must be able to count on: an answer made on one desk shows on the other as answered,
// with its ERP number; an answer queued on a desk that the other desk (or the ERP) answered
// differently in the meantime is never sent, never retried, and its row says so in plain words
// (src-renderer/sync/send-acks.ts, src-shared/domain/acks.ts checkQueuedAck).

const elsewhereWords =
  'Already answered elsewhere: accepted as ERP-124. Your answer was not sent and is not retried.';
/** The grid's short words for it; the full words are on hover and in the detail panel. */
const elsewhereCell = 'Answered elsewhere: not sent';
const feedCall = /\/(orders|invoices|payments|returns)\?filter%5Bversion_after%5D=\d+/;

function ackWrites(requests: readonly ProxiedRequest[]): ProxiedRequest[] {
  return requests.filter((request) => request.method === 'POST' && request.url.endsWith('/acks'));
}

describe('two desks on one company (two hosts, one sandbox)', () => {
  let sandbox: RunningSandbox;
  let proxyB: FaultProxy;
  let hostA: RunningAppHost;
  let hostB: RunningAppHost;
  let browser: Browser;
  let contextA: BrowserContext;
  let contextB: BrowserContext;
  let deskA: ReviewPage;
  let deskB: ReviewPage;
  /** Three invoices both desks list as pending: X answered on A, Y answered on both, Z on B later. */
  let x: string;
  let y: string;
  let z: string;
  /** Their invoice numbers, to look them up with the quick filter. */
  const numbers = new Map<string, string>();

  /** What the service holds for one invoice, read with the demo token (the ERP's view). */
  async function heldAck(
    id: string,
  ): Promise<{ outcome: string; external_number?: string | null; reason_code?: string | null } | null> {
    const response = await fetch(`${sandbox.baseUrl}/invoices?filter[id]=${id}`, {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: Array<{ ack?: { outcome: string; external_number?: string | null } | null }>;
    };
    return data[0]?.ack ?? null;
  }

  /** Opens a desk on the Invoices, caught up, with polling off: this test says when a desk syncs. */
  async function openDesk(context: BrowserContext, host: RunningAppHost): Promise<ReviewPage> {
    const page: Page = await context.newPage();
    const review = new ReviewPage(page);
    await page.goto(host.url);
    await review.open('Invoices');
    await expect.poll(() => review.count('Pending'), { timeout: 30_000 }).toBeGreaterThan(3);
    await page.getByLabel('Poll interval').selectOption('0');
    await expect.poll(() => review.page.getByLabel('Last sync').textContent()).not.toContain('never');
    return review;
  }

  /** Shows one document alone: the All view, filtered by its number, as a clerk looks one up. */
  async function lookUp(review: ReviewPage, id: string, number: string): Promise<ReviewDocument> {
    await review.view('All').click();
    await review.quickFilter(number);
    const document = new ReviewDocument(review, id);
    await expect.poll(() => document.row.count()).toBe(1);
    return document;
  }

  /** Presses Sync now once no sync runs, and waits until every feed was asked through B's proxy. */
  async function syncDeskB(): Promise<void> {
    proxyB.reset();
    await expect.poll(() => deskB.syncNow.isVisible(), { timeout: 30_000 }).toBe(true);
    await deskB.syncNow.click();
    await expect
      .poll(
        () =>
          new Set(
            proxyB.requests
              .filter((request) => request.status === 200)
              .map((request) => feedCall.exec(request.url)?.[1])
              .filter((kind) => kind !== undefined),
          ).size,
        { timeout: 30_000 },
      )
      .toBe(4);
    await expect.poll(() => deskB.syncNow.isVisible(), { timeout: 30_000 }).toBe(true);
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 8, seed: 11 });
    proxyB = await startFaultProxy(sandbox.origin, { lifetimeMs: 300_000 });
    [hostA, hostB] = await Promise.all([
      startAppHost(sandbox.baseUrl, sandbox.dataDir),
      startAppHost(proxyB.baseUrl, sandbox.dataDir),
    ]);
    browser = await launchChromium();
    contextA = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    contextB = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    mkdirSync('test-results', { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await hostA?.dispose();
    await hostB?.dispose();
    await proxyB?.close();
    await sandbox?.dispose();
  });

  it('both desks sync the invoices before anyone answers: the same ones are pending on both', async () => {
    [deskA, deskB] = await Promise.all([openDesk(contextA, hostA), openDesk(contextB, hostB)]);
    [x, y, z] = [await deskA.rowId(0), await deskA.rowId(1), await deskA.rowId(2)];
    for (const id of [x, y, z]) {
      numbers.set(id, await new ReviewDocument(deskA, id).text('number'));
      const onB = await lookUp(deskB, id, numbers.get(id) ?? '');
      // The row is found before all its cells are drawn: wait for the cell, then read it.
      await expect.poll(() => onB.text('review')).toBe('Pending');
    }
  });

  it('an invoice accepted on desk A shows on desk B as accepted, with its ERP number', async () => {
    const onA = await lookUp(deskA, x, numbers.get(x) ?? '');
    await onA.accept('ERP-123');
    await expect.poll(() => onA.text('review'), { timeout: 20_000 }).toBe('Accepted');
    expect(await heldAck(x)).toMatchObject({ outcome: 'ACCEPTED', external_number: 'ERP-123' });

    const onB = await lookUp(deskB, x, numbers.get(x) ?? '');
    await syncDeskB();
    await expect
      .poll(async () => [await onB.text('review'), await onB.text('externalNumber')], { timeout: 15_000 })
      .toEqual(['Accepted', 'ERP-123']);
  });

  it('an answer queued on desk B while cut off, answered otherwise on desk A meanwhile, is never sent', async () => {
    // Desk B is cut off from the service (every call dropped); its clerk rejects Y: queued.
    const onB = await lookUp(deskB, y, numbers.get(y) ?? '');
    proxyB.reset();
    proxyB.add({ times: 1_000_000, action: { kind: 'drop-request' } });
    await onB.reject('DUPLICATE');
    await expect.poll(() => onB.text('review')).toBe('Reject queued');
    await expect.poll(() => deskB.waiting.textContent()).toContain('1 answer waiting');
    // B tried, got nothing back, and says so; the answer stays queued.
    await expect.poll(() => deskB.network.textContent(), { timeout: 30_000 }).toContain('Offline');
    await expect.poll(() => deskB.waiting.textContent()).toContain('1 answer waiting');

    // Meanwhile desk A accepts Y as ERP-124, and it is applied.
    const onA = await lookUp(deskA, y, numbers.get(y) ?? '');
    await onA.accept('ERP-124');
    await expect.poll(() => onA.text('review'), { timeout: 20_000 }).toBe('Accepted');

    // Desk B comes back and syncs: its queued rejection meets A's answer and leaves the queue unsent.
    const whileCutOff = [...proxyB.requests];
    await syncDeskB();
    await expect.poll(() => deskB.waiting.count(), { timeout: 30_000 }).toBe(0);
    // No POST /acks from B ever carried Y (the proxy's log, cut off and since, and every write it passed on).
    const fromB = new Set([...whileCutOff, ...proxyB.requests, ...proxyB.writes]);
    expect(
      ackWrites([...fromB])
        .filter((request) => request.write?.documentIds.includes(y))
        .map((request) => ({ key: request.idempotencyKey, status: request.status })),
    ).toEqual([]);
    expect(await heldAck(y)).toMatchObject({ outcome: 'ACCEPTED', external_number: 'ERP-124' });
    expect(storedAckCounts(sandbox).get(y)).toBe(1);
    expect((await outboxBatches(deskB.page)).map((batch) => [batch.state, batch.items])).toEqual([
      ['settled', 1],
    ]);

    // B's row says why, in plain words, with the ERP number the service holds.
    await expect.poll(() => onB.text('review')).toBe(elsewhereCell);
    expect(await onB.text('externalNumber')).toBe('ERP-124');
    await expect
      .poll(() => deskB.page.getByRole('status', { name: 'Answers not sent' }).textContent())
      .toContain('1 answer(s) not sent: already answered elsewhere.');
    await deskB.page.screenshot({ path: 'test-results/two-desks-elsewhere.png' });
    await onB.cell('number').click();
    const detail = deskB.page.getByRole('complementary', { name: 'Document detail' });
    await expect.poll(() => detail.getByRole('note').textContent()).toBe(elsewhereWords);
    await deskB.page.screenshot({ path: 'test-results/two-desks-elsewhere-detail.png' });
    await detail.getByRole('button', { name: 'Close' }).click();
  });

  it('does not retry it: the next sync and send pass on desk B leave it unsent', async () => {
    await syncDeskB();
    // Another answer on B: its pass sends queued batches oldest first, so a retry of Y would go too.
    const onB = await lookUp(deskB, z, numbers.get(z) ?? '');
    await onB.accept('ERP-125');
    await expect.poll(() => onB.text('review'), { timeout: 20_000 }).toBe('Accepted');

    expect(ackWrites(proxyB.writes).map((request) => request.write?.documentIds)).toEqual([[z]]);
    expect(storedAckCounts(sandbox).get(y)).toBe(1);
    expect(await heldAck(y)).toMatchObject({ outcome: 'ACCEPTED', external_number: 'ERP-124' });
    const onBY = await lookUp(deskB, y, numbers.get(y) ?? '');
    expect(await onBY.text('review')).toBe(elsewhereCell);
    expect((await outboxBatches(deskB.page)).map((batch) => [batch.state, batch.items]).sort()).toEqual([
      ['sent', 1],
      ['settled', 1],
    ]);
  });

  it('says who answered each invoice, and its Answered filter finds those answered elsewhere', async () => {
    const shown = async (): Promise<string[]> =>
      (await deskB.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute('row-id') ?? '')))
        .filter((id) => id !== '')
        .sort();
    for (const [id, by] of [
      [x, 'Elsewhere'],
      [y, 'Elsewhere'],
      [z, 'On this desk'],
    ] as const) {
      const onB = await lookUp(deskB, id, numbers.get(id) ?? '');
      await expect.poll(() => onB.text('ackedBy')).toBe(by);
    }
    await deskB.quickFilter('');
    await deskB.filterChoice('ackedBy', 'Answered elsewhere');
    await expect.poll(shown).toEqual([x, y].sort());
    await deskB.page.screenshot({ path: 'test-results/two-desks-answered-elsewhere.png' });
    await deskB.filterChoice('ackedBy', 'Answered on this desk');
    await expect.poll(shown).toEqual([z]);
    // Desk A gave X and Y their answers.
    for (const id of [x, y]) {
      const onA = await lookUp(deskA, id, numbers.get(id) ?? '');
      await expect.poll(() => onA.text('ackedBy')).toBe('On this desk');
    }
  });
});
