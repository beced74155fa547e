import { stagedRows } from '../e2e/pages/local-store';
import { startFaultProxy } from '../support/fault-proxy';
import { ackAnomalies } from '../support/ledger';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { isSyncDone, outboxStates, round, startApp, waitFor } from './app-harness';
import type { BenchModule, BenchRow } from './types';

/**
 * Batch acceptance end to end (issue 8): every pending payment of a `--docs 10000` sandbox (10,000)
 * selected in the Payments grid and accepted, at the default 120 requests/min, timed from the click on
 * "Accept 10000" until every batch's answer is recorded in IndexedDB. 20 batch calls of 500; the limit
 * sets a bound of 1,000 acceptances/s (2 calls/s of 500), and the run must come within 10% of it, with
 * no 429 and no document answered twice (the sandbox's own ack history, test/support/ledger.ts).
 *
 * The documents are synced first at a raised limit; then the client is put back to 120/min and the
 * sandbox clock is moved to the start of a fresh rate window, so the run starts with the budget a
 * clerk starting a session has (the sync's own calls are not charged to it).
 */

const defaultLimit = 120;
const batchSize = 500;

async function clientId(sandbox: RunningSandbox): Promise<string> {
  const me = await fetch(`${sandbox.baseUrl}/me`, { headers: { authorization: `Bearer ${sandbox.token}` } });
  const { data } = (await me.json()) as { data: { client: { id: string } } };
  return data.client.id;
}

const bench: BenchModule = async (context) => {
  const count = context.quick ? 1000 : 10_000;
  const rows: BenchRow[] = [];
  const sandbox = await startSandbox({ docs: count, seed: 13, rateLimit: 1_000_000_000 });
  // A proxy that only watches: it counts the batch calls and the 429s.
  const proxy = await startFaultProxy(sandbox.origin, { lifetimeMs: 900_000 });
  const app = await startApp(proxy.baseUrl, sandbox.dataDir);
  try {
    const { page } = app;
    await page.goto(app.host.url);
    await waitFor(() => isSyncDone(page), 300_000, 'the sync to finish');
    // Let the name look-ups that follow a sync settle.
    let seen = -1;
    await waitFor(
      async () => {
        const now = proxy.requests.length;
        const isQuiet = now === seen;
        seen = now;
        return isQuiet;
      },
      60_000,
      'the app to go quiet',
      1000,
    );

    await sandbox.admin('PATCH', `/clients/${await clientId(sandbox)}`, {
      rate_limit_per_minute: defaultLimit,
    });
    const { now } = await sandbox.admin<{ now: string }>('POST', '/clock', { advance_seconds: 0 });
    const nowMs = Date.parse(now);
    await sandbox.admin('POST', '/clock', {
      advance_seconds: (Math.floor(nowMs / 60_000) * 60_000 + 60_500 - nowMs) / 1000,
    });
    proxy.reset();

    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Payments' })
      .click();
    const main = page.getByRole('main');
    await main
      .getByRole('group', { name: 'Views' })
      .getByRole('button', { name: /^Pending/ })
      .click();
    await waitFor(async () => (await main.locator('.ag-row').count()) > 0, 60_000, 'the pending payments');
    await main.locator('.ag-header-select-all input').first().check();
    await waitFor(
      async () => (await main.getByText(`${count.toLocaleString('en-US')} selected`).count()) === 1,
      60_000,
      'the selection',
    );
    const ids = [...(await stagedRows(page, 'payments')).keys()];
    await main.getByRole('button', { name: 'Accept…' }).click();
    const accept = page.getByRole('dialog').getByRole('button', { name: `Accept ${count}` });
    await accept.waitFor();

    const started = performance.now();
    await accept.click();
    const batches = count / batchSize;
    await waitFor(
      async () => (await outboxStates(page)).sent === batches,
      300_000,
      'every batch to be answered',
      50,
    );
    const elapsedMs = performance.now() - started;

    const calls = proxy.requests.filter(
      (request) => request.method === 'POST' && request.url.endsWith('/acks'),
    );
    const throttled = proxy.requests.filter((request) => request.status === 429).length;
    const keys = new Set(calls.map((call) => call.idempotencyKey));
    const { twice, never } = ackAnomalies(sandbox, ids);
    if (never.length > 0) throw new Error(`${never.length} payments have no ack on the sandbox`);
    const perSecond = count / (elapsedMs / 1000);
    const bound = (defaultLimit / 60) * batchSize; // acceptances/s the limit allows: 2 calls/s of 500
    rows.push({
      group: 'acks',
      name: `${count.toLocaleString('en-US')} acceptances end to end at ${defaultLimit}/min (${calls.length} batch calls, ${keys.size} keys)`,
      value: round(perSecond, 0),
      unit: 'acks/s',
      target: '>= 90% of 1,000 acks/s',
      ratio: perSecond / bound,
      pass: perSecond / bound >= 0.9 && calls.length === batches,
    });
    rows.push({
      group: 'acks',
      name: 'time from the click to every answer recorded',
      value: round(elapsedMs / 1000, 2),
      unit: 's',
    });
    rows.push({
      group: 'acks',
      name: 'documents the sandbox holds more than one ack for',
      value: twice.length,
      unit: 'docs',
      target: '0',
      pass: twice.length === 0,
    });
    rows.push({
      group: 'acks',
      name: '429 answers met during the run',
      value: throttled,
      unit: '429s',
      target: '0',
      pass: throttled === 0,
    });
  } finally {
    await app.close();
    await proxy.close();
    await sandbox.dispose();
  }
  return rows;
};

export default bench;
