import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KindedDocument } from '../../../src-shared/domain/feeds';
import {
  defaultReconcileSettings,
  documentKey,
  readRegister,
  readRegisterFile,
  reconcile,
  registerMappingProblems,
  toServiceDocument,
  suggestRegister,
  suggestRegisterMapping,
  type ReconcileGroup,
  type ReconcileResult,
  type RegisterLine,
  type ServiceDocument,
} from '../../../src-shared/domain/reconcile';
import { InvoiceSchema, OrderSchema, PaymentSchema, ReturnSchema } from '../../../src-shared/wire';
import { client } from '../../sandbox/doc-client';
import { getAdminFile } from '../../sandbox/erp-support';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { readRegisterTableInNode } from './read-table';

// The engine against the ERP registers the real sandbox exports over loopback (decision 027), in its
// own layout and in eight real ERPs' (decision 104): each register is read as a new clerk reads it
// (the columns suggested, dates and signs as the file shows them) and reconciled with the sandbox's
// own documents, and the key the sandbox publishes says, line by line, what the clerk should see.

const kinds = ['invoices', 'payments', 'returns', 'orders'] as const;
type Kind = (typeof kinds)[number];

interface RegisterKey {
  lines: Array<{ line: number; erp_number: string; document_id: string | null; defect: string }>;
  missing: string[];
}

const checks = {
  invoices: Compile(InvoiceSchema),
  payments: Compile(PaymentSchema),
  returns: Compile(ReturnSchema),
  orders: Compile(OrderSchema),
};

/** A served document checked against its wire schema, with its feed. */
function kinded(kind: Kind, value: unknown): KindedDocument {
  switch (kind) {
    case 'invoices':
      if (checks.invoices.Check(value)) return { kind, doc: value };
      break;
    case 'payments':
      if (checks.payments.Check(value)) return { kind, doc: value };
      break;
    case 'returns':
      if (checks.returns.Check(value)) return { kind, doc: value };
      break;
    case 'orders':
      if (checks.orders.Check(value)) return { kind, doc: value };
      break;
  }
  throw new Error(`A served ${kind} document does not match its wire schema.`);
}

let sandbox: RunningSandbox;
const runs = new Map<Kind, { result: ReconcileResult; key: RegisterKey; documents: ServiceDocument[] }>();

beforeAll(async () => {
  sandbox = await startSandbox({ docs: 200, seed: 5 });
  const api = client(sandbox);
  for (const kind of kinds) {
    // The feed lists every change by version: the newest version of each document stands.
    const newest = new Map<string, KindedDocument>();
    for (const served of await api.all(kind)) newest.set(served.id, kinded(kind, served));
    const documents = [...newest.values()].map(toServiceDocument);
    const file = await getAdminFile(
      sandbox.origin,
      `/erp/registers?kind=${kind}&format=csv`,
      sandbox.adminSecret,
    );
    const keyFile = await getAdminFile(
      sandbox.origin,
      `/erp/registers/key?kind=${kind}`,
      sandbox.adminSecret,
    );
    const { table } = readRegisterFile(new Uint8Array(file.bytes));
    const mapping = suggestRegisterMapping(table.headers);
    expect(registerMappingProblems(mapping, table.headers)).toEqual([]);
    const read = readRegister(table, mapping, { kind, dateOrder: 'dmy', defaultCurrency: 'EGP' });
    if (!read.ok) throw new Error(`The ${kind} register did not read: ${JSON.stringify(read)}`);
    const result = reconcile({
      documents,
      register: read.register,
      // The register's rounding slips are 0.01 to 0.05 (decision 027).
      settings: { ...defaultReconcileSettings, toleranceCents: 5 },
    });
    const key = JSON.parse(keyFile.bytes.toString('utf8')) as RegisterKey;
    runs.set(kind, { result, key, documents });
  }
}, 120_000);
afterAll(async () => {
  await sandbox?.dispose();
});

/** What a clerk should see for a register line of each defect (decision 027), or null: anything but a wrong pair. */
function expectedState(defect: string, isReversed: boolean): ReconcileGroup['state'] | null {
  // A payment taken back is booked twice, the second line taking back exactly the first, slips and all.
  if (isReversed && defect !== 'typo') return 'matched';
  const states: Record<string, ReconcileGroup['state'] | null> = {
    none: 'matched',
    rounding: 'suggested',
    amount: 'differs',
    extra: 'erp-only',
    typo: null,
  };
  return states[defect] ?? null;
}

/**
 * What is wrong with a reconciliation against the key: a key line in no group or in the wrong state,
 * a pair with another document, a missing document not only in the service. `groupOf` finds the group
 * of a key line.
 */
function wrongAgainstKey(
  run: { result: ReconcileResult; key: RegisterKey; documents: ServiceDocument[] },
  groupOf: (
    entry: RegisterKey['lines'][number],
    lineGroups: ReadonlyMap<string, ReconcileGroup>,
  ) => ReconcileGroup | undefined,
): string[] {
  const { result, key, documents } = run;
  const lineGroups = new Map<string, ReconcileGroup>();
  const groupOfDocument = new Map<string, ReconcileGroup>();
  for (const group of result.groups) {
    for (const line of group.lines) lineGroups.set(`${line.line}|${line.erpNumber}`, group);
    for (const doc of group.documents) groupOfDocument.set(doc.id, group);
  }
  const reversed = new Set(documents.filter((doc) => doc.isReversed).map((doc) => doc.id));
  const wrong: string[] = [];
  for (const entry of key.lines) {
    const { erp_number, document_id, defect } = entry;
    const group = groupOf(entry, lineGroups);
    if (!group) {
      wrong.push(`line ${entry.line} (${erp_number}) is in no group`);
      continue;
    }
    const expected = expectedState(defect, document_id !== null && reversed.has(document_id));
    const isPaired = group.state === 'matched' || group.state === 'suggested' || group.state === 'differs';
    if (expected !== null && group.state !== expected)
      wrong.push(`line ${entry.line} (${erp_number}, ${defect}) is ${group.state}, not ${expected}`);
    if (isPaired && !group.documents.some((doc) => doc.id === document_id))
      wrong.push(
        `line ${entry.line} (${erp_number}, ${defect}) is paired with ${group.documents.map(documentKey)}`,
      );
  }
  for (const id of key.missing) {
    const state = groupOfDocument.get(id)?.state;
    if (state !== 'service-only') wrong.push(`${id} is missing from the register but ${state}`);
  }
  return wrong;
}

describe('the sandbox ERP registers', () => {
  it.each(kinds)('reconcile %s as the key says, line by line', (kind) => {
    const run = runs.get(kind)!;
    const wrong = wrongAgainstKey(
      run,
      (entry, lineGroups) => [...lineGroups].find(([id]) => id.startsWith(`${entry.line + 1}|`))?.[1],
    );
    const defects = new Set(run.key.lines.map((line) => line.defect));
    expect({ wrong, answerConflicts: run.result.ackConflicts, hasSlips: defects.size > 1 }).toEqual({
      wrong: [],
      answerConflicts: 0,
      hasSlips: true,
    });
  });
});

/** Each ERP layout of decision 104 with the formats it is tried in; Odoo's Arabic labels too. */
const layouts: ReadonlyArray<{ layout: string; lang: 'en' | 'ar'; formats: readonly string[] }> = [
  { layout: 'odoo', lang: 'en', formats: ['csv', 'xlsx'] },
  { layout: 'odoo', lang: 'ar', formats: ['csv', 'xlsx', 'csv-semicolon'] },
  { layout: 'erpnext', lang: 'en', formats: ['csv', 'xlsx'] },
  { layout: 'quickbooks', lang: 'en', formats: ['csv', 'xlsx'] },
  { layout: 'xero', lang: 'en', formats: ['csv'] },
  { layout: 'business-central', lang: 'en', formats: ['xlsx', 'csv', 'unicode-text'] },
  { layout: 'sage', lang: 'en', formats: ['csv-1256', 'csv'] },
  { layout: 'zoho', lang: 'en', formats: ['csv', 'xlsx'] },
  { layout: 'netsuite', lang: 'en', formats: ['csv', 'xls'] },
];
const extension: Record<string, string> = {
  csv: 'csv',
  'csv-1256': 'csv',
  'csv-semicolon': 'csv',
  'unicode-text': 'txt',
  xlsx: 'xlsx',
  xls: 'xls',
};
const layoutCases = layouts.flatMap(({ layout, lang, formats }) =>
  kinds.flatMap((kind) => formats.map((format) => ({ layout, lang, kind, format }))),
);

describe('the sandbox ERP registers in real ERP layouts', () => {
  it.each(layoutCases)(
    '$layout ($lang) $kind as $format reads whole with the suggested columns and reconciles as the key says',
    async ({ layout, lang, kind, format }) => {
      const query = `kind=${kind}&layout=${layout}&lang=${lang}&format=${format}`;
      const file = await getAdminFile(sandbox.origin, `/erp/registers?${query}`, sandbox.adminSecret);
      if (file.status === 400 && file.bytes.toString('utf8').includes('NOT_IN_LAYOUT')) return;
      expect(file.status, query).toBe(200);
      const keyFile = await getAdminFile(sandbox.origin, `/erp/registers/key?${query}`, sandbox.adminSecret);
      const key = JSON.parse(keyFile.bytes.toString('utf8')) as RegisterKey;
      const table = await readRegisterTableInNode(`${kind}.${extension[format]}`, file.bytes);
      const suggestion = suggestRegister(table.headers);
      const read = readRegister(table, suggestion.mapping, {
        kind,
        dateOrder: 'auto',
        defaultCurrency: 'EGP',
      });
      if (!read.ok) throw new Error(`${query} did not read: ${JSON.stringify(read).slice(0, 600)}`);
      const { documents } = runs.get(kind)!;
      const result = reconcile({
        documents,
        register: read.register,
        settings: { ...defaultReconcileSettings, toleranceCents: 5 },
      });
      const lineOfNumber = new Map<string, RegisterLine>(
        read.register.lines.map((line) => [line.erpNumber, line]),
      );
      const wrong = wrongAgainstKey({ result, key, documents }, (entry, lineGroups) => {
        const line = lineOfNumber.get(entry.erp_number);
        return line && lineGroups.get(`${line.line}|${line.erpNumber}`);
      });
      expect({
        layout: suggestion.layoutName !== null,
        documents: read.register.lines.length,
        wrong: wrong.slice(0, 10),
        answerConflicts: result.ackConflicts,
      }).toEqual({ layout: true, documents: key.lines.length, wrong: [], answerConflicts: 0 });
    },
  );
});
