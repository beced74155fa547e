import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkFiles,
  kindDefs,
  mappingProblems,
  readCsvFile,
  readRows,
  suggestMapping,
  type ImportFile,
} from '../../src-shared/domain/master-data';
import { buildSandbox } from '../../src-sandbox/app';
import { fixedClock } from '../support/fixed-clock';
import { masterDataKinds, type MasterDataKind } from '../../src-sandbox/erp/master-data';
import { registerKinds, type RegisterKey, type RegisterKind } from '../../src-sandbox/erp/registers';
import { encodeWindows1256 } from '../../src-sandbox/erp/table';
import { seedDemoCompany } from '../../src-sandbox/simulator/seed';
import { openStore } from '../../src-sandbox/store/db';
import { createCompany } from '../../src-sandbox/store/platform';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { client, type Doc } from './doc-client';
import {
  cellAsCsv,
  csvRows,
  getAdminFile,
  isOneSlip,
  startFlaggedSandbox,
  xlsxCells,
  type FileAnswer,
} from './erp-support';

// The ERP registers and master-data exports of /_sandbox/erp/* and --erp-samples
// (sandbox contract, Additions; docs/decisions/027-erp-registers-and-samples.md): every format reads
// back, the key tells the truth line by line, defect shares stay within the documented ranges, the
// same seed gives the same bytes, and the desk's Master data import reads the exports without a problem.

let sandbox: RunningSandbox;
const docs = new Map<RegisterKind, Doc[]>();
const dirs: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ docs: 200, seed: 5 });
  const api = client(sandbox);
  for (const kind of registerKinds) docs.set(kind, await api.all(kind));
});
afterAll(async () => {
  await sandbox.dispose();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const erp = (path: string, secret: string | null = sandbox.adminSecret): Promise<FileAnswer> =>
  getAdminFile(sandbox.origin, path, secret);
const register = (kind: string, format: string) => erp(`/erp/registers?kind=${kind}&format=${format}`);
const keyOf = async (kind: RegisterKind): Promise<RegisterKey> =>
  JSON.parse((await erp(`/erp/registers/key?kind=${kind}`)).bytes.toString('utf8')) as RegisterKey;

/** Which columns of a register hold the ERP's number, the service's number and the amount. */
const registerColumns: Record<RegisterKind, { number: string; reference: string; amount: string }> = {
  invoices: { number: 'Document No.', reference: 'External Document No.', amount: 'Amount Including VAT' },
  payments: { number: 'Document No.', reference: 'External Document No.', amount: 'Amount' },
  returns: { number: 'Credit Memo No.', reference: 'External Document No.', amount: 'Amount Including VAT' },
  orders: { number: 'Order No.', reference: 'Your Reference', amount: 'Amount Including VAT' },
};

function member(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path)
    current = current !== null && typeof current === 'object' ? Reflect.get(current, key) : undefined;
  return current;
}

/** What the service's document says: its number and its amount in cents. */
function facts(kind: RegisterKind, doc: Doc): { number: string; cents: number } {
  const amount =
    kind === 'invoices'
      ? member(doc, 'totals', 'total')
      : kind === 'orders'
        ? member(doc, 'totals', 'gross')
        : kind === 'returns'
          ? member(doc, 'total')
          : member(doc, 'amount');
  return { number: String(doc.number), cents: Math.round(Number(amount) * 100) };
}

const cents = (text: string | undefined): number => Math.round(Number(text) * 100);

describe('the console refuses what it cannot answer', () => {
  it('answers 401 without the admin secret, 400 for an unknown kind or format, 404 for an unknown company', async () => {
    expect((await erp('/erp/registers?kind=invoices&format=csv', null)).status).toBe(401);
    expect((await erp('/erp/registers/key?kind=invoices', 'wrong')).status).toBe(401);
    expect((await erp('/erp/master-data?kind=units&format=csv', sandbox.token)).status).toBe(401);
    for (const path of [
      '/erp/registers?kind=quotes&format=csv',
      '/erp/registers?kind=invoices&format=pdf',
      '/erp/registers?kind=invoices',
      '/erp/registers/key?kind=receipts',
      '/erp/master-data?kind=warehouses&format=csv',
      '/erp/master-data?kind=units&format=xls',
    ]) {
      const answer = await erp(path);
      expect([path, answer.status, JSON.parse(answer.bytes.toString('utf8')).error.code]).toEqual([
        path,
        400,
        'INVALID_REQUEST',
      ]);
    }
    expect((await erp('/erp/registers?kind=invoices&format=csv&company=NOPE')).status).toBe(404);
  });
});

describe('the registers', () => {
  it.each(registerKinds)('%s: CSV, Windows-1256 and XLSX read back the same table', async (kind) => {
    const csv = await register(kind, 'csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="${kind}.csv"`);
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.bytes.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const rows = csvRows(csv.bytes);
    expect(new Set(rows.map((row) => row.length)).size).toBe(1);

    const arabic = await register(kind, 'csv-1256');
    expect(arabic.headers.get('content-type')).toBe('text/csv; charset=windows-1256');
    expect(arabic.headers.get('content-disposition')).toBe(`attachment; filename="${kind}.csv"`);
    expect(new TextDecoder('windows-1256').decode(arabic.bytes)).toBe(text);
    expect(text).toMatch(/[\u0600-\u06ff]/); // customers' Arabic names made it through

    const xlsx = await register(kind, 'xlsx');
    expect(xlsx.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers.get('content-disposition')).toBe(`attachment; filename="${kind}.xlsx"`);
    const cells = await xlsxCells(xlsx.bytes);
    const header = rows[0] ?? [];
    const amountColumns = header.map((name) => name === 'Amount' || name === 'Amount Including VAT');
    expect(cells.map((row) => header.map((_, i) => cellAsCsv(row[i], amountColumns[i] === true)))).toEqual(
      rows,
    );
    // Money is a number cell, dates are date cells.
    const first = cells[1] ?? [];
    expect(header.flatMap((name, i) => (amountColumns[i] ? [typeof first[i]] : []))).not.toContain('string');
    expect(first[header.findIndex((name) => /Date$/.test(name))]).toBeInstanceOf(Date);
  });

  it.each(registerKinds)(
    '%s: the key tells the truth about every line and every missing document',
    async (kind) => {
      const key = await keyOf(kind);
      const rows = csvRows((await register(kind, 'csv')).bytes);
      const header = rows[0] ?? [];
      const column = (name: string): number => header.indexOf(name);
      const columns = registerColumns[kind];
      const [numberAt, referenceAt, amountAt] = [
        column(columns.number),
        column(columns.reference),
        column(columns.amount),
      ];
      expect([numberAt, referenceAt, amountAt]).not.toContain(-1);

      const byId = new Map((docs.get(kind) ?? []).map((doc) => [doc.id, facts(kind, doc)]));
      const numbers = new Set([...byId.values()].map((fact) => fact.number));
      expect(key.lines.map((line) => line.line)).toEqual(rows.slice(1).map((_, i) => i + 1));
      for (const line of key.lines) {
        const row = rows[line.line] ?? [];
        const reference = row[referenceAt] ?? '';
        const booked = cents(row[amountAt]) * (row[column('Document Type')] === 'Reversal' ? -1 : 1);
        const where = `${kind} line ${line.line} (${line.defect})`;
        expect(row[numberAt], where).toBe(line.erp_number);
        if (line.document_id === null) {
          expect(line.defect, where).toBe('extra');
          expect(
            [...numbers].filter((n) => n === reference || isOneSlip(reference, n)),
            where,
          ).toEqual([]);
          continue;
        }
        const fact = byId.get(line.document_id);
        if (!fact) throw new Error(`${where}: no document ${line.document_id}`);
        const difference = Math.abs(booked - fact.cents);
        if (line.defect === 'typo') {
          expect(isOneSlip(reference, fact.number), `${where}: ${reference} vs ${fact.number}`).toBe(true);
          expect(numbers.has(reference), where).toBe(false);
        } else {
          expect(reference, where).toBe(fact.number);
        }
        if (line.defect === 'rounding') expect(difference >= 1 && difference <= 5, where).toBe(true);
        else if (line.defect === 'amount') expect(difference, where).toBeGreaterThan(100);
        else expect(difference, where).toBe(0);
      }

      // Every document is on lines or missing, never both; only a payment taken back has two lines.
      const onLines = key.lines.flatMap((line) => (line.document_id === null ? [] : [line.document_id]));
      const perDocument = new Map<string, number>();
      for (const id of onLines) perDocument.set(id, (perDocument.get(id) ?? 0) + 1);
      expect(new Set([...perDocument.keys(), ...key.missing])).toEqual(new Set(byId.keys()));
      expect(key.missing.filter((id) => perDocument.has(id))).toEqual([]);
      const twice = [...perDocument].filter(([, count]) => count > 1).map(([id]) => id);
      if (kind !== 'payments') expect(twice).toEqual([]);
      else
        for (const id of twice)
          expect(docs.get(kind)?.find((doc) => doc.id === id)?.status).not.toBe('RECORDED');
      const references = new Set(rows.slice(1).map((row) => row[referenceAt]));
      for (const id of key.missing) expect(references.has(byId.get(id)?.number)).toBe(false);
      // ERP numbers run in one series, in posting order.
      expect(new Set(key.lines.map((line) => line.erp_number)).size).toBe(key.lines.length);
    },
  );

  it('keeps each defect share within the documented range (docs/decisions/027)', async () => {
    // Fates come from a hash of each id, so shares vary like coin flips: every defect shows in each
    // register, and over the four registers together (about 1,000 documents) each share is near its rule.
    const fates = new Map<string, string>();
    let lines = 0;
    let extras = 0;
    for (const kind of registerKinds) {
      const key = await keyOf(kind);
      const ofKind = new Map<string, string>();
      for (const line of key.lines) if (line.document_id !== null) ofKind.set(line.document_id, line.defect);
      for (const id of key.missing) ofKind.set(id, 'missing');
      expect(ofKind.size).toBeGreaterThanOrEqual(200);
      const seen = new Set([...ofKind.values(), ...key.lines.map((line) => line.defect)]);
      expect([kind, [...seen].sort()]).toEqual([
        kind,
        ['amount', 'extra', 'missing', 'none', 'rounding', 'typo'],
      ]);
      for (const [id, fate] of ofKind) fates.set(id, fate);
      lines += key.lines.length;
      extras += key.lines.filter((line) => line.defect === 'extra').length;
    }
    const share = (fate: string) => [...fates.values()].filter((f) => f === fate).length / fates.size;
    const within = (value: number, low: number, high: number) => value >= low && value <= high;
    expect({
      none: within(share('none'), 0.78, 0.9),
      typo: within(share('typo'), 0.02, 0.065),
      rounding: within(share('rounding'), 0.02, 0.065),
      amount: within(share('amount'), 0.02, 0.065),
      missing: within(share('missing'), 0.02, 0.065),
      extra: within(extras / lines, 0.01, 0.05),
    }).toEqual({ none: true, typo: true, rounding: true, amount: true, missing: true, extra: true });
  });

  it("names customers by the same keys as the master-data export, and shows the ERP's own number of an accepted document", async () => {
    const customers = csvRows((await erp('/erp/master-data?kind=customers&format=csv')).bytes);
    const codes = new Set(customers.slice(1).map((row) => row[0]));
    const invoices = csvRows((await register('invoices', 'csv')).bytes);
    const customerAt = invoices[0]?.indexOf('Sell-to Customer No.') ?? -1;
    expect(invoices.slice(1).filter((row) => !codes.has(row[customerAt]))).toEqual([]);

    // Acks change the register: an accepted invoice keeps the ERP's number, a rejected one is not booked.
    const before = await keyOf('invoices');
    const [accepted, rejected] = before.lines.filter((line) => line.defect === 'none');
    if (!accepted?.document_id || !rejected?.document_id) throw new Error('no clean invoice lines');
    const api = client(sandbox);
    expect(
      (
        await api.post(`/invoices/${accepted.document_id}/ack`, {
          outcome: 'ACCEPTED',
          external_number: 'PSI-77001',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.post(`/invoices/${rejected.document_id}/ack`, {
          outcome: 'REJECTED',
          reason_code: 'DUPLICATE',
        })
      ).status,
    ).toBe(200);
    const after = await keyOf('invoices');
    expect(after.lines.find((line) => line.document_id === accepted.document_id)?.erp_number).toBe(
      'PSI-77001',
    );
    expect(after.lines.find((line) => line.document_id === rejected.document_id)).toBeUndefined();
    expect(after.missing).toContain(rejected.document_id);
  });
});

describe('the master-data exports', () => {
  const files = new Map<MasterDataKind, Buffer>();
  beforeAll(async () => {
    for (const kind of masterDataKinds)
      files.set(kind, (await erp(`/erp/master-data?kind=${kind}&format=csv`)).bytes);
  });

  it.each(masterDataKinds)('%s: CSV, Windows-1256 and XLSX read back the same table', async (kind) => {
    const csv = await erp(`/erp/master-data?kind=${kind}&format=csv`);
    expect([csv.status, csv.headers.get('content-disposition')]).toEqual([
      200,
      `attachment; filename="${kind}.csv"`,
    ]);
    const text = csv.bytes.toString('utf8').replace(/^\ufeff/, '');
    const arabic = await erp(`/erp/master-data?kind=${kind}&format=csv-1256`);
    expect(new TextDecoder('windows-1256').decode(arabic.bytes)).toBe(text);
    const xlsx = await erp(`/erp/master-data?kind=${kind}&format=xlsx`);
    expect(xlsx.headers.get('content-disposition')).toBe(`attachment; filename="${kind}.xlsx"`);
    const rows = csvRows(text);
    const header = rows[0] ?? [];
    const money = header.map((name) => /Price|Credit Limit|^Balance$/.test(name));
    const cells = await xlsxCells(xlsx.bytes);
    expect(cells.map((row) => header.map((_, i) => cellAsCsv(row[i], money[i] === true)))).toEqual(rows);
    expect(rows.length).toBeGreaterThan(1);
  });

  it("reads in the desk's Master data import with every column suggested and no problem on any row", () => {
    const imported: ImportFile[] = [];
    for (const kind of masterDataKinds) {
      for (const bytes of [
        files.get(kind) ?? Buffer.alloc(0),
        encodeWindows1256(csvTextOf(files.get(kind))),
      ]) {
        const read = readCsvFile(bytes);
        const mapping = suggestMapping(kind, read.table.headers);
        expect([kind, mappingProblems(mapping, read.table.headers)]).toEqual([kind, []]);
        // Every field of the kind the export has a column for is suggested, and every name language.
        const mapped = new Set([...Object.values(mapping.fields), ...Object.values(mapping.names)]);
        const unmapped = read.table.headers.filter((_, i) => !mapped.has(i));
        expect([kind, unmapped]).toEqual([kind, informational[kind]]);
        if (kindDefs[kind].hasNames) expect(Object.keys(mapping.names).sort()).toEqual(['ar', 'en']);
        const rows = readRows(kind, read.table, mapping, { dateOrder: 'dmy', offsetMinutes: 0 });
        expect([kind, rows.flatMap((row) => row.issues)]).toEqual([kind, []]);
        if (bytes === files.get(kind)) imported.push({ id: kind, kind, fileName: `${kind}.csv`, rows });
      }
    }
    // Every reference (base unit, price list, product, unit, customer) resolves within the exports.
    expect(checkFiles(imported).flatMap((file) => file.rows.flatMap((row) => row.issues))).toEqual([]);
  });
});

/** Columns an ERP export carries that no push field takes. */
const informational: Record<MasterDataKind, string[]> = {
  units: [],
  'price-lists': [],
  products: [],
  'product-units': [],
  prices: [],
  customers: ['Salesperson Code'],
  branches: [],
  balances: ['Customer Name', 'Currency'],
};

function csvTextOf(bytes: Buffer | undefined): string {
  return (bytes ?? Buffer.alloc(0)).toString('utf8').replace(/^\ufeff/, '');
}

describe('Windows-1256', () => {
  it('writes what the code page has and ? for the rest', () => {
    const text = 'Al Nour, سوبر ماركت النور; € é ﷲ 😀';
    expect(new TextDecoder('windows-1256').decode(encodeWindows1256(text))).toBe(
      'Al Nour, سوبر ماركت النور; € é ? ?',
    );
  });
});

describe('the same seed', () => {
  /** Every register and master-data file of a sandbox seeded at a fixed time, through the console's routes. */
  async function exportAll(seed: number): Promise<Map<string, Buffer>> {
    const dir = mkdtempSync(join(tmpdir(), 'erp-seed-'));
    dirs.push(dir);
    const db = openStore(dir);
    db.transaction(() =>
      seedDemoCompany(db, fixedClock, createCompany(db, fixedClock, 'DEMO', 'Demo').id, { seed, docs: 40 }),
    )();
    const app = await buildSandbox(db, { dataDir: dir, rateLimitPerMinute: 120, writeDelayMs: 0 }, 'secret');
    const out = new Map<string, Buffer>();
    try {
      const paths = [
        ...registerKinds.flatMap((kind) =>
          ['csv', 'csv-1256', 'xlsx'].map(
            (format) => `/_sandbox/erp/registers?kind=${kind}&format=${format}`,
          ),
        ),
        ...registerKinds.map((kind) => `/_sandbox/erp/registers/key?kind=${kind}`),
        ...masterDataKinds.flatMap((kind) =>
          ['csv', 'xlsx'].map((format) => `/_sandbox/erp/master-data?kind=${kind}&format=${format}`),
        ),
      ];
      for (const url of paths) {
        const answer = await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer secret' } });
        expect([url, answer.statusCode]).toEqual([url, 200]);
        out.set(url, answer.rawPayload);
      }
    } finally {
      await app.close();
      db.close();
    }
    return out;
  }

  it('gives byte-identical files, and another seed different ones', async () => {
    const first = await exportAll(11);
    const again = await exportAll(11);
    for (const [url, bytes] of first)
      expect([url, bytes.equals(again.get(url) ?? Buffer.alloc(0))]).toEqual([url, true]);
    const other = await exportAll(12);
    const url = '/_sandbox/erp/registers?kind=invoices&format=csv';
    expect(first.get(url)?.equals(other.get(url) ?? Buffer.alloc(0))).toBe(false);
  });
});

describe('--erp-samples DIR', () => {
  it('writes every register and master-data file before the listening line, the same bytes the console answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'erp-samples-'));
    dirs.push(dir);
    const samples = join(dir, 'samples');
    const started = await startFlaggedSandbox([
      '--data',
      join(dir, 'data'),
      '--docs',
      '20',
      '--erp-samples',
      samples,
    ]);
    try {
      expect(started.lines).toEqual([
        `ERP sample exports (registers/ and master data, CSV and XLSX) written to ${samples}`,
        expect.stringMatching(/^listening /),
      ]);
      const secret = readFileSync(join(dir, 'data', 'admin-secret'), 'utf8').trim();
      const expected = [
        ...registerKinds.flatMap((kind) =>
          (['csv', 'xlsx'] as const).map((format) => ({
            file: join(samples, 'registers', `${kind}.${format}`),
            path: `/erp/registers?kind=${kind}&format=${format}`,
          })),
        ),
        ...masterDataKinds.flatMap((kind) =>
          (['csv', 'xlsx'] as const).map((format) => ({
            file: join(samples, `${kind}.${format}`),
            path: `/erp/master-data?kind=${kind}&format=${format}`,
          })),
        ),
      ];
      for (const { file, path } of expected) {
        expect([file, existsSync(file)]).toEqual([file, true]);
        const answer = await getAdminFile(started.origin, path, secret);
        expect([file, readFileSync(file).equals(answer.bytes)]).toEqual([file, true]);
      }
    } finally {
      expect(await started.stop()).toBe(0);
    }
  });
});
