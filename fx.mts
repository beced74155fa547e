import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { readRegister, readRegisterFile, registerTableFromRows, suggestRegister } from './src-shared/domain/reconcile';
const folder = process.env.ERP_FIXTURES ?? 'test/fixtures/erp-registers';
const only = process.argv[2];
const cellText = (v: unknown) => v === null || v === undefined ? '' : v instanceof Date ? (v.toISOString().endsWith('T00:00:00.000Z') ? v.toISOString().slice(0,10) : v.toISOString()) : String(v);
for (const name of readdirSync(folder).filter((n) => n.endsWith('.expected.json'))) {
  const base = name.replace('.expected.json', '');
  if (only && !base.includes(only)) continue;
  const file = readdirSync(folder).find((n) => n.startsWith(base + '.') && !n.endsWith('.json'))!;
  const expected = JSON.parse(readFileSync(join(folder, name), 'utf8'));
  const bytes = readFileSync(join(folder, file));
  let table;
  if (file.endsWith('.xlsx')) { const sheets = await readXlsxFile(bytes); const s = sheets.find((x) => x.data.some((r) => r.some((c) => cellText(c) !== '')))!; table = registerTableFromRows(s.data.map((r, i) => ({ line: i + 1, cells: r.map(cellText) }))); }
  else table = readRegisterFile(new Uint8Array(bytes)).table;
  const sug = suggestRegister(table.headers);
  const read = readRegister(table, sug.mapping, { kind: expected.kind, dateOrder: 'auto', defaultCurrency: 'EGP' });
  const problems: string[] = [];
  if ((sug.layoutName !== null) !== (expected.layoutName !== null)) problems.push(`layout ${sug.layoutName} vs ${expected.layoutName}`);
  if (table.rowsAbove.length !== expected.rowsAboveHeader) problems.push(`rowsAbove ${table.rowsAbove.length} vs ${expected.rowsAboveHeader}`);
  if (!read.ok) problems.push(`NOT OK ${JSON.stringify(read).slice(0, 400)}`);
  else {
    if (read.reading.dateOrder.order !== expected.dateOrder) problems.push(`date ${read.reading.dateOrder.order} vs ${expected.dateOrder}`);
    const sk = read.reading.skipped.filter((r) => r.why === 'total' || r.why === 'group').map((r) => r.line).join(',');
    const esk = expected.skippedRows.map((r: any) => r.line).join(',');
    if (sk !== esk) problems.push(`skipped ${sk} vs ${esk} (${JSON.stringify(read.reading.skipped).slice(0,300)})`);
    const want = expected.bookings.filter((b: any) => b.kind === expected.kind);
    const got = read.register.lines;
    if (got.length !== want.length) problems.push(`count ${got.length} vs ${want.length}: got ${got.map((l) => l.erpNumber).join(' ')} | want ${want.map((b: any) => b.erpNumber).join(' ')}`);
    for (let i = 0; i < Math.min(got.length, want.length); i++) {
      const g = got[i]!, w = want[i];
      for (const k of ['erpNumber', 'kind', 'serviceRef', 'customer', 'customerName', 'date', 'amountCents', 'currency']) {
        const gv = (g as any)[k] ?? null; const wv = w[k] ?? null;
        if (gv !== wv) problems.push(`#${i} ${w.erpNumber} ${k}: ${gv} vs ${wv}`);
      }
    }
  }
  const cols = Object.entries(sug.mapping.columns).map(([f, i]) => `${f}=${table.headers[i as number]}`).join(', ');
  console.log(`\n== ${file} [${sug.layoutName}] ${problems.length ? 'FAIL' : 'ok'}\n  headers: ${table.headers.join(' | ').slice(0, 400)}\n  mapped: ${cols}`);
  for (const p of problems.slice(0, 12)) console.log('  - ' + p);
}
