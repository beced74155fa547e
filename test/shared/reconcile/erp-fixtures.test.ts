import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  referenceNames,
  readRegister,
  suggestRegister,
  type RegisterLine,
} from '../../../src-shared/domain/reconcile';
import type { FeedKind } from '../../../src-shared/wire';
import { readRegisterTableInNode } from './read-table';

// Every export in test/fixtures/erp-registers, written from the named ERPs' own sources (each
// fixture's `.expected.json` says which), read as a new clerk would: the file as the ERP wrote it,
// the columns the desk suggests, dates as the file shows them. Each must read whole, skip exactly the
// rows its expectation lists, and give its bookings one by one.

const folder =
  process.env['ERP_FIXTURES'] ??
  join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/erp-registers');

interface Expected {
  source: string;
  kind: FeedKind;
  layoutName: string | null;
  rowsAboveHeader: number;
  skippedRows: Array<{ line: number; text: string; why: string }>;
  dateOrder: 'dmy' | 'mdy' | 'ymd';
  bookings: Array<{
    erpNumber: string;
    kind: FeedKind;
    serviceRef: string | null;
    customer: string | null;
    customerName: string | null;
    date: string;
    amountCents: number;
    currency: string;
  }>;
}

const fixtures = readdirSync(folder)
  .filter((name) => name.endsWith('.expected.json'))
  .map((name) => name.replace(/\.expected\.json$/, ''))
  .map((base) => ({
    base,
    file: readdirSync(folder).find((name) => name.startsWith(`${base}.`) && !name.endsWith('.json'))!,
  }));

/**
 * A booking as compared: its reference as what it names to the reference rule (a reference sentence
 * names its number; `No Remarks` names nothing the service could have), the rest as read.
 */
function booked(line: RegisterLine, wantedRef: string | null): Expected['bookings'][number] {
  const names = referenceNames(line.serviceRef).filter((name) => /\d/.test(name));
  const ref =
    wantedRef !== null && names.includes(wantedRef.toLowerCase())
      ? wantedRef
      : names.length > 0
        ? line.serviceRef
        : null;
  return {
    erpNumber: line.erpNumber,
    kind: line.kind,
    serviceRef: ref,
    customer: line.customer,
    customerName: line.customerName ?? null,
    date: line.date ?? '',
    amountCents: line.amountCents,
    currency: line.currency,
  };
}

describe('real ERP exports, read with the suggested columns', () => {
  it('has a fixture of every named layout and encoding', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(12);
  });

  it.each(fixtures)('$file', async ({ base, file }) => {
    const expected = JSON.parse(readFileSync(join(folder, `${base}.expected.json`), 'utf8')) as Expected;
    const table = await readRegisterTableInNode(file, readFileSync(join(folder, file)));
    const suggestion = suggestRegister(table.headers);
    const read = readRegister(table, suggestion.mapping, {
      kind: expected.kind,
      dateOrder: 'auto',
      defaultCurrency: 'EGP',
    });
    if (!read.ok) throw new Error(`${file} did not read: ${JSON.stringify(read)}`);
    const wanted = expected.bookings.filter((booking) => booking.kind === expected.kind);
    const found = read.reading.dateOrder.found;
    expect({
      layout: suggestion.layoutName !== null,
      rowsAbove: table.rowsAbove.length,
      // Only a column of numeric dates says its order (XLSX date cells and ISO dates need none).
      dateOrder: found?.reason === 'decided' ? found.order : expected.dateOrder,
      skipped: read.reading.skipped
        .filter((row) => row.why === 'total' || row.why === 'group')
        .map((row) => ({ line: row.line, why: row.why === 'group' ? 'group' : 'total' })),
      bookings: read.register.lines.map((line, i) => booked(line, wanted[i]?.serviceRef ?? null)),
    }).toEqual({
      layout: expected.layoutName !== null,
      rowsAbove: expected.rowsAboveHeader,
      dateOrder: expected.dateOrder,
      // Item rows folded into their document are not left out.
      skipped: expected.skippedRows
        .filter((row) => row.why !== 'continuation')
        .map((row) => ({
          line: row.line,
          why: row.why === 'group' || row.why === 'footer' ? 'group' : 'total',
        })),
      bookings: wanted.map((booking) => ({
        erpNumber: booking.erpNumber,
        kind: booking.kind,
        serviceRef: booking.serviceRef,
        customer: booking.customer,
        customerName: booking.customerName,
        date: booking.date,
        amountCents: booking.amountCents,
        currency: booking.currency,
      })),
    });
  });
});
