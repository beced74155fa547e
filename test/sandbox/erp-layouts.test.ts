import type { Database } from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../src-sandbox/app';
import { layoutNames, layouts, registerFormats, type LayoutName } from '../../src-sandbox/erp/layouts';
import { registerKinds, type RegisterKey, type RegisterKind } from '../../src-sandbox/erp/registers';
import { seedDemoCompany } from '../../src-sandbox/simulator/seed';
import { openStore } from '../../src-sandbox/store/db';
import { createCompany } from '../../src-sandbox/store/platform';
import { fixedClock } from '../support/fixed-clock';
import {
  bookingRows,
  centsOf,
  isWellFormedXml,
  keyed,
  readers,
  textRows,
  type Row,
} from './erp-layout-support';
import { getAdminFile, startFlaggedSandbox, xlsxCells } from './erp-support';

// Registers in real ERP layouts (sandbox contract, Additions: "Real ERP layouts";
// docs/decisions/104-erp-register-layouts.md): every layout's file reads back with its header where
// the decision says, the same bookings as the sandbox's own register (numbers, references, customers,
// dates, amounts with the sign turned back, missing documents), the rows above and below the header
// where the ERP writes them, every format decodes, and the same seed gives the same bytes.

const dirs: string[] = [];
const companyName = 'Demo Foods';

/** A sandbox of its own, seeded at a fixed time, answering through inject. */
async function sandboxOf(seed: number, docs: number): Promise<{ app: FastifyInstance; db: Database }> {
  const dir = mkdtempSync(join(tmpdir(), 'erp-layouts-'));
  dirs.push(dir);
  const db = openStore(dir);
  db.transaction(() =>
    seedDemoCompany(db, fixedClock, createCompany(db, fixedClock, 'DEMO', companyName).id, { seed, docs }),
  )();
  const app = await buildSandbox(db, { dataDir: dir, rateLimitPerMinute: 120, writeDelayMs: 0 }, 'secret');
  return { app, db };
}

interface Answer {
  status: number;
  contentType: string;
  disposition: string;
  bytes: Buffer;
}

async function fetchFrom(app: FastifyInstance, path: string): Promise<Answer> {
  const answer = await app.inject({
    method: 'GET',
    url: `/_sandbox${path}`,
    headers: { authorization: 'Bearer secret' },
  });
  return {
    status: answer.statusCode,
    contentType: String(answer.headers['content-type']),
    disposition: String(answer.headers['content-disposition']),
    bytes: answer.rawPayload,
  };
}

let sandbox: { app: FastifyInstance; db: Database };
beforeAll(async () => {
  sandbox = await sandboxOf(7, 60);
});
afterAll(async () => {
  await sandbox.app.close();
  sandbox.db.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const get = (path: string): Promise<Answer> => fetchFrom(sandbox.app, path);
const keyOf = async (query: string): Promise<RegisterKey> => {
  const answer = await get(`/erp/registers/key?${query}`);
  expect([query, answer.status]).toEqual([query, 200]);
  return JSON.parse(answer.bytes.toString('utf8')) as RegisterKey;
};

/** The sandbox's own register, by ERP number: what every layout must show for that booking. */
interface OwnBooking {
  documentId: string | null;
  defect: string;
  reference: string;
  date: string;
  key: string;
  name: string;
  cents: number;
}

const ownColumns: Record<
  RegisterKind,
  { number: string; reference: string; date: string; key: string; name: string; amount: string }
> = {
  invoices: {
    number: 'Document No.',
    reference: 'External Document No.',
    date: 'Posting Date',
    key: 'Sell-to Customer No.',
    name: 'Sell-to Customer Name',
    amount: 'Amount Including VAT',
  },
  payments: {
    number: 'Document No.',
    reference: 'External Document No.',
    date: 'Posting Date',
    key: 'Customer No.',
    name: 'Customer Name',
    amount: 'Amount',
  },
  returns: {
    number: 'Credit Memo No.',
    reference: 'External Document No.',
    date: 'Posting Date',
    key: 'Sell-to Customer No.',
    name: 'Sell-to Customer Name',
    amount: 'Amount Including VAT',
  },
  orders: {
    number: 'Order No.',
    reference: 'Your Reference',
    date: 'Order Date',
    key: 'Sell-to Customer No.',
    name: 'Sell-to Customer Name',
    amount: 'Amount Including VAT',
  },
};

const own = new Map<RegisterKind, { key: RegisterKey; byNumber: Map<string, OwnBooking> }>();
beforeAll(async () => {
  for (const kind of registerKinds) {
    const key = await keyOf(`kind=${kind}`);
    const text = (await get(`/erp/registers?kind=${kind}&format=csv`)).bytes
      .toString('utf8')
      .replace(/^\ufeff/, '');
    const [header = [], ...body] = textRows(text, ',');
    const columns = ownColumns[kind];
    const byNumber = new Map<string, OwnBooking>();
    for (const row of keyed(header, body)) {
      const line = key.lines.find((l) => l.erp_number === row.get(columns.number));
      if (!line) throw new Error(`no key line for ${row.get(columns.number)}`);
      byNumber.set(line.erp_number, {
        documentId: line.document_id,
        defect: line.defect,
        reference: row.get(columns.reference),
        date: row.get(columns.date),
        key: row.get(columns.key),
        name: row.get(columns.name),
        cents: centsOf(row.get(columns.amount)),
      });
    }
    own.set(kind, { key, byNumber });
  }
});

const cases = layoutNames.flatMap((layout) => layouts[layout].kinds.map((kind) => [layout, kind] as const));

/** A layout's CSV as text (its byte-order mark checked and taken off). */
async function layoutCsv(layout: LayoutName, kind: RegisterKind, lang = 'en'): Promise<string> {
  const answer = await get(`/erp/registers?kind=${kind}&format=csv&layout=${layout}&lang=${lang}`);
  expect([layout, kind, answer.status, answer.disposition]).toEqual([
    layout,
    kind,
    200,
    `attachment; filename="${kind}.csv"`,
  ]);
  const text = answer.bytes.toString('utf8');
  expect([layout, text.startsWith('\ufeff')]).toEqual([layout, readers[layout].bom]);
  return text.replace(/^\ufeff/, '');
}

describe('every layout writes the same bookings as the sandbox own register', () => {
  it('has a payment taken back in the seeded data, so reversals are tried', () => {
    const payments = own.get('payments')?.key.lines ?? [];
    const ids = payments.flatMap((line) => (line.document_id === null ? [] : [line.document_id]));
    expect(ids.length - new Set(ids).size).toBeGreaterThan(0);
  });

  it.each(cases)(
    '%s %s: numbers, references, customers, dates and amounts match, line by line',
    async (layout, kind) => {
      const reader = readers[layout];
      const mine = own.get(kind);
      if (!mine) throw new Error('no own register');
      const key = await keyOf(`kind=${kind}&layout=${layout}&format=csv`);
      // The same bookings: every ERP number with its document and defect, the same missing documents.
      expect(key.missing).toEqual(mine.key.missing);
      const byNumber = (k: RegisterKey) =>
        Object.fromEntries(k.lines.map((line) => [line.erp_number, [line.document_id, line.defect]]));
      expect(byNumber(key)).toEqual(byNumber(mine.key));
      expect(key.lines.map((line) => line.line)).toEqual(
        [...key.lines.map((line) => line.line)].sort((a, b) => a - b),
      );

      const rows = textRows(await layoutCsv(layout, kind), ',');
      const header = rows[reader.headerRow] ?? [];
      const body = keyed(header, rows.slice(reader.headerRow + 1));
      const numbersInFile = new Set<string>();
      for (const line of key.lines) {
        const where = `${layout} ${kind} ${line.erp_number} (line ${line.line}, ${line.defect})`;
        const booking = bookingRows(reader, kind, body, line.line - 1);
        const head = booking[0] as Row;
        const expected = mine.byNumber.get(line.erp_number);
        if (!expected) throw new Error(`${where}: not in the own register`);
        expect(head.get(reader.number(kind)), where).toBe(line.erp_number);
        numbersInFile.add(line.erp_number);
        expect(head.get(reader.reference(kind)), where).toBe(expected.reference);
        const customer = reader.customer(kind);
        const wanted = {
          key: expected.key,
          name: expected.name,
          'key name': `${expected.key} ${expected.name}`,
        }[customer.holds];
        expect(head.get(customer.column), where).toBe(wanted);
        const date = reader.date(kind);
        if (date) expect(date.read(head.get(date.column)), where).toBe(expected.date);
        expect(reader.amount(kind, booking), where).toBe(expected.cents);
        const parts = reader.parts?.(kind, booking);
        if (parts) expect(parts[1], `${where}: its parts`).toBe(parts[0]);
      }
      // No other booking numbers in the file: every row with a number is a key line's.
      const numberColumn = reader.number(kind);
      const stray = body
        .map((row) => row.get(numberColumn))
        .filter((value) => value !== '' && value !== 'Total' && !numbersInFile.has(value));
      expect(stray).toEqual([]);
    },
  );
});

describe('rows above and below the header', () => {
  const money = (row: Row): number => centsOf(row.get('Amount'));

  it.each(layouts.quickbooks.kinds)(
    'quickbooks %s: title rows, customer groups, Total for … and TOTAL, the footer',
    async (kind) => {
      const rows = textRows(await layoutCsv('quickbooks', kind), ',');
      expect(rows.slice(0, 4).map((row) => row[0])).toEqual([
        companyName,
        'Transaction List by Customer',
        expect.stringMatching(
          /^[A-Z][a-z]+ \d{1,2}(-\d{1,2})?(, \d{4})? - ([A-Z][a-z]+ )?\d{1,2}, \d{4}$|^[A-Z][a-z]+ \d{1,2}-\d{1,2}, \d{4}$/,
        ),
        '',
      ]);
      const header = rows[4] ?? [];
      expect(header).toEqual(['', 'Date', 'Transaction type', 'Num', 'Name', 'Memo/Description', 'Amount']);
      const body = keyed(header, rows.slice(5));
      const totalAt = body.findIndex((row) => row.cells[0] === 'TOTAL');
      expect(totalAt).toBeGreaterThan(0);
      let group: string | null = null;
      let groupSum = 0;
      let allSum = 0;
      for (const row of body.slice(0, totalAt)) {
        const first = row.cells[0] ?? '';
        if (first === '') {
          expect(row.get('Name')).toBe(group);
          groupSum += money(row);
        } else if (first.startsWith('Total for ')) {
          expect([first, money(row)]).toEqual([`Total for ${group}`, groupSum]);
          expect(row.get('Amount')).toMatch(/^-?E£/);
          allSum += groupSum;
          group = null;
        } else {
          expect(group).toBeNull();
          group = first;
          groupSum = 0;
        }
      }
      expect(money(body[totalAt] as Row)).toBe(allSum);
      expect(body.slice(totalAt + 1).map((row) => row.cells.join(''))).toEqual([
        '',
        '',
        expect.stringMatching(
          /^Accrual Basis [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M GMT\+00:00$/,
        ),
      ]);
    },
  );

  it.each(layouts.netsuite.kinds)(
    'netsuite %s: title rows and a Total row summing the amounts',
    async (kind) => {
      const rows = textRows(await layoutCsv('netsuite', kind), ',');
      expect(rows.slice(0, 4).map((row) => row.join(''))).toEqual([
        companyName,
        'Transaction Detail',
        expect.stringMatching(/^\d{1,2}\/\d{1,2}\/\d{4} - \d{1,2}\/\d{1,2}\/\d{4}$/),
        '',
      ]);
      const body = keyed(rows[4] ?? [], rows.slice(5));
      const last = body.at(-1) as Row;
      expect(last.get('Type')).toBe('Total');
      const data = body.slice(0, -1);
      expect(data.every((row) => row.get('Currency') === 'Egyptian Pound')).toBe(true);
      expect(money(last)).toBe(data.reduce((sum, row) => sum + money(row), 0));
      expect(centsOf(last.get('Amount (Foreign Currency)'))).toBe(money(last));
    },
  );

  it('erpnext payments: Sr numbered on to a Total row summing Paid Amount', async () => {
    const rows = textRows(await layoutCsv('erpnext', 'payments'), ',');
    const body = keyed(rows[0] ?? [], rows.slice(1));
    const last = body.at(-1) as Row;
    expect([last.get('Sr'), last.get('ID')]).toEqual([String(body.length), 'Total']);
    expect(centsOf(last.get('Paid Amount'))).toBe(
      body.slice(0, -1).reduce((sum, row) => sum + centsOf(row.get('Paid Amount')), 0),
    );
    // Python's csv, QUOTE_NONNUMERIC: numbers bare, text quoted.
    const text = await layoutCsv('erpnext', 'payments');
    expect(text.split('\r\n')[1]).toMatch(/^1,"CR-\d{6}","\d{4}-\d{2}-\d{2}","(Receive|Pay)",/);
  });

  it('odoo: every CSV cell quoted, floats as Python writes them, and its sheet grouped by day with the sums', async () => {
    const text = await layoutCsv('odoo', 'invoices');
    expect(text.split('\r\n')[1]).toMatch(/^"SI-\d{6}","[^"]*","[^"]*","\d{4}-\d{2}-\d{2}",/);
    expect(text).toMatch(/"\d+\.0"/); // 15.0, a whole float
    const xlsx = await get('/erp/registers?kind=invoices&format=xlsx&layout=odoo');
    const cells = await xlsxCells(xlsx.bytes);
    const header = (cells[0] ?? []).map(String);
    const key = await keyOf('kind=invoices&layout=odoo&format=xlsx');
    // The key of the sheet counts its group rows: its line is the sheet's row under the header.
    for (const line of key.lines) expect(cells[line.line]?.[0]).toBe(line.erp_number);
    const totalAt = header.indexOf('Total Signed');
    let group: { at: number; count: number; sum: number } | null = null;
    const groups: Array<{ label: string; count: number; sum: number; expected: number }> = [];
    cells.slice(1).forEach((row, i) => {
      const first = row[0];
      if (typeof first === 'string' && / \(\d+\)$/.test(first)) {
        group = { at: i, count: 0, sum: 0 };
        groups.push({ label: first, count: 0, sum: 0, expected: Number(row[totalAt]) });
      } else if (typeof first === 'string' && first !== '' && group) {
        const current = groups.at(-1);
        if (current) {
          current.count += 1;
          current.sum += Math.round(Number(row[totalAt]) * 100);
        }
      }
    });
    expect(groups.length).toBeGreaterThan(1);
    for (const g of groups) {
      expect(g.label).toMatch(new RegExp(`^\\d{2} [A-Z][a-z]{2} \\d{4} \\(${g.count}\\)$`));
      expect(g.sum).toBe(Math.round(g.expected * 100));
    }
  });

  it('odoo in Arabic: the labels of its ar.po, "Number" as عدد, and its values', async () => {
    const text = await layoutCsv('odoo', 'returns', 'ar');
    const [header = [], firstRow = []] = textRows(text, ',');
    expect(header.slice(0, 10)).toEqual([
      'عدد',
      'الشريك/الرقم المرجعي',
      'اسم عرض شريك الفاتورة',
      'تاريخ الفاتورة',
      'الرقم المرجعي',
      'النوع',
      'العملة',
      'المبلغ دون الضريبة غير موقّع',
      'مجموع الموقّع عليهم',
      'الحالة',
    ]);
    expect([firstRow[5], firstRow[9]]).toEqual(['إشعار دائن للعميل ', 'مُرحّل ']);
    // The same rows as in English, only the labels and values translated.
    const english = textRows(await layoutCsv('odoo', 'returns'), ',');
    expect(
      textRows(text, ',')
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(english.slice(1).map((row) => row[0]));
  });

  it('refuses a kind the layout has no export of, an unknown layout or language', async () => {
    for (const path of [
      '/erp/registers?kind=payments&format=csv&layout=xero',
      '/erp/registers/key?kind=payments&layout=xero',
      '/erp/registers?kind=invoices&format=csv&layout=sap',
      '/erp/registers?kind=invoices&format=csv&layout=odoo&lang=fr',
      '/erp/registers?kind=invoices&format=ods&layout=odoo',
      '/erp/registers/key?kind=invoices&layout=odoo&format=pdf',
      '/erp/master-data?kind=units&format=xls',
    ]) {
      const answer = await get(path);
      expect([path, answer.status, JSON.parse(answer.bytes.toString('utf8')).error.code]).toEqual([
        path,
        400,
        'INVALID_REQUEST',
      ]);
    }
  });
});

describe('formats', () => {
  /** The grid's rows as Excel's Unicode Text holds them. */
  async function unicodeRows(query: string): Promise<string[][]> {
    const answer = await get(`/erp/registers?${query}&format=unicode-text`);
    expect([query, answer.status, answer.contentType, answer.bytes.subarray(0, 2).toString('hex')]).toEqual([
      query,
      200,
      'text/plain; charset=utf-16le',
      'fffe',
    ]);
    expect(answer.disposition).toMatch(/\.txt"$/);
    return textRows(answer.bytes.subarray(2).toString('utf16le'), '\t');
  }

  it.each(cases)(
    '%s %s: csv-1256, xlsx, xls, unicode-text and csv-semicolon decode to the same rows',
    async (layout, kind) => {
      const query = `kind=${kind}&layout=${layout}`;
      const csv = await layoutCsv(layout, kind);
      const arabic = await get(`/erp/registers?${query}&format=csv-1256`);
      expect(arabic.contentType).toBe('text/csv; charset=windows-1256');
      // Windows-1256 holds everything these files write (Arabic names, E£): the same text, no mark.
      expect(new TextDecoder('windows-1256').decode(arabic.bytes)).toBe(csv);

      // The sheet: unicode-text, xlsx and xls hold the same rows, all as wide as the widest.
      const sheet = await unicodeRows(query);
      const width = sheet[0]?.length ?? 0;
      expect(sheet.every((row) => row.length === width)).toBe(true);
      const cells = await xlsxCells((await get(`/erp/registers?${query}&format=xlsx`)).bytes);
      expect(cells.length).toBe(sheet.length);
      const xls = await get(`/erp/registers?${query}&format=xls`);
      expect([xls.contentType, xls.disposition]).toEqual([
        'application/vnd.ms-excel',
        `attachment; filename="${kind}.xls"`,
      ]);
      const xml = xls.bytes.toString('utf8');
      expect(isWellFormedXml(xml)).toBe(true);
      expect(xml).toContain('<?mso-application progid="Excel.Sheet"?>');
      expect(xml.match(/<Row>/g)?.length).toBe(sheet.length);

      const semicolon = await get(`/erp/registers?${query}&format=csv-semicolon`);
      expect(semicolon.bytes.subarray(0, 3).toString('hex')).toBe('efbbbf');
      const semicolonRows = textRows(semicolon.bytes.toString('utf8').slice(1), ';');
      expect(semicolonRows.length).toBe(sheet.length);
      // Excel's European save: decimal commas and day-first dates where the US save has points and M/D/Y.
      const joined = semicolonRows.map((row) => row.join(';')).join('\n');
      expect(joined).toMatch(/;-?\d+,\d{2}(;|$)/m);
      expect(joined).not.toMatch(/;-?\d+\.\d{2}(;|$)/m);
      const arabicSave = await get(`/erp/registers?${query}&format=csv-semicolon&lang=ar`);
      expect(arabicSave.contentType).toBe('text/csv; charset=windows-1256');
      expect(textRows(new TextDecoder('windows-1256').decode(arabicSave.bytes), ';').length).toBe(
        sheet.length,
      );

      // The key of every format of the sheet points at the booking's number.
      const key = await keyOf(`${query}&format=unicode-text`);
      const header = sheet.findIndex((row) => row.includes(readers[layout].number(kind)));
      const at = sheet[header]?.indexOf(readers[layout].number(kind)) ?? -1;
      for (const line of key.lines) expect(sheet[header + line.line]?.[at]).toBe(line.erp_number);
    },
  );

  it('without a layout, the new formats write the sandbox own register, the old ones as before', async () => {
    const csvRows = textRows(
      (await get('/erp/registers?kind=orders&format=csv')).bytes.toString('utf8').slice(1),
      ',',
    );
    const sheet = await unicodeRows('kind=orders');
    expect(sheet.map((row) => row[0])).toEqual(csvRows.map((row) => row[0]));
    const xls = (await get('/erp/registers?kind=orders&format=xls')).bytes.toString('utf8');
    expect(isWellFormedXml(xls)).toBe(true);
    expect(xls).toContain('<Worksheet ss:Name="Sales Orders">');
  });
});

describe('the same seed', () => {
  it('gives byte-identical layout files and keys, another seed different ones', async () => {
    async function exportAll(seed: number): Promise<Map<string, Buffer>> {
      const { app, db } = await sandboxOf(seed, 20);
      const out = new Map<string, Buffer>();
      try {
        for (const [layout, kind] of cases)
          for (const path of [
            ...registerFormats.map(
              (format) => `/erp/registers?kind=${kind}&format=${format}&layout=${layout}`,
            ),
            `/erp/registers?kind=${kind}&format=csv-semicolon&layout=${layout}&lang=ar`,
            `/erp/registers/key?kind=${kind}&layout=${layout}&format=xlsx`,
          ]) {
            const answer = await fetchFrom(app, path);
            expect([path, answer.status]).toEqual([path, 200]);
            out.set(path, answer.bytes);
          }
      } finally {
        await app.close();
        db.close();
      }
      return out;
    }
    const first = await exportAll(3);
    const again = await exportAll(3);
    for (const [path, bytes] of first)
      expect([path, bytes.equals(again.get(path) ?? Buffer.alloc(0))]).toEqual([path, true]);
    const other = await exportAll(4);
    const path = '/erp/registers?kind=invoices&format=csv&layout=odoo';
    expect(first.get(path)?.equals(other.get(path) ?? Buffer.alloc(0))).toBe(false);
  });
});

describe('--erp-samples DIR', () => {
  it("writes each layout's registers in its own formats under registers/<layout>/, the bytes the console answers", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'erp-layout-samples-'));
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
      const secret = readFileSync(join(dir, 'data', 'admin-secret'), 'utf8').trim();
      for (const layout of layoutNames) {
        for (const kind of registerKinds) {
          const formats = layouts[layout].sampleFormats;
          for (const format of formats) {
            const extension = format === 'csv-1256' ? 'csv' : format;
            const file = join(samples, 'registers', layout, `${kind}.${extension}`);
            expect([file, existsSync(file)]).toEqual([file, layouts[layout].kinds.includes(kind)]);
            if (!existsSync(file)) continue;
            const answer = await getAdminFile(
              started.origin,
              `/erp/registers?kind=${kind}&format=${format}&layout=${layout}`,
              secret,
            );
            expect([file, readFileSync(file).equals(answer.bytes)]).toEqual([file, true]);
          }
        }
      }
      // What it wrote before is still there.
      expect(existsSync(join(samples, 'registers', 'invoices.csv'))).toBe(true);
    } finally {
      expect(await started.stop()).toBe(0);
    }
  });
});
