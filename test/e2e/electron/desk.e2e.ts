// The core flows inside the real Electron window of the built app, with the browser suite's page
// modules: connected on start, the first sync, a batch of accepts reaching the service, and an export
// saved through the native Save dialog (answered in the main process, so the bridge runs for real).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReviewPage } from '../pages/review-page';
import { ShellPage } from '../pages/shell-page';
import { findElectronBinary, startDeskInElectron, type DeskInElectron } from './support/electron-desk';

const electron = findElectronBinary();

describe.skipIf('missing' in electron)('the desk in its Electron window (real sandbox)', () => {
  let desk: DeskInElectron;
  let exportsDir: string;

  beforeAll(async () => {
    if (!('path' in electron)) return;
    desk = await startDeskInElectron(electron.path, { docs: 30, seed: 5 });
    exportsDir = mkdtempSync(join(tmpdir(), 'desk-exports-'));
  });

  afterAll(async () => {
    await desk?.close();
    if (exportsDir) rmSync(exportsDir, { recursive: true, force: true });
  });

  it("opens connected to the sandbox's demo company", async () => {
    const shell = new ShellPage(desk.page);
    await expect
      .poll(() => shell.connection.textContent(), { timeout: 30_000 })
      .toContain('Connected to Demo Trading Company (DEMO) as Demo ERP');
    await desk.page.screenshot({ path: 'test-results/electron-connected.png' });
  });

  it('syncs the feeds and shows the invoices to review', async () => {
    const review = new ReviewPage(desk.page);
    await review.open('Invoices');
    await expect.poll(() => review.count('Pending'), { timeout: 30_000 }).toBeGreaterThan(3);
    await expect.poll(() => desk.page.getByLabel('Last sync').textContent()).not.toContain('never');
  });

  it('accepts a batch of invoices, and the service holds the answers', async () => {
    const review = new ReviewPage(desk.page);
    const pendingBefore = await review.count('Pending');
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      await review.selectRow(index);
      ids.push(await review.rowId(index));
    }
    await review.main.getByRole('button', { name: 'Accept…' }).click();
    const inputs = review.dialog.getByLabel(/^ERP number for /);
    await expect.poll(() => inputs.count()).toBe(3);
    for (let index = 0; index < 3; index += 1) await inputs.nth(index).fill(`ERP-E${index}`);
    await review.dialog.getByRole('button', { name: 'Accept 3' }).click();
    await expect.poll(() => review.lastSend.textContent(), { timeout: 20_000 }).toContain('3 applied');
    await expect.poll(() => review.count('Pending')).toBe(pendingBefore - 3);

    const response = await fetch(`${desk.sandbox.baseUrl}/invoices?filter[id]=${ids.join(',')}`, {
      headers: { authorization: `Bearer ${desk.sandbox.token}` },
    });
    const held = (await response.json()) as {
      data: Array<{ ack?: { external_number?: string | null } | null }>;
    };
    expect(held.data.map((doc) => doc.ack?.external_number).sort()).toEqual(['ERP-E0', 'ERP-E1', 'ERP-E2']);
  });

  it('saves an export where the native Save dialog says', async () => {
    const review = new ReviewPage(desk.page);
    await review.view('Accepted').click();
    const target = join(exportsDir, 'accepted.xlsx');
    await desk.answerSaveDialog(target);
    await review.main.getByRole('button', { name: 'Export XLSX' }).click();
    await expect.poll(() => existsSync(target), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => readFileSync(target).subarray(0, 2).toString()).toBe('PK');
  });
});
