import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import Database from 'better-sqlite3';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../../src-shared/domain/master-data';
import { launchChromium } from '../support/browser';
import { startAppHost, type RunningAppHost } from '../support/app-host';
import { keysStoredPerDocument } from '../support/ledger';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { ReconcilePage, stateNames, type StateName } from './pages/reconcile-page';
import { ReviewPage } from './pages/review-page';

// The issue's "Done when" for Reconcile, tried as a clerk: the desk syncs a sandbox's invoices, the
// clerk downloads the sandbox's ERP register of invoices (decision 027) and imports it in the Reconcile
// section (UTF-8 CSV; the Windows-1256 CSV and the XLSX read to the same lines), the counts and totals
// are those the register's key implies under the engine's documented rules
// (src-shared/domain/reconcile/engine.ts), "Accept all matched" answers exactly the matched documents
// with the register's ERP numbers, once each, and the clerk's decisions survive a reload and undo.
//
// Seed 6 with 60 documents gives an invoice register with every defect: 45 lines as booked, 4 rounding
// slips, 5 amount differences, 3 typos in the reference, 2 lines of the ERP's own and 3 invoices missing.

const seed = 6;

type State = 'matched' | 'suggested' | 'differs' | 'ambiguous' | 'service-only' | 'erp-only';

const stateOfName: Record<StateName, State> = {
  Matched: 'matched',
  Suggested: 'suggested',
  Differs: 'differs',
  Ambiguous: 'ambiguous',
  'Only in the service': 'service-only',
  'Only in the ERP': 'erp-only',
};

/** An invoice as the service serves it, reduced to what the register is compared on. */
interface Served {
  id: string;
  number: string;
  customer: string;
  customerId: string;
  date: string;
  cents: number;
  currency: string;
  ack: { outcome: string; external_number?: string | null } | null;
}

/** `GET /_sandbox/erp/registers/key`. */
interface RegisterKey {
  lines: Array<{ line: number; erp_number: string; document_id: string | null; defect: string }>;
  missing: string[];
}

/** A data row of the register file, 1-based (the key's `line`). */
interface Line {
  line: number;
  erpNumber: string;
  reference: string;
  customer: string;
  date: string;
  cents: number;
  currency: string;
}

/** A group the engine must make: its state, documents (ids) and lines (data rows). */
interface Group {
  state: State;
  rule: 'reference' | 'amount-date' | null;
  docs: string[];
  lines: number[];
}

const money = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const cents = (amount: string): number => Math.round(Number(amount) * 100);
const dayOf = (date: string): number =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;
const fold = (text: string): string => text.trim().toLowerCase();

/** The register file's data rows, read with the CSV parser alone (no mapping, no engine). */
function registerLines(file: Buffer): Line[] {
  const text = file.toString('utf8').replace(/^\ufeff/, '');
  const [header, ...rows] = parseCsv(text, ',').rows.map((row) => row.cells);
  const at = (name: string): number => {
    const index = header!.indexOf(name);
    if (index < 0) throw new Error(`The register has no column "${name}".`);
    return index;
  };
  const columns = {
    erpNumber: at('Document No.'),
    reference: at('External Document No.'),
    customer: at('Sell-to Customer No.'),
    date: at('Posting Date'),
    amount: at('Amount Including VAT'),
    currency: at('Currency Code'),
  };
  return rows.map((cells, index) => ({
    line: index + 1,
    erpNumber: cells[columns.erpNumber]!,
    reference: cells[columns.reference]!,
    customer: cells[columns.customer]!,
    date: cells[columns.date]!.slice(0, 10),
    cents: cents(cells[columns.amount]!.replaceAll(',', '')),
    currency: cells[columns.currency]!,
  }));
}

/**
 * The groups the engine's documented semantics make of these invoices and this register, with nothing
 * answered yet, no decisions, every rule on and 3 days apart:
 * - `reference`: each line naming exactly one invoice's number pairs with it: matched when the amounts
 *   are equal (customer and currency agree: the demo's customers have no ERP key, so the register names
 *   them by their code), suggested when they differ by at most the tolerance, differs otherwise;
 * - `amount-date` on what is left (typo lines, the ERP's own lines; the missing invoices, the typos'
 *   invoices): same customer, currency and amount, at most 3 days apart; each other's only candidate is
 *   a suggestion, several candidates are one ambiguous group;
 * - the rest is only in the service or only in the ERP.
 * (`erp-key` finds nothing: nothing is answered; `receipt-sum` is for receipts.)
 */
function expectedGroups(invoices: Map<string, Served>, lines: Line[], toleranceCents: number): Group[] {
  const groups: Group[] = [];
  const byReference = new Map<string, Served[]>();
  for (const doc of invoices.values()) {
    for (const name of new Set([fold(doc.number), fold(doc.id)]))
      byReference.set(name, [...(byReference.get(name) ?? []), doc]);
  }
  const named = new Map<string, Line[]>();
  for (const line of lines) {
    const found = byReference.get(fold(line.reference)) ?? [];
    if (found.length === 1) named.set(found[0]!.id, [...(named.get(found[0]!.id) ?? []), line]);
  }
  const takenDocs = new Set<string>();
  const takenLines = new Set<number>();
  for (const [id, naming] of named) {
    if (naming.length !== 1) throw new Error(`Two lines name ${id}: not a case this test computes.`);
    const doc = invoices.get(id)!;
    const line = naming[0]!;
    const difference = Math.abs(line.cents - doc.cents);
    const state: State =
      difference === 0 ? 'matched' : difference <= toleranceCents ? 'suggested' : 'differs';
    groups.push({ state, rule: 'reference', docs: [id], lines: [line.line] });
    takenDocs.add(id);
    takenLines.add(line.line);
  }
  const leftDocs = [...invoices.values()].filter((doc) => !takenDocs.has(doc.id));
  const leftLines = lines.filter((line) => !takenLines.has(line.line));
  const fits = (doc: Served, line: Line): boolean =>
    fold(doc.customer) === fold(line.customer) &&
    doc.currency === line.currency &&
    doc.cents === line.cents &&
    Math.abs(dayOf(doc.date) - dayOf(line.date)) <= 3;
  const candidatesOfLine = new Map(
    leftLines.map((line) => [line.line, leftDocs.filter((doc) => fits(doc, line))]),
  );
  const candidatesOfDoc = new Map(
    leftDocs.map((doc) => [doc.id, leftLines.filter((line) => fits(doc, line))]),
  );
  for (const line of leftLines) {
    const docs = candidatesOfLine.get(line.line)!;
    if (docs.length === 0) continue;
    if (docs.length !== 1 || candidatesOfDoc.get(docs[0]!.id)!.length !== 1)
      throw new Error(`Line ${line.line} has several candidates: not a case this test computes.`);
    groups.push({ state: 'suggested', rule: 'amount-date', docs: [docs[0]!.id], lines: [line.line] });
    takenDocs.add(docs[0]!.id);
    takenLines.add(line.line);
  }
  for (const doc of leftDocs)
    if (!takenDocs.has(doc.id)) groups.push({ state: 'service-only', rule: null, docs: [doc.id], lines: [] });
  for (const line of leftLines)
    if (!takenLines.has(line.line))
      groups.push({ state: 'erp-only', rule: null, docs: [], lines: [line.line] });
  return groups;
}

/** The clerk confirmed a suggestion: it is matched (its difference is within the tolerance). */
function confirmed(groups: Group[], docId: string): Group[] {
  return groups.map((group) =>
    group.docs.includes(docId) ? { ...group, state: 'matched' as const } : group,
  );
}

/**
 * The clerk discarded a one-to-one suggestion: its rule never pairs the two again, and neither had
 * another candidate, so the invoice is only in the service and the line only in the ERP.
 */
function discarded(groups: Group[], docId: string): Group[] {
  return groups.flatMap((group): Group[] =>
    group.docs.includes(docId)
      ? [
          { state: 'service-only', rule: null, docs: group.docs, lines: [] },
          { state: 'erp-only', rule: null, docs: [], lines: group.lines },
        ]
      : [group],
  );
}

/** Groups per state, as the state buttons count them. */
function countsOf(groups: Group[]): Record<StateName, number> {
  const out = {} as Record<StateName, number>;
  for (const name of stateNames)
    out[name] = groups.filter((group) => group.state === stateOfName[name]).length;
  return out;
}

/**
 * Each state's totals in the words of its button's tooltip: per currency, the sum of its invoices'
 * amounts, the sum of its lines' amounts, and the register's less the service's.
 */
function totalsOf(groups: Group[], invoices: Map<string, Served>, lines: Line[]): Record<StateName, string> {
  const lineAt = new Map(lines.map((line) => [line.line, line]));
  const out = {} as Record<StateName, string>;
  for (const name of stateNames) {
    const rows = new Map<string, { service: number; erp: number }>();
    const row = (currency: string) => {
      const found = rows.get(currency) ?? { service: 0, erp: 0 };
      rows.set(currency, found);
      return found;
    };
    for (const group of groups.filter((each) => each.state === stateOfName[name])) {
      for (const id of group.docs) row(invoices.get(id)!.currency).service += invoices.get(id)!.cents;
      for (const at of group.lines) row(lineAt.get(at)!.currency).erp += lineAt.get(at)!.cents;
    }
    out[name] = [...rows.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(
        ([currency, { service, erp }]) =>
          `${currency} service ${money.format(service / 100)} · ERP ${money.format(erp / 100)} · difference ${money.format((erp - service) / 100)}`,
      )
      .join('; ');
  }
  return out;
}

describe('Reconcile: the sandbox ERP register of invoices, as a clerk', () => {
  let sandbox: RunningSandbox;
  let host: RunningAppHost;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let rec: ReconcilePage;
  let invoices: Map<string, Served>;
  let key: RegisterKey;
  let lines: Line[];
  const files = new Map<string, Buffer>();

  /** A file of the sandbox's ERP (admin secret). */
  async function erpFile(path: string): Promise<Buffer> {
    const response = await fetch(`${sandbox.origin}/_sandbox/erp${path}`, {
      headers: { authorization: `Bearer ${sandbox.adminSecret}` },
    });
    expect(response.status, path).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  /** Every invoice the service holds, newest version, read with the demo token (the ERP's view). */
  async function servedInvoices(filter = ''): Promise<Map<string, Served>> {
    const found = new Map<string, Served>();
    let after = 0;
    for (;;) {
      const response = await fetch(
        `${sandbox.baseUrl}/invoices?per_page=500&filter[version_after]=${after}${filter}`,
        { headers: { authorization: `Bearer ${sandbox.token}` } },
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        data: Array<{
          id: string;
          number: string;
          customer: { code?: string | null; id: string };
          issue_date: string;
          totals: { total: string };
          currency: string;
          ack?: { outcome: string; external_number?: string | null; reason_code?: string | null } | null;
        }>;
        meta: { has_more: boolean; next_version_after: number };
      };
      for (const doc of body.data) {
        found.set(doc.id, {
          id: doc.id,
          number: doc.number,
          customer: doc.customer.code ?? doc.customer.id,
          customerId: doc.customer.id,
          date: doc.issue_date,
          cents: cents(doc.totals.total),
          currency: doc.currency,
          ack: doc.ack ?? null,
        });
      }
      if (!body.meta.has_more) return found;
      after = body.meta.next_version_after;
    }
  }

  /** The sandbox's ack history, read-only beside the running sandbox. */
  function storedAcks(): Array<{ document_id: string; outcome: string; external_number: string | null }> {
    const db = new Database(join(sandbox.dataDir, 'sandbox.db'), { readonly: true, fileMustExist: true });
    try {
      return db.prepare('SELECT document_id, outcome, external_number FROM acks ORDER BY id').all() as Array<{
        document_id: string;
        outcome: string;
        external_number: string | null;
      }>;
    } finally {
      db.close();
    }
  }

  const idsOf = (groups: Group[], state: State): string[] =>
    groups.filter((group) => group.state === state).flatMap((group) => group.docs);
  const lineOfDoc = (id: string): Line =>
    lines.find((line) => line.line === key.lines.find((each) => each.document_id === id)!.line)!;
  const docsOfDefect = (defect: string): string[] =>
    key.lines.filter((line) => line.defect === defect).map((line) => line.document_id!);

  async function expectShown(groups: Group[]): Promise<void> {
    await expect.poll(() => rec.counts(), { timeout: 20_000 }).toEqual(countsOf(groups));
    expect(await rec.totals()).toEqual(totalsOf(groups, invoices, lines));
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 60, seed });
    host = await startAppHost(sandbox.baseUrl, sandbox.dataDir);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1400, height: 1050 }, acceptDownloads: true });
    page = await context.newPage();
    rec = new ReconcilePage(page);
    mkdirSync('test-results', { recursive: true });
    invoices = await servedInvoices();
    key = JSON.parse((await erpFile('/registers/key?kind=invoices')).toString('utf8')) as RegisterKey;
    for (const format of ['csv', 'csv-1256', 'xlsx'])
      files.set(format, await erpFile(`/registers?kind=invoices&format=${format}`));
    lines = registerLines(files.get('csv')!);
  });

  afterAll(async () => {
    await browser?.close();
    await host?.dispose();
    await sandbox?.dispose();
  });

  it('has a register with every defect to show (the seed is chosen for it)', () => {
    const defects = key.lines.map((line) => line.defect);
    const count = (defect: string) => defects.filter((each) => each === defect).length;
    expect({
      lines: lines.length,
      none: count('none'),
      typo: count('typo'),
      rounding: count('rounding'),
      amount: count('amount'),
      extra: count('extra'),
      missing: key.missing.length,
      invoices: invoices.size,
    }).toEqual({ lines: 59, none: 45, typo: 3, rounding: 4, amount: 5, extra: 2, missing: 3, invoices: 60 });
    // The key and the file agree: each booked line names its invoice's number (a typo, a slip of it).
    for (const entry of key.lines) {
      const line = lines[entry.line - 1]!;
      expect(line.erpNumber).toBe(entry.erp_number);
      if (entry.document_id === null) continue;
      const doc = invoices.get(entry.document_id)!;
      if (entry.defect === 'typo') expect(line.reference).not.toBe(doc.number);
      else expect([line.reference, line.customer, line.date]).toEqual([doc.number, doc.customer, doc.date]);
    }
  });

  it('syncs the invoices to reconcile', async () => {
    const review = new ReviewPage(page);
    await page.goto(host.url);
    await expect.poll(() => review.count('All'), { timeout: 30_000 }).toBe(invoices.size);
    await expect.poll(() => review.count('Pending')).toBe(invoices.size);
  });

  it('reads the Windows-1256 CSV and the XLSX to the same lines and states as the UTF-8 CSV', async () => {
    await rec.open();
    const groups = expectedGroups(invoices, lines, 0);
    expect(await rec.main.getByText(/Import the ERP's register of invoices/).count()).toBe(1);

    await rec.chooseFile('invoices-1256.csv', files.get('csv-1256')!);
    await expect
      .poll(() => rec.draftSummary.textContent())
      .toBe(`invoices-1256.csv · CSV, Windows-1256 (Arabic), comma · ${lines.length} rows`);
    // The columns as suggested from the headers a Business-Central-like ERP writes.
    const chosen: Record<string, string> = {};
    for (const label of [
      'ERP document number',
      'ERP key',
      'Service document (number or id)',
      'Customer (ERP key or service code)',
      'Date',
      'Amount',
      'Currency',
      'Cheque number',
      'Document type',
    ])
      chosen[label] = await rec.columnChosen(label);
    expect(chosen).toEqual({
      'ERP document number': 'Document No.',
      'ERP key': '(none)',
      'Service document (number or id)': 'External Document No.',
      'Customer (ERP key or service code)': 'Sell-to Customer No.',
      Date: 'Posting Date',
      Amount: 'Amount Including VAT',
      Currency: 'Currency Code',
      'Cheque number': '(none)',
      'Document type': '(none)',
    });
    expect(await rec.importPanel.getByLabel('Amounts include tax').isChecked()).toBe(true);
    await page.screenshot({ path: 'test-results/reconcile-import-mapping.png', fullPage: true });
    await rec.importButton.click();
    await expect
      .poll(() => rec.register.textContent(), { timeout: 20_000 })
      .toMatch(
        new RegExp(
          `^invoices-1256\\.csv · CSV, Windows-1256 \\(Arabic\\), comma · ${lines.length} register lines against ${invoices.size} staged invoices · reconciled in \\d+ ms$`,
        ),
      );
    await expectShown(groups);

    // The same layout again: its columns are remembered.
    await rec.chooseFile('invoices.xlsx', files.get('xlsx')!);
    await expect
      .poll(() => rec.draftSummary.textContent())
      .toBe(
        `invoices.xlsx · Excel, sheet Posted Sales Invoices · ${lines.length} rows · columns as last time`,
      );
    // The same documents as the open reconciliation: kept apart here, on purpose.
    await rec.addToOpen.uncheck();
    await rec.importButton.click();
    await expect
      .poll(() => rec.register.textContent(), { timeout: 20_000 })
      .toContain(`invoices.xlsx · Excel, sheet Posted Sales Invoices · ${lines.length} register lines`);
    await expectShown(groups);
    expect(await rec.reconciliations.locator('option').allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^invoices\\.xlsx · ${lines.length} lines · `)),
      expect.stringMatching(new RegExp(`^invoices-1256\\.csv · ${lines.length} lines · `)),
    ]);

    // Both forgotten: the UTF-8 CSV is the one worked on.
    await rec.forget.click();
    await expect.poll(() => rec.register.textContent()).toContain('invoices-1256.csv');
    await rec.forget.click();
    await expect.poll(() => rec.reconciliations.count()).toBe(0);
    await expect.poll(() => rec.register.count()).toBe(0);
  });

  it('imports the UTF-8 CSV and shows the states and totals the key implies', async () => {
    const groups = expectedGroups(invoices, lines, 0);
    await rec.importRegister('invoices.csv', files.get('csv')!);
    await expect
      .poll(() => rec.register.textContent(), { timeout: 20_000 })
      .toContain(
        `invoices.csv · CSV, UTF-8 with BOM, comma · ${lines.length} register lines against ${invoices.size} staged invoices`,
      );
    await expectShown(groups);

    // What the key implies, in the clerk's words: every line as booked is matched, every real amount
    // difference and (with no tolerance) every rounding slip differs, the ERP's own lines are only in
    // the ERP, the missing invoices only in the service, and each typo is suggested or left alone.
    expect(idsOf(groups, 'matched').sort()).toEqual(docsOfDefect('none').sort());
    expect(idsOf(groups, 'differs').sort()).toEqual(
      [...docsOfDefect('amount'), ...docsOfDefect('rounding')].sort(),
    );
    expect(idsOf(groups, 'service-only')).toEqual(expect.arrayContaining(key.missing));
    const erpOnly = groups.filter((group) => group.state === 'erp-only').flatMap((group) => group.lines);
    expect(erpOnly).toEqual(
      expect.arrayContaining(key.lines.filter((line) => line.defect === 'extra').map((line) => line.line)),
    );
    for (const typo of key.lines.filter((line) => line.defect === 'typo')) {
      const group = groups.find((each) => each.lines.includes(typo.line))!;
      expect(['suggested', 'erp-only'], typo.erp_number).toContain(group.state);
      if (group.state === 'suggested') expect(group.docs).toEqual([typo.document_id]);
    }
    expect(await rec.ruleFound('Service number in the ERP reference')).toBe(
      groups.filter((group) => group.rule === 'reference').length,
    );
    expect(await rec.ruleFound('Customer, amount and date')).toBe(
      groups.filter((group) => group.rule === 'amount-date').length,
    );
    // The shown state's own totals line, and the differing rows' words.
    expect(await rec.shownTotals.textContent()).toBe(totalsOf(groups, invoices, lines).Matched);
    await rec.state('Differs').click();
    await expect
      .poll(() => rec.groupIds())
      .toEqual(
        idsOf(groups, 'differs')
          .map((id) => `d:invoices:${id}`)
          .sort(),
      );
    const amountDoc = docsOfDefect('amount')[0]!;
    const doc = invoices.get(amountDoc)!;
    const line = lineOfDoc(amountDoc);
    expect(await rec.cell(`d:invoices:${amountDoc}`, 'notes').textContent()).toBe(
      `Amount: service ${money.format(doc.cents / 100)}, ERP ${money.format(line.cents / 100)} (${money.format((line.cents - doc.cents) / 100)}).`,
    );
    await page.screenshot({ path: 'test-results/reconcile-differs.png', fullPage: true });
    await rec.state('Matched').click();
    await page.screenshot({ path: 'test-results/reconcile-invoices.png', fullPage: true });
  });

  it('moves the rounding slips to Suggested with a tolerance of 0.05', async () => {
    await rec.tolerance.fill('0.05');
    const groups = expectedGroups(invoices, lines, 5);
    await expectShown(groups);
    expect(await rec.tolerance.inputValue()).toBe('0.05');
    const rounding = docsOfDefect('rounding');
    expect(idsOf(groups, 'suggested')).toEqual(expect.arrayContaining(rounding));
    expect(idsOf(groups, 'differs').sort()).toEqual(docsOfDefect('amount').sort());
    await rec.state('Suggested').click();
    await expect
      .poll(() => rec.groupIds())
      .toEqual(
        idsOf(groups, 'suggested')
          .map((id) => `d:invoices:${id}`)
          .sort(),
      );
    await page.screenshot({ path: 'test-results/reconcile-tolerance.png', fullPage: true });
  });

  it('accepts all matched with the register ERP numbers, each once, and no differing invoice', async () => {
    const groups = expectedGroups(invoices, lines, 5);
    const matched = idsOf(groups, 'matched');
    expect(storedAcks()).toEqual([]);
    await expect.poll(() => rec.acceptableCount()).toBe(matched.length);
    await rec.acceptAllMatched.click();
    await expect
      .poll(() => rec.notice.textContent())
      .toBe(`${matched.length} acceptance(s) queued; they are sent now, or as soon as the service answers.`);
    const review = new ReviewPage(page);
    await expect
      .poll(() => review.lastSend.textContent(), { timeout: 30_000 })
      .toContain(`${matched.length} applied`);
    await expect.poll(() => review.waiting.count()).toBe(0);
    await page.screenshot({ path: 'test-results/reconcile-accepted.png', fullPage: true });

    // The service holds exactly those acceptances, each with the register's ERP number of its line.
    const accepted = await servedInvoices('&filter[ack]=accepted');
    expect(
      [...accepted.values()].map((doc) => [doc.id, doc.ack?.outcome, doc.ack?.external_number]).sort(),
    ).toEqual(matched.map((id) => [id, 'ACCEPTED', lineOfDoc(id).erpNumber]).sort());
    // Applied once: one ack row per invoice, stored under one Idempotency-Key each.
    const rows = storedAcks();
    expect(rows.map((row) => row.document_id).sort()).toEqual([...matched].sort());
    expect(new Set(rows.map((row) => row.outcome))).toEqual(new Set(['ACCEPTED']));
    expect([...keysStoredPerDocument(sandbox, matched).values()].map((keys) => keys.size)).toEqual(
      matched.map(() => 1),
    );
    // Nothing else answered: no differing, suggested or unbooked invoice.
    const all = await servedInvoices();
    const answered = [...all.values()].filter((doc) => doc.ack !== null).map((doc) => doc.id);
    for (const id of [
      ...docsOfDefect('amount'),
      ...docsOfDefect('rounding'),
      ...docsOfDefect('typo'),
      ...key.missing,
    ])
      expect(answered, id).not.toContain(id);

    // The desk follows: the same states, nothing left to accept, and no answer against the register.
    await expect.poll(() => rec.acceptableCount(), { timeout: 20_000 }).toBe(0);
    await expectShown(groups);
    expect(await rec.register.textContent()).not.toContain('disagree');
  });

  it('keeps a confirmed and a discarded suggestion over a reload, and undoes the last decision', async () => {
    const base = expectedGroups(invoices, lines, 5);
    const suggestions = base.filter((group) => group.state === 'suggested');
    const confirmId = docsOfDefect('rounding')[0]!;
    // Discard a typo's suggestion when there is one, else another rounding slip.
    const discardId =
      suggestions.find((group) => group.rule === 'amount-date')?.docs[0] ?? docsOfDefect('rounding')[1]!;
    await rec.state('Suggested').click();
    await rec.select(`d:invoices:${confirmId}`);
    await rec.action('Confirm (1)').click();
    const afterConfirm = confirmed(base, confirmId);
    await expectShown(afterConfirm);
    // The confirmed slip is matched and pending: it is offered to accept, with nothing sent yet.
    await expect.poll(() => rec.acceptableCount()).toBe(1);
    await expect.poll(() => rec.action(/^Confirm \(/).textContent()).toBe('Confirm (0)');

    await rec.select(`d:invoices:${discardId}`);
    await rec.action('Discard (1)').click();
    const afterDiscard = discarded(afterConfirm, discardId);
    await expectShown(afterDiscard);
    await page.screenshot({ path: 'test-results/reconcile-decisions.png', fullPage: true });

    await page.reload();
    await rec.open();
    await expectShown(afterDiscard);
    expect(await rec.tolerance.inputValue()).toBe('0.05');
    await page.screenshot({ path: 'test-results/reconcile-after-reload.png', fullPage: true });

    await rec.action('Undo last decision').click();
    await expectShown(afterConfirm);
    await rec.action('Undo last decision').click();
    await expectShown(base);
    expect(await rec.action('Undo last decision').isDisabled()).toBe(true);
    await expect.poll(() => rec.acceptableCount()).toBe(0);
    // Nothing was sent by deciding.
    expect(storedAcks()).toHaveLength(idsOf(base, 'matched').length);
  });

  it('rejects the differing invoices with a reason and a message naming the difference', async () => {
    const groups = expectedGroups(invoices, lines, 5);
    const differing = idsOf(groups, 'differs').sort();
    await rec.state('Differs').click();
    await expect.poll(() => rec.groupIds()).toEqual(differing.map((id) => `d:invoices:${id}`));
    await rec.selectAll();
    await rec.action(`Reject differing… (${differing.length})`).click();
    await expect
      .poll(() => rec.dialog.getByRole('heading').textContent())
      .toBe(`Reject ${differing.length} differing document(s)`);
    await rec.dialog.getByLabel('Reason').selectOption('AMOUNT_MISMATCH');
    await page.screenshot({ path: 'test-results/reconcile-reject-dialog.png', fullPage: true });
    await rec.dialog.getByRole('button', { name: `Reject ${differing.length}` }).click();
    await expect
      .poll(
        async () => {
          const all = await servedInvoices();
          return differing.map((id) => all.get(id)?.ack?.outcome ?? null);
        },
        { timeout: 30_000 },
      )
      .toEqual(differing.map(() => 'REJECTED'));
    const db = new Database(join(sandbox.dataDir, 'sandbox.db'), { readonly: true, fileMustExist: true });
    try {
      const rows = db
        .prepare(
          `SELECT document_id AS id, reason_code AS reason, message FROM acks WHERE outcome = 'REJECTED' ORDER BY document_id`,
        )
        .all() as Array<{ id: string; reason: string; message: string }>;
      expect(rows).toEqual(
        differing.map((id) => {
          const doc = invoices.get(id)!;
          const line = lineOfDoc(id);
          return {
            id,
            reason: 'AMOUNT_MISMATCH',
            message: `ERP register ${line.erpNumber}: Amount: service ${money.format(doc.cents / 100)}, ERP ${money.format(line.cents / 100)} (${money.format((line.cents - doc.cents) / 100)}).`,
          };
        }),
      );
    } finally {
      db.close();
    }
    // A rejection is the answer to a differing document: the register booking it differently is
    // no contradiction, so no warning (docs/reconciliation.md).
    await expect
      .poll(() => rec.main.getByRole('button', { name: /^Differs/ }).textContent())
      .toContain(String(differing.length));
    expect(await rec.register.textContent()).not.toContain('disagree with the register');
    await expectShown(groups);
    await page.screenshot({ path: 'test-results/reconcile-rejected.png', fullPage: true });
  });

  it('exports the reconciliation, every group with both sides', async () => {
    const groups = expectedGroups(invoices, lines, 5);
    const [csv] = await Promise.all([page.waitForEvent('download'), rec.action('Export CSV').click()]);
    expect(csv.suggestedFilename()).toBe('invoices-reconciliation.csv');
    const rows = parseCsv(
      readFileSync((await csv.path()) ?? '', 'utf8').replace(/^\ufeff/, ''),
      ',',
    ).rows.map((row) => row.cells);
    expect(rows[0]).toEqual([
      'State',
      'Rule',
      'Service documents',
      'Service ids',
      'Customer',
      'Service date',
      'Service amount',
      'ERP numbers',
      'ERP reference',
      'ERP date',
      'ERP amount',
      'Difference',
      'Currency',
      'What disagrees',
    ]);
    expect(rows).toHaveLength(groups.length + 1);
    const stateCounts = new Map<string, number>();
    for (const row of rows.slice(1)) stateCounts.set(row[0]!, (stateCounts.get(row[0]!) ?? 0) + 1);
    expect(Object.fromEntries(stateCounts)).toEqual(
      Object.fromEntries(Object.entries(countsOf(groups)).filter(([, count]) => count > 0)),
    );
  });
  // A known gap, written as the clerk meets it: the test fails today, so it is marked `fails`; when
  // it is mended the test passes, vitest reports it, and `.fails` comes off.

  it('keeps the state buttons on screen in a 1366×768 window', async () => {
    // The controls above the grid keep their height in the flex column (reconcile.css); the
    // section scrolls when the window is shorter than they are.
    await page.setViewportSize({ width: 1366, height: 768 });
    try {
      await page.screenshot({ path: 'test-results/reconcile-small-window.png' });
      const states = await rec.main.getByRole('group', { name: 'States' }).boundingBox();
      expect(states?.height ?? 0).toBeGreaterThan(20);
      await rec.state('Matched').click({ timeout: 2_000 });
    } finally {
      await page.setViewportSize({ width: 1400, height: 1050 });
    }
  });

  it('takes an amount tolerance typed key by key', async () => {
    // The field keeps the text while the clerk types ("0." on the way to "0.05"); it was reformatted
    // after every key before, so "0.05" typed ended as 0.01.
    await rec.tolerance.click({ clickCount: 3 });
    await rec.tolerance.pressSequentially('0.05', { delay: 30 });
    await rec.tolerance.press('Tab');
    await page.screenshot({ path: 'test-results/reconcile-typed-tolerance.png' });
    expect(await rec.tolerance.inputValue()).toBe('0.05');
  });

  it('matches a customer the ERP adopted under its own key after its documents were staged', async () => {
    // The ERP adopts one customer under its key; its register now names the customer by that key,
    // as decision 027 says. The staged documents do not carry the key (adopting does not move their
    // versions): the desk asks the service which customer the key names, once, and matches by it.
    const adoptedDoc = invoices.get(docsOfDefect('none')[0]!)!;
    const erpKey = `ERP-${adoptedDoc.customer}`;
    const push = await fetch(`${sandbox.baseUrl}/customers/${erpKey}`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${sandbox.token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ name: { en: 'Adopted' }, blocked: false, service_id: adoptedDoc.customerId }),
    });
    expect(push.status).toBe(200);
    const file = await erpFile('/registers?kind=invoices&format=csv');
    const newKey = JSON.parse(
      (await erpFile('/registers/key?kind=invoices')).toString('utf8'),
    ) as RegisterKey;
    const adoptedLines = registerLines(file).filter((line) => line.customer === erpKey);
    expect(adoptedLines.length).toBeGreaterThan(0);
    const asBooked = newKey.lines
      .filter((line) => line.defect === 'none' && adoptedLines.some((each) => each.line === line.line))
      .map((line) => `d:invoices:${line.document_id}`);
    expect(asBooked.length).toBeGreaterThan(0);
    await rec.importRegister('invoices-adopted.csv', file);
    await expect
      .poll(() => rec.register.textContent(), { timeout: 20_000 })
      .toContain('invoices-adopted.csv');
    await expect
      .poll(() => page.getByRole('status', { name: 'Customer keys' }).textContent(), { timeout: 20_000 })
      .toBe('1 customer the register names by ERP key linked through the service.');
    await rec.state('Differs').click();
    await expect.poll(() => rec.count('Matched')).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/reconcile-adopted-customer.png', fullPage: true });
    const differing = await rec.groupIds();
    expect(differing.filter((id) => asBooked.includes(id))).toEqual([]);
  });
});
