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
  suggestRegisterMapping,
  type ReconcileGroup,
  type ReconcileResult,
  type ServiceDocument,
} from '../../../src-shared/domain/reconcile';
import { InvoiceSchema, OrderSchema, PaymentSchema, ReturnSchema } from '../../../src-shared/wire';
import { client } from '../../sandbox/doc-client';
import { getAdminFile } from '../../sandbox/erp-support';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';

// The engine against the ERP registers the real sandbox exports over loopback (decision 027): each
// register is read with the suggested mapping and reconciled with the sandbox's own documents, and
// the key the sandbox publishes says, line by line, what the clerk should see.

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

describe('the sandbox ERP registers', () => {
  it.each(kinds)('reconcile %s as the key says, line by line', (kind) => {
    const { result, key, documents } = runs.get(kind)!;
    const groupOfLine = new Map<number, ReconcileGroup>();
    const groupOfDocument = new Map<string, ReconcileGroup>();
    for (const group of result.groups) {
      for (const line of group.lines) groupOfLine.set(line.line - 1, group);
      for (const doc of group.documents) groupOfDocument.set(doc.id, group);
    }
    const reversed = new Set(documents.filter((doc) => doc.isReversed).map((doc) => doc.id));
    const wrong: string[] = [];
    for (const { line, erp_number, document_id, defect } of key.lines) {
      const group = groupOfLine.get(line);
      if (!group) {
        wrong.push(`line ${line} (${erp_number}) is in no group`);
        continue;
      }
      const expected = expectedState(defect, document_id !== null && reversed.has(document_id));
      const isPaired = group.state === 'matched' || group.state === 'suggested' || group.state === 'differs';
      if (expected !== null && group.state !== expected)
        wrong.push(`line ${line} (${erp_number}, ${defect}) is ${group.state}, not ${expected}`);
      if (isPaired && !group.documents.some((doc) => doc.id === document_id))
        wrong.push(
          `line ${line} (${erp_number}, ${defect}) is paired with ${group.documents.map(documentKey)}`,
        );
    }
    for (const id of key.missing) {
      const state = groupOfDocument.get(id)?.state;
      if (state !== 'service-only') wrong.push(`${id} is missing from the register but ${state}`);
    }
    const defects = new Set(key.lines.map((line) => line.defect));
    expect({ wrong, answerConflicts: result.ackConflicts, hasSlips: defects.size > 1 }).toEqual({
      wrong: [],
      answerConflicts: 0,
      hasSlips: true,
    });
  });
});
