import type { Database } from 'better-sqlite3';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { companyByCode } from '../store/platform';
import { buildLayoutRegister, encodeLayoutRegister, layoutNames, layouts } from './layouts';
import { buildMasterData, masterDataKinds } from './master-data';
import { buildRegister, registerKinds } from './registers';
import { encodeTable, type Table } from './table';

/** Writes a file whole or not at all: a reader never sees half of one. */
async function writeWhole(path: string, bytes: Buffer): Promise<void> {
  const partial = `${path}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, path);
}

async function writeBoth(dir: string, name: string, table: Table): Promise<string[]> {
  const written: string[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    const file = await encodeTable(table, format);
    const path = join(dir, `${name}.${file.extension}`);
    await writeWhole(path, file.bytes);
    written.push(path);
  }
  return written;
}

/**
 * `--erp-samples DIR` (sandbox contract, Additions): every register and master-data file of a
 * company (the demo company by default) as its ERP would export them, in CSV (UTF-8) and XLSX:
 * `DIR/registers/<kind>.csv|xlsx` for invoices, payments, returns and orders, and
 * `DIR/<kind>.csv|xlsx` for the eight master-data kinds; and each real ERP layout's registers in
 * that ERP's own formats, `DIR/registers/<layout>/<kind>.<csv|xlsx|xls>` (a kind the ERP has no
 * export of is left out). Files of the same names are replaced. Answers the paths written.
 * docs/decisions/027-erp-registers-and-samples.md, 104-erp-register-layouts.md.
 */
export async function writeErpSamples(db: Database, dir: string, companyCode = 'DEMO'): Promise<string[]> {
  const company = companyByCode(db, companyCode);
  const registersDir = join(dir, 'registers');
  await mkdir(registersDir, { recursive: true });
  const written: string[] = [];
  for (const kind of registerKinds)
    written.push(...(await writeBoth(registersDir, kind, buildRegister(db, company.id, kind).table)));
  for (const kind of masterDataKinds)
    written.push(...(await writeBoth(dir, kind, buildMasterData(db, company.id, kind))));
  for (const name of layoutNames) {
    const layout = layouts[name];
    const layoutDir = join(registersDir, name);
    await mkdir(layoutDir, { recursive: true });
    for (const kind of layout.kinds)
      for (const format of layout.sampleFormats) {
        const register = buildLayoutRegister(db, company.id, kind, { layout: name, lang: 'en', format });
        const file = await encodeLayoutRegister(register, format, 'en');
        const path = join(layoutDir, `${kind}.${file.extension}`);
        await writeWhole(path, file.bytes);
        written.push(path);
      }
  }
  return written;
}
