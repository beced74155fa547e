import { describe, expect, it } from 'vitest';
import {
  defaultReconcileSettings,
  readRegister,
  readRegisterFile,
  reconcile,
  suggestRegister,
} from '../../../src-shared/domain/reconcile';
import {
  makeRegisterExport,
  xeroInvoiceHeaders,
} from '../../../src-shared/domain/reconcile/register-fixture';

describe('the generated line-per-item export', () => {
  it('reads and reconciles to the counts it was written with', () => {
    const fixture = makeRegisterExport(4_000, 3);
    const file = readRegisterFile(fixture.bytes);
    const suggestion = suggestRegister(file.table.headers);
    const read = readRegister(file.table, suggestion.mapping, {
      kind: 'invoices',
      dateOrder: 'auto',
      defaultCurrency: 'EGP',
    });
    if (!read.ok) throw new Error(JSON.stringify(read.badRows.slice(0, 3)));
    const result = reconcile({
      documents: fixture.documents,
      register: read.register,
      settings: defaultReconcileSettings,
    });
    expect({
      format: { encoding: file.encoding, hasBom: file.hasBom, delimiter: file.delimiter },
      headers: file.table.headers,
      layout: suggestion.layoutName,
      dateOrder: read.reading.dateOrder.order,
      counts: {
        rows: file.table.rows.length,
        lines: read.register.lines.length,
        foldedRows: read.reading.folded.rows,
        documents: result.total.documents,
        groups: {
          matched: result.states.matched.groups,
          differs: result.states.differs.groups,
          serviceOnly: result.states['service-only'].groups,
          erpOnly: result.states['erp-only'].groups,
        },
      },
      others: [result.states.suggested.groups, result.states.ambiguous.groups, read.reading.skipped],
    }).toEqual({
      format: { encoding: 'utf-8', hasBom: true, delimiter: ',' },
      headers: [...xeroInvoiceHeaders],
      layout: 'Xero invoices export',
      dateOrder: 'dmy',
      counts: fixture.counts,
      others: [0, 0, []],
    });
    expect(fixture.counts.rows).toBe(4_000);
    // 3 to 5 items an invoice: 250,000 rows are about 60,000 invoices.
    expect(fixture.counts.rows / fixture.counts.lines).toBeGreaterThan(3.9);
    expect(fixture.counts.rows / fixture.counts.lines).toBeLessThan(4.4);
  });

  it('is the same for the same seed, and another for another', () => {
    const [a, b, c] = [makeRegisterExport(500, 1), makeRegisterExport(500, 1), makeRegisterExport(500, 2)];
    expect(a).toEqual(b);
    expect(a.bytes).not.toEqual(c.bytes);
  });
});
