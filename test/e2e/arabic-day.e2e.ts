import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { rejectReasons } from '../../src-shared/domain/acks';
import { customers, districts, salesReps, warehouses } from '../../src-sandbox/simulator/catalog';
import { catalogues, type MessageId } from '../../src-renderer/messages/catalogue';
import { say, setDeskLocale, type MessageValues } from '../../src-renderer/messages/intl';
import { deskLocaleOf } from '../../src-renderer/messages/locale';
import type { RunningAppHost } from '../support/app-host';
import { startDeskInBrowser, type DeskInBrowser } from '../support/desk-in-browser';
import { keysStoredPerDocument } from '../support/ledger';
import type { RunningSandbox } from '../support/sandbox';

// Issue 27, "Done when": a clerk on a computer set to Arabic (Egypt) works a whole day in Arabic on
// the demo company: the desk opens in Arabic, right to left; it syncs; the clerk accepts a batch of
// invoices with ERP numbers, rejects a return with a reason chosen by its Arabic name, reconciles an
// Arabic-headed ERP register (accepting the matched, rejecting the differing), and prints the day end.
// Every element is found by its Arabic name, said from the catalogue (say() is React-free), so a
// change of wording does not break the test. Each screen is photographed (test-results/arabic-day-*.png)
// and read for English words (`englishWords` below).

setDeskLocale(deskLocaleOf({ language: 'ar', digits: 'latn', dates: 'iso' }, ['ar-EG']));

/** A message as the Arabic desk says it, with the isolates taken out (accessible names keep them). */
function ar(id: MessageId, values?: MessageValues): string {
  return say(id, values).replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '');
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A name that starts with the message (its arguments after it): "قبول…", "المعلّقة 12". */
const startingWith = (text: string): RegExp => new RegExp(`^${escape(text)}`);

// --- "No English word" ---------------------------------------------------------------------------
//
// The rule, decided for this test: a Latin-letter word on an Arabic screen is a fault unless it is
// - a code, id or number: any token with a digit (INV-2026-000123, R01, UTF-8, VAT14), a service id
//   (`rep_bOpHePPCwWvWIfSU`), or written all
//   in capitals (EGP, CHEQUE, AMOUNT_MISMATCH, CSV, XLSX, ERP), what a clerk copies rather than reads;
// - a file name (`register.csv`), or the name of a key as keyboards print it (ag-grid's own Arabic
//   says "اضغط Space …" to a screen reader);
// - a Latin word the Arabic catalogue itself writes (the translators' choice: `Excel`, `Windows`);
// - the company's own records as the company keeps them: names of its customers, branches (districts),
//   reps and warehouses (src-sandbox/simulator/catalog.ts, the demo company's data, served in English
//   and Arabic). The service's fixed lists (payment methods, return and reject reasons, statuses, tax
//   codes) are the interface's vocabulary, not the company's data: their English names are faults.
// Read: the visible text (innerText) of `main` and of any open dialog, every option of their selects
// (a clerk reads them when the list opens) and the placeholders of empty fields.

function literalWords(elements: readonly MessageFormatElement[], into: Set<string>): void {
  for (const element of elements) {
    if (element.type === TYPE.literal)
      for (const word of element.value.match(/[A-Za-z]+/g) ?? []) into.add(word.toLowerCase());
    else if (element.type === TYPE.tag) literalWords(element.children, into);
    else if (element.type === TYPE.select || element.type === TYPE.plural)
      for (const option of Object.values(element.options)) literalWords(option.value, into);
  }
}

const allowedWords = ((): Set<string> => {
  const words = new Set<string>();
  for (const message of Object.values(catalogues.ar)) literalWords(parse(message), words);
  const companyNames = [
    ...customers.map((each) => each.en),
    ...salesReps.map((each) => each.en),
    ...warehouses.map((each) => each.en),
    ...Object.values(districts).flatMap((list) => list.map((each) => each.en)),
  ];
  for (const name of companyNames)
    for (const word of name.match(/[A-Za-z]+/g) ?? []) words.add(word.toLowerCase());
  return words;
})();

const keyNames = new Set([
  'Space',
  'Enter',
  'Tab',
  'Shift',
  'Ctrl',
  'Alt',
  'Escape',
  'Esc',
  'Delete',
  'Backspace',
]);

/** The Latin-letter words of `text` the rule above does not allow, each once, sorted. */
function englishWords(text: string): string[] {
  const found = new Set<string>();
  for (const token of text.match(/[A-Za-z0-9][A-Za-z0-9_.\-/&']*/g) ?? []) {
    const word = token.replace(/[.\-/&']+$/, '');
    if (!/[A-Za-z]/.test(word)) continue;
    if (/\d/.test(word)) continue;
    // The service's ids (`rep_bOpHePPCwWvWIfSU`): a kind, an underscore and a random key in base64url,
    // whose letters include `-` and `_` (src-sandbox/ids.ts: `unit_LTQBLIlPwPC-kTzg`).
    if (/^[a-z]+_[A-Za-z0-9_-]+$/.test(word)) continue;
    if (/^[A-Z][A-Z_.\-/&]+$/.test(word)) continue;
    if (/^[\w-]+\.(csv|xlsx|xls|txt|pdf)$/i.test(word)) continue;
    if (keyNames.has(word)) continue;
    const parts = word.match(/[A-Za-z]+/g) ?? [];
    if (parts.every((part) => allowedWords.has(part.toLowerCase()))) continue;
    found.add(word);
  }
  return [...found].sort();
}

/** What a clerk reads in `main` and open dialogs, as one text. */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const roots = [...document.querySelectorAll('main, [role="dialog"]')];
    const parts = roots.map((root) => root.innerText);
    for (const root of roots) {
      for (const option of root.querySelectorAll('option')) parts.push(option.textContent || '');
      for (const field of root.querySelectorAll('input[placeholder], textarea[placeholder]'))
        if (!field.value) parts.push(field.placeholder);
    }
    return parts.join('\\n');
  })()`);
}

/** English words found per screen, written to test-results/arabic-day-english.json for the report. */
const englishByScreen: Record<string, string[]> = {};

/** Photographs a screen and asserts it shows no English word (soft: the day goes on, the test is red). */
async function lookAt(page: Page, screen: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.screenshot({
    path: `test-results/arabic-day-${screen}.png`,
    fullPage: options.fullPage ?? true,
  });
  const text = await visibleText(page);
  writeFileSync(`test-results/arabic-day-${screen}.txt`, text);
  const words = englishWords(text);
  englishByScreen[screen] = words;
  writeFileSync('test-results/arabic-day-english.json', `${JSON.stringify(englishByScreen, null, 2)}\n`);
  expect.soft(words, `English words on ${screen}`).toEqual([]);
}

/**
 * The x on screen of `needle` inside `root`'s text (a range around it alone), or of `needle` within
 * the first `inside` when given (the minus of `-1,234.50`): how a part of a sentence is placed, to
 * check that ids and amounts keep their order inside Arabic.
 */
async function xOf(root: Locator, needle: string, inside = needle): Promise<number> {
  const x = await root.evaluate(
    (element, [wanted, around]) => {
      // Typed loosely: this file is type-checked without the DOM's types.
      const doc = (globalThis as unknown as { document: any }).document; // eslint-disable-line @typescript-eslint/no-explicit-any
      const walker = doc.createTreeWalker(element, 4);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const found = (node.data as string).indexOf(around!);
        const at = found < 0 ? -1 : (node.data as string).indexOf(wanted!, found);
        if (at < 0) continue;
        const range = doc.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + wanted!.length);
        return range.getBoundingClientRect().x as number;
      }
      return null;
    },
    [needle, inside],
  );
  if (x === null) throw new Error(`"${needle}" is not on screen`);
  return x;
}

// --- The service's side --------------------------------------------------------------------------

interface ServedInvoice {
  id: string;
  number: string;
  customer: { code?: string | null; id: string };
  issue_date: string;
  totals: { total: string };
  currency: string;
}

describe('a day in Arabic: a clerk on a computer set to Arabic (Egypt), browser mode, real sandbox', () => {
  let desk: DeskInBrowser;
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let page: Page;
  let sandboxNowMs: number;
  /** The invoices the clerk accepted in Review, with the ERP numbers typed or pasted. */
  const acceptedInReview = new Map<string, string>();
  /** The register built for Reconcile: lines that match, and one that differs by -1,234.50. */
  const registerMatched = new Map<string, string>();
  let differing: ServedInvoice;

  beforeAll(async () => {
    desk = await startDeskInBrowser({ docs: 40, seed: 3 }, { locale: 'ar-EG', acceptDownloads: true });
    ({ sandbox, host, page } = desk);
    // Field activity of the day: returns to decide besides the seeded documents.
    await sandbox.admin('POST', '/simulate', { returns: 3 });
    const { now } = await sandbox.admin<{ now: string }>('POST', '/clock', { advance_seconds: 1 });
    sandboxNowMs = Date.parse(now);
  });

  afterAll(async () => {
    await desk?.close();
  });

  /** `GET {base_url}/{path}` with the demo token (the ERP's own view). */
  async function service<T>(path: string): Promise<T> {
    const response = await fetch(`${sandbox.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  }

  /** The sandbox's ack history for some documents, read-only beside the running sandbox. */
  function storedAcks(ids: readonly string[]): Array<{
    document_id: string;
    outcome: string;
    external_number: string | null;
    reason_code: string | null;
  }> {
    const db = new Database(join(sandbox.dataDir, 'sandbox.db'), { readonly: true, fileMustExist: true });
    try {
      return (
        db
          .prepare('SELECT document_id, outcome, external_number, reason_code FROM acks ORDER BY id')
          .all() as Array<{
          document_id: string;
          outcome: string;
          external_number: string | null;
          reason_code: string | null;
        }>
      ).filter((row) => ids.includes(row.document_id));
    } finally {
      db.close();
    }
  }

  // --- The desk's side, by Arabic names ----------------------------------------------------------

  const nav = () => page.getByRole('navigation', { name: ar('shell.sections') });
  const openSection = (id: MessageId) =>
    nav()
      .getByRole('button', { name: ar(id), exact: true })
      .click();
  const main = () => page.getByRole('main');
  const dialog = () => page.getByRole('dialog');
  const html = () =>
    page.evaluate<{ lang: string; dir: string }>(
      '({ lang: document.documentElement.lang, dir: document.documentElement.dir })',
    );

  const view = (
    id: 'review.view.pending' | 'review.view.accepted' | 'review.view.rejected' | 'review.view.all',
  ) =>
    main()
      .getByRole('group', { name: ar('review.views.label') })
      .getByRole('button', { name: startingWith(ar(id)) });
  async function count(id: Parameters<typeof view>[0]): Promise<number> {
    const text = (await view(id).locator('.count').textContent()) ?? '';
    return Number(text.replaceAll(',', '')) || 0;
  }

  /** The id of the grid row displayed at `index`, once its data is read. */
  async function rowId(index: number): Promise<string> {
    const row = main().locator(`.ag-row[row-index="${index}"]`).first();
    await expect
      .poll(async () => ((await row.locator('[col-id="number"]').first().textContent()) ?? '').trim(), {
        timeout: 30_000,
      })
      .not.toBe('');
    return (await row.getAttribute('row-id')) ?? '';
  }

  /** Ticks a row's box until it stays ticked (a repaint can swallow a click, as it would a clerk's). */
  async function tick(id: string): Promise<void> {
    const box = main().locator(`.ag-row[row-id="${id}"] .ag-selection-checkbox input`).first();
    await expect
      .poll(
        async () => {
          await box.check({ timeout: 5_000 }).catch(() => undefined);
          return box.isChecked();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  }

  it('opens in Arabic, right to left, with right-to-left grids, and syncs on opening', async () => {
    await page.clock.setFixedTime(sandboxNowMs);
    await page.goto(host.url);
    await expect.poll(() => html()).toEqual({ lang: 'ar-EG', dir: 'rtl' });
    await expect
      .poll(() => nav().getByRole('button').first().textContent())
      .toBe(ar('shell.section.invoices'));
    await main().locator('.ag-root-wrapper').first().waitFor();
    expect(await main().locator('.ag-rtl').count()).toBeGreaterThan(0);
    await expect.poll(() => count('review.view.pending'), { timeout: 60_000 }).toBeGreaterThan(10);
    await expect
      .poll(() => page.getByRole('status', { name: ar('sync.network') }).textContent(), { timeout: 30_000 })
      .toContain(ar('sync.network.online'));
    await expect
      .poll(() => page.getByLabel(ar('sync.lastSync'), { exact: true }).textContent(), { timeout: 60_000 })
      .not.toBe(ar('sync.lastSync.never'));
    await rowId(0);
    // The time of the last sync, isolated inside the Arabic sentence: the date left of the time.
    const lastSync = page.getByLabel(ar('sync.lastSync'), { exact: true });
    const [, date, time] = /(\d{4}-\d\d-\d\d) (\d\d:\d\d)/.exec((await lastSync.textContent()) ?? '') ?? [];
    expect(await xOf(lastSync, date!)).toBeLessThan(await xOf(lastSync, time!));
    await lookAt(page, '01-invoices');
  });

  it('accepts ten invoices with ERP numbers, seven typed and three pasted; the service holds each once', async () => {
    const pendingBefore = await count('review.view.pending');
    const ids: string[] = [];
    for (let index = 0; index < 10; index += 1) ids.push(await rowId(index));
    for (const id of ids) await tick(id);
    await expect.poll(() => main().locator('.selection-bar').textContent()).toContain('10');
    await main()
      .getByRole('button', { name: ar('review.toolbar.accept'), exact: true })
      .click();
    const numberFor = ar('review.accept.rows.numberFor', { number: '\u0000' }).split('\u0000')[0]!;
    const inputs = dialog().getByLabel(startingWith(numberFor));
    await expect.poll(() => inputs.count()).toBe(10);
    // The rows of the dialog in their order: each input names its document's number.
    const numbers = ids.map((_, index) => `ف-2026-${String(5000 + index)}`);
    const shownIds: string[] = [];
    for (let index = 0; index < 10; index += 1) {
      const label = (await inputs.nth(index).getAttribute('aria-label')) ?? '';
      shownIds.push(label);
    }
    for (let index = 0; index < 7; index += 1) await inputs.nth(index).fill(numbers[index]!);
    // The dialog's rows are in the grid's order: the last three ids get the last three numbers.
    await dialog()
      .getByLabel(ar('review.accept.import.paste'))
      .fill(
        ids
          .slice(7)
          .map((id, offset) => `${id},${numbers[7 + offset]!}`)
          .join('\n'),
      );
    await dialog()
      .getByRole('button', { name: ar('review.accept.import.apply') })
      .click();
    await expect.poll(() => inputs.nth(9).inputValue()).toBe(numbers[9]);
    await lookAt(page, '02-accept-dialog');
    await dialog()
      .getByRole('button', { name: ar('review.accept.submit', { count: '10' }) })
      .click();
    await expect.poll(() => count('review.view.pending'), { timeout: 30_000 }).toBe(pendingBefore - 10);
    await expect.poll(() => count('review.view.accepted'), { timeout: 30_000 }).toBe(10);

    // The service: each of the ten acked once, with the number the clerk gave it.
    await expect.poll(() => storedAcks(ids).length, { timeout: 30_000 }).toBe(10);
    const invoices = await service<{ data: ServedInvoice[] }>(
      `/invoices?filter[id]=${ids.join(',')}&per_page=100`,
    );
    const numberOfInput = new Map<string, string>();
    for (let index = 0; index < 10; index += 1) {
      const doc = invoices.data.find((each) => shownIds[index]!.includes(each.number));
      if (doc) numberOfInput.set(doc.id, numbers[index]!);
    }
    for (const [offset, id] of ids.slice(7).entries()) numberOfInput.set(id, numbers[7 + offset]!);
    expect(
      storedAcks(ids)
        .map((row) => [row.document_id, row.outcome, row.external_number])
        .sort(),
    ).toEqual(ids.map((id) => [id, 'ACCEPTED', numberOfInput.get(id)]).sort());
    expect([...keysStoredPerDocument(sandbox, ids).values()].map((keys) => keys.size)).toEqual(
      ids.map(() => 1),
    );
    for (const id of ids) acceptedInReview.set(id, numberOfInput.get(id)!);

    await view('review.view.accepted').click();
    await expect
      .poll(
        async () =>
          (await main().locator('.ag-row[row-index="0"] [col-id="review"]').first().textContent()) ?? '',
      )
      .toBe(ar('review.state.accepted'));
    await lookAt(page, '03-invoices-accepted');

    // Who answered them, by the "Answered" column's choice in Arabic: this desk, all ten.
    await view('review.view.all').click();
    const header = main().locator('.ag-header-cell[col-id="ackedBy"]').first();
    await header.scrollIntoViewIfNeeded();
    await header.hover();
    await header.locator('.ag-header-cell-filter-button').click();
    await page.locator('.ag-filter .ag-filter-select').first().click();
    await lookAt(page, '03b-answered-choices', { fullPage: false });
    await page
      .locator('.ag-select-list .ag-list-item', { hasText: ar('review.ackedBy.filter.here') })
      .first()
      .click();
    await page.keyboard.press('Escape');
    const shown = async (): Promise<string[]> =>
      (
        await main()
          .locator('.ag-row')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('row-id') ?? ''))
      )
        .filter((id) => id !== '')
        .sort();
    await expect.poll(shown, { timeout: 20_000 }).toEqual([...ids].sort());
    expect(await main().locator('.ag-row[row-index="0"] [col-id="ackedBy"]').first().textContent()).toBe(
      ar('review.ackedBy.here'),
    );
    await lookAt(page, '03c-invoices-answered-here');
    await page.reload();
  });

  it('rejects a return with a reason chosen by its Arabic name from the service list', async () => {
    const reasons = await service<{ data: Array<{ code: string; name: { ar?: string } }> }>(
      '/reference/return-reasons',
    );
    const damaged = reasons.data.find((reason) => reason.code === 'DAMAGED');
    expect(damaged?.name.ar).toBeTruthy();
    const arabicName = damaged!.name.ar!;

    await openSection('shell.section.returns');
    await expect.poll(() => count('review.view.pending'), { timeout: 30_000 }).toBeGreaterThan(0);
    const id = await rowId(0);
    await tick(id);
    await main()
      .getByRole('button', { name: ar('review.toolbar.reject'), exact: true })
      .click();
    const reason = dialog().getByLabel(ar('review.reject.reason'), { exact: true });
    // The clerk picks the reason by the name in the clerk's language.
    const option = reason.locator('option', { hasText: arabicName });
    await expect.poll(() => option.count(), { timeout: 20_000 }).toBe(1);
    await reason.selectOption((await option.getAttribute('value'))!);
    await dialog()
      .getByLabel(ar('review.reject.message'), { exact: true })
      .fill('العبوات وصلت تالفة إلى المخزن.');
    await lookAt(page, '04-return-reject-dialog');
    await dialog()
      .getByRole('button', { name: ar('review.reject.submit', { count: '1' }) })
      .click();
    await expect.poll(() => count('review.view.rejected'), { timeout: 30_000 }).toBe(1);
    await expect
      .poll(() => storedAcks([id]).map((row) => [row.outcome, row.reason_code]), { timeout: 30_000 })
      .toEqual([['REJECTED', 'DAMAGED']]);
    await view('review.view.rejected').click();
    await lookAt(page, '05-returns-rejected');
  });

  it('names the rep in Arabic; the grid shows names beside codes: the rep, the status, the reason', async () => {
    const cellOf = (column: string) =>
      main().locator(`.ag-row:not(.ag-row-loading) [col-id="${column}"]`).first();
    const textOf = async (column: string): Promise<string> =>
      ((await cellOf(column).textContent()) ?? '').replace(/[\u2066-\u2069]/g, '').trim();
    const arabic = /[\u0600-\u06ff]/;
    // The service's lists name the status and the reason (read after the sync, paced as spare budget).
    await expect.poll(() => textOf('status'), { timeout: 60_000 }).toMatch(/^RECORDED · /);
    expect(await textOf('status')).toMatch(arabic);
    // The note names the return's own reason (a code of the service's list) beside its Arabic name: which
    // return the day's first is depends on the hour (Cairo's day starts at 22:00 UTC), so its reason is
    // read from the service.
    const shownId = await rowId(0);
    const shown = await service<{ data: Array<{ reason: string }> }>(`/returns?filter[id]=${shownId}`);
    expect(shown.data).toHaveLength(1);
    expect(await textOf('note')).toMatch(new RegExp(`^${shown.data[0]!.reason} · `));
    expect(await textOf('note')).toMatch(arabic);
    // The rep: a code only, until the clerk names it (v1 names no rep).
    const code = await textOf('rep');
    expect(code).toMatch(/^[A-Z]+\d+$/);

    await openSection('shell.section.reps');
    const repRow = main().locator('tr', { hasText: code }).first();
    await repRow.locator('input').fill('أحمد حسن');
    await repRow.locator('button').first().click();
    await expect.poll(() => repRow.textContent(), { timeout: 20_000 }).toContain('أحمد حسن');
    await lookAt(page, '05b-reps');

    await openSection('shell.section.returns');
    await view('review.view.rejected').click();
    await expect.poll(() => textOf('rep'), { timeout: 20_000 }).toBe(`${code} · أحمد حسن`);
    // And left to right in its cell, the code first: at the cell's right in a right-to-left grid.
    await lookAt(page, '05c-returns-named');
  });

  it('pushes the ERP’s master data: the results say in Arabic what each record is', async () => {
    await openSection('shell.section.master-data');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      main()
        .getByRole('group', { name: ar('masterData.files.add') })
        .getByRole('button', { name: ar('masterData.files.choose') })
        .click(),
    ]);
    await chooser.setFiles([
      {
        name: 'units.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('\uFEFFcode,name.en,name.ar\r\nAR-PCS,Piece,قطعة\r\nAR-BOX,Box,علبة\r\n', 'utf8'),
      },
      {
        name: 'price-lists.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('\uFEFFcode,name.en,name.ar,currency\r\nAR-RETAIL,Retail,قطاعي,EGP\r\n', 'utf8'),
      },
    ]);
    await main()
      .getByRole('button', { name: ar('masterData.push.button', { count: 3 }) })
      .click();
    await expect
      .poll(
        () =>
          main()
            .getByRole('status', { name: ar('masterData.run.stateAria') })
            .textContent(),
        {
          timeout: 30_000,
        },
      )
      .toMatch(startingWith(ar('masterData.state.done')));
    const grid = main().getByRole('region', { name: ar('masterData.grid.aria') });
    const records = async (): Promise<string[]> =>
      (await grid.locator('[role="gridcell"][col-id="label"]').allTextContents()).map((text) =>
        text.replace(/[\u2066-\u2069]/g, ''),
      );
    await expect
      .poll(records, { timeout: 20_000 })
      .toEqual([
        ar('masterData.record.one', { noun: 'units' }),
        ar('masterData.record.one', { noun: 'units' }),
        ar('masterData.record.priceList', { currency: 'EGP' }),
      ]);
    await lookAt(page, '05d-master-data-pushed');
  });

  it('reconciles an Arabic-headed ERP register, accepts the matched with its numbers', async () => {
    // The register the ERP would export for six pending invoices: five booked as issued, one booked
    // 1,234.50 short, and one line of the ERP's own. Arabic headers as an Arabic ERP writes them,
    // the currency written ج.م.
    const pending = (
      await service<{ data: ServedInvoice[] }>('/invoices?filter[ack]=pending&per_page=500')
    ).data.filter((doc) => !acceptedInReview.has(doc.id));
    const byTotal = [...pending].sort((a, b) => Number(b.totals.total) - Number(a.totals.total));
    differing = byTotal[0]!;
    expect(Number(differing.totals.total)).toBeGreaterThan(1234.5);
    const booked = pending.filter((doc) => doc.id !== differing.id).slice(0, 5);
    const cell = (text: string): string => `"${text.replaceAll('"', '""')}"`;
    const currencyCell = (code: string): string => (code === 'EGP' ? 'ج.م.' : code);
    const lines = [
      ['رقم الفاتورة', 'الرقم المرجعي', 'كود العميل', 'تاريخ الفاتورة', 'الإجمالي شامل الضريبة', 'العملة'],
    ];
    booked.forEach((doc, index) => {
      const erpNumber = `ف-2026-${String(401 + index).padStart(4, '0')}`;
      registerMatched.set(doc.id, erpNumber);
      lines.push([
        erpNumber,
        doc.number,
        doc.customer.code ?? doc.customer.id,
        doc.issue_date,
        doc.totals.total,
        currencyCell(doc.currency),
      ]);
    });
    const short = (Math.round(Number(differing.totals.total) * 100) - 123_450) / 100;
    lines.push([
      'ف-2026-0406',
      differing.number,
      differing.customer.code ?? differing.customer.id,
      differing.issue_date,
      short.toFixed(2),
      currencyCell(differing.currency),
    ]);
    lines.push(['ف-2026-0407', '', 'C-9999', booked[0]!.issue_date, '99.00', 'ج.م.']);
    const file = Buffer.from(
      `\ufeff${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`,
      'utf8',
    );

    await openSection('shell.section.reconcile');
    const importPanel = main().getByRole('region', { name: ar('reconcile.import.aria') });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      importPanel
        .getByRole('group', { name: ar('reconcile.import.fileGroup') })
        .getByRole('button', { name: ar('reconcile.import.choose') })
        .click(),
    ]);
    await chooser.setFiles({ name: 'كشف-الفواتير.csv', mimeType: 'text/csv', buffer: file });
    const importButton = importPanel.getByRole('button', {
      name: ar('reconcile.import.reconcile', { count: 7 }),
    });
    await importButton.waitFor({ timeout: 20_000 });
    const columns = importPanel.getByRole('group', { name: ar('reconcile.import.columns') });
    const chosen = async (id: MessageId): Promise<string> => {
      const select = columns.getByLabel(ar(id), { exact: true });
      const value = await select.inputValue();
      return (await select.locator(`option[value="${value}"]`).textContent()) ?? '';
    };
    expect({
      erpNumber: await chosen('reconcile.import.field.erpNumber'),
      serviceRef: await chosen('reconcile.import.field.serviceRef'),
      customer: await chosen('reconcile.import.field.customer'),
      date: await chosen('reconcile.import.field.date'),
      amount: await chosen('reconcile.import.field.amount'),
      currency: await chosen('reconcile.import.field.currency'),
    }).toEqual({
      erpNumber: 'رقم الفاتورة',
      serviceRef: 'الرقم المرجعي',
      customer: 'كود العميل',
      date: 'تاريخ الفاتورة',
      amount: 'الإجمالي شامل الضريبة',
      currency: 'العملة',
    });
    await lookAt(page, '06-reconcile-import');
    await importButton.click();

    const states = main().getByRole('group', { name: ar('reconcile.view.states') });
    const state = (id: MessageId) =>
      states.getByRole('button', { name: new RegExp(`^${escape(ar(id))} \\d`) });
    const stateCount = async (id: MessageId): Promise<number> =>
      Number(((await state(id).locator('.count').textContent()) ?? '').replaceAll(',', ''));
    await expect.poll(() => stateCount('reconcile.state.matched'), { timeout: 30_000 }).toBe(5);
    expect(await stateCount('reconcile.state.differs')).toBe(1);
    expect(await stateCount('reconcile.state.erp-only')).toBe(1);
    const grid = main().getByRole('region', { name: ar('reconcile.view.grid') });
    await expect
      .poll(async () =>
        [
          ...new Set(
            await grid
              .locator('.ag-row')
              .evaluateAll((rows) => rows.map((row) => row.getAttribute('row-id') ?? '')),
          ),
        ].sort(),
      )
      .toEqual([...registerMatched.keys()].map((id) => `d:invoices:${id}`).sort());
    expect(await grid.locator('.ag-rtl').count()).toBeGreaterThan(0);
    await lookAt(page, '07-reconcile-matched');

    const actions = main().getByRole('toolbar', { name: ar('reconcile.view.actions') });
    await actions.getByRole('button', { name: ar('reconcile.view.acceptAll', { count: '5' }) }).click();
    await expect
      .poll(() =>
        main()
          .getByRole('status', { name: ar('reconcile.view.notice') })
          .textContent(),
      )
      .toBe(ar('reconcile.view.accepted', { count: '5' }));
    const matchedIds = [...registerMatched.keys()];
    await expect.poll(() => storedAcks(matchedIds).length, { timeout: 30_000 }).toBe(5);
    expect(
      storedAcks(matchedIds)
        .map((row) => [row.document_id, row.outcome, row.external_number])
        .sort(),
    ).toEqual(matchedIds.map((id) => [id, 'ACCEPTED', registerMatched.get(id)]).sort());
    await expect
      .poll(
        () => actions.getByRole('button', { name: ar('reconcile.view.acceptAll', { count: '0' }) }).count(),
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    await lookAt(page, '08-reconcile-accepted');
  });

  it('rejects the differing invoice; its sentence keeps INV-… and -1,234.50 intact, right to left', async () => {
    const states = main().getByRole('group', { name: ar('reconcile.view.states') });
    await states
      .getByRole('button', { name: new RegExp(`^${escape(ar('reconcile.state.differs'))} \\d`) })
      .click();
    const grid = main().getByRole('region', { name: ar('reconcile.view.grid') });
    const row = grid.locator(`.ag-row[row-id="d:invoices:${differing.id}"]`);
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await grid.locator('.ag-header-select-all input').first().check();
    await main()
      .getByRole('toolbar', { name: ar('reconcile.view.actions') })
      .getByRole('button', { name: ar('reconcile.view.rejectDiffering', { count: '1' }) })
      .click();
    const amountMismatch = rejectReasons.find((reason) => reason.code === 'AMOUNT_MISMATCH')!.name.ar!;
    const reason = dialog().getByRole('combobox', { name: ar('reconcile.reject.reason') });
    await reason.selectOption(
      (await reason.locator('option', { hasText: amountMismatch }).getAttribute('value'))!,
    );

    // The sentence: "INV-2026-…: كشف نظام ERP ف-2026-0406: المبلغ: في الخدمة …، وفي نظام ERP … (-1,234.50)."
    const sentence = dialog().locator('li', { hasText: differing.number });
    await expect.poll(() => sentence.textContent()).toContain('-1,234.50');
    const [prefix, year, serial] = differing.number.split('-') as [string, string, string];
    // Inside each isolate, left to right: the number's parts, and the minus before the digits.
    expect(await xOf(sentence, prefix)).toBeLessThan(await xOf(sentence, `-${year}-`));
    expect(await xOf(sentence, `-${year}-`)).toBeLessThan(await xOf(sentence, serial));
    expect(await xOf(sentence, '-', '-1,234.50')).toBeLessThan(await xOf(sentence, '1,234', '-1,234.50'));
    expect(await xOf(sentence, '1,234', '-1,234.50')).toBeLessThan(await xOf(sentence, '.50', '-1,234.50'));
    // The sentence itself right to left: the invoice number, said first, stands right of the amount.
    expect(await xOf(sentence, differing.number)).toBeGreaterThan(await xOf(sentence, '-1,234.50'));
    await lookAt(page, '09-reconcile-reject-dialog');
    await dialog()
      .getByRole('button', { name: ar('reconcile.reject.submit', { count: '1' }) })
      .click();
    await expect
      .poll(() => storedAcks([differing.id]).map((ack) => [ack.outcome, ack.reason_code]), {
        timeout: 30_000,
      })
      .toEqual([['REJECTED', 'AMOUNT_MISMATCH']]);
  });

  it('opens Day end: the chart and tables read right to left; the print shows the report only', async () => {
    await openSection('shell.section.day-end');
    const report = main().getByRole('region', { name: ar('dayEnd.report') });
    await main().locator('.day-end-report[aria-busy="false"] table').first().waitFor({ timeout: 30_000 });
    const summary = report.getByRole('table', { name: ar('dayEnd.summary.caption') });
    await summary.waitFor();
    // The tables: the first column at the right.
    const headers = summary.locator('thead th');
    const first = await headers.nth(0).boundingBox();
    const second = await headers.nth(1).boundingBox();
    expect(first!.x).toBeGreaterThan(second!.x);
    // The chart: the first day's bars at the right, the last day's at the left.
    const bars = report.locator('svg .bar-issued');
    expect(await bars.count()).toBeGreaterThan(1);
    const firstBar = Number(await bars.first().getAttribute('x'));
    const lastBar = Number(await bars.last().getAttribute('x'));
    expect(firstBar).toBeGreaterThan(lastBar);
    // The days' labels under the bars never run into each other (Arabic weekdays and months are long).
    const labelBoxes = await report.locator('svg text.day').evaluateAll((texts) =>
      texts.map((text) => {
        const box = text.getBoundingClientRect();
        return { left: box.left, right: box.right };
      }),
    );
    expect(labelBoxes.length).toBeGreaterThan(1);
    const byPlace = [...labelBoxes].sort((a, b) => a.left - b.left);
    for (let at = 1; at < byPlace.length; at += 1)
      expect(byPlace[at]!.left, 'a day label overlaps the next').toBeGreaterThanOrEqual(
        byPlace[at - 1]!.right,
      );
    // The clerk's answers of the day are counted as answered from this desk.
    const invoicesLine = summary
      .locator('tbody tr')
      .filter({ hasText: ar('dayEnd.kind.invoices') })
      .first();
    await expect.poll(() => invoicesLine.count()).toBe(1);
    await lookAt(page, '10-day-end');

    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 1032, height: 700 });
    try {
      await page.screenshot({ path: 'test-results/arabic-day-11-day-end-print.png', fullPage: true });
      expect({
        nav: await nav().isVisible(),
        tools: await main()
          .getByRole('toolbar', { name: ar('dayEnd.tools') })
          .isVisible(),
        report: await report.isVisible(),
        dir: (await html()).dir,
      }).toEqual({ nav: false, tools: false, report: true, dir: 'rtl' });
      const printedFirst = await headers.nth(0).boundingBox();
      const printedSecond = await headers.nth(1).boundingBox();
      expect(printedFirst!.x).toBeGreaterThan(printedSecond!.x);
      expect(
        await report.evaluate((element) =>
          Math.max(
            ...[...element.querySelectorAll('table, svg')].map((each) => each.getBoundingClientRect().right),
          ),
        ),
      ).toBeLessThanOrEqual(1032);
      const words = englishWords(await visibleText(page));
      englishByScreen['11-day-end-print'] = words;
      writeFileSync('test-results/arabic-day-english.json', `${JSON.stringify(englishByScreen, null, 2)}\n`);
      expect.soft(words, 'English words on 11-day-end-print').toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.emulateMedia({ media: 'screen' });
    }
  });

  it('numbers a whole view from an Arabic-prefixed ERP number, each number shown before it is accepted', async () => {
    await openSection('shell.section.invoices');
    await view('review.view.pending').click();
    await rowId(0);
    const pending = await count('review.view.pending');
    expect(pending).toBeGreaterThan(2);
    await main().locator('.ag-header-select-all input').first().check();
    await expect.poll(() => main().locator('.selection-bar').textContent()).toContain(String(pending));
    await main()
      .getByRole('button', { name: ar('review.toolbar.accept'), exact: true })
      .click();
    await dialog().getByLabel(ar('review.accept.series.from')).fill('ف-2026-07001');
    await dialog()
      .getByRole('button', { name: ar('review.accept.series.fill') })
      .click();
    const last = `ف-2026-${String(7000 + pending).padStart(5, '0')}`;
    const withoutIsolates = (text: string | null) =>
      (text ?? '').replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '');
    await expect
      .poll(async () => withoutIsolates(await dialog().getByRole('status').textContent()), {
        timeout: 30_000,
      })
      .toBe(ar('review.accept.series.filled', { count: pending, first: 'ف-2026-07001', last }));
    // Each number beside its document, the table right to left: the document at the right.
    const numbers = await dialog()
      .locator('tbody tr td:nth-child(4)')
      .evaluateAll((cells) => cells.map((cell) => cell.textContent));
    expect(numbers[0]).toBe('ف-2026-07001');
    expect(numbers.at(-1)).toBe(last);
    const firstCell = await dialog().locator('tbody tr').first().locator('td').nth(0).boundingBox();
    const numberCell = await dialog().locator('tbody tr').first().locator('td').nth(3).boundingBox();
    expect(firstCell!.x).toBeGreaterThan(numberCell!.x);
    await lookAt(page, '12-accept-whole-series', { fullPage: false });
    await dialog()
      .getByRole('button', { name: ar('review.accept.submit', { count: String(pending) }) })
      .click();
    await expect.poll(() => count('review.view.pending'), { timeout: 30_000 }).toBe(0);
  });
});
