import { startSandbox } from './test/support/sandbox';
import { getAdminFile } from './test/sandbox/erp-support';
import { readRegisterTableInNode } from './test/shared/reconcile/read-table';
import { readRegister, suggestRegister } from './src-shared/domain/reconcile';
const sandbox = await startSandbox({ docs: 200, seed: 5 });
try {
  for (const spec of process.argv.slice(2)) {
    const [layout, lang, kind, format] = spec.split(':');
    const query = `kind=${kind}&layout=${layout}&lang=${lang}&format=${format}`;
    const file = await getAdminFile(sandbox.origin, `/erp/registers?${query}`, sandbox.adminSecret);
    const ext = { csv: 'csv', 'csv-1256': 'csv', 'csv-semicolon': 'csv', 'unicode-text': 'txt', xlsx: 'xlsx', xls: 'xls' }[format!];
    const table = await readRegisterTableInNode(`${kind}.${ext}`, file.bytes);
    const sug = suggestRegister(table.headers);
    console.log(`\n== ${spec} [${sug.layoutName}]\n headers: ${table.headers.join(' | ')}\n mapped: ${Object.entries(sug.mapping.columns).map(([f, i]) => `${f}=${table.headers[i as number]}`).join(', ')}`);
    console.log(' rows:', table.rows.slice(0, 4).map((r) => r.cells.join(' | ').slice(0, 200)).join('\n       '));
    const read = readRegister(table, sug.mapping, { kind: kind as never, dateOrder: 'auto', defaultCurrency: 'EGP' });
    console.log(' read:', read.ok ? `${read.register.lines.length} lines; first: ${JSON.stringify(read.register.lines[0])}` : JSON.stringify(read).slice(0, 300));
  }
} finally { await sandbox.dispose(); }
