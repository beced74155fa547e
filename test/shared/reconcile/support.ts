import type { ReconcileResult, RegisterLine, ServiceDocument } from '../../../src-shared/domain/reconcile';

/** A pending invoice of customer C1 (ERP key K1), 100.00 EGP on 2025-03-10, with `overrides`. */
export function doc(id: string, overrides: Partial<ServiceDocument> = {}): ServiceDocument {
  return {
    id,
    kind: 'invoices',
    number: id.toUpperCase(),
    customerId: 'cus_1',
    customerCode: 'C1',
    customerErpKey: 'K1',
    date: '2025-03-10',
    amountCents: 10000,
    currency: 'EGP',
    isPending: true,
    ...overrides,
  };
}

/** A register line of an invoice of C1, 100.00 EGP on 2025-03-10, numbered `id`, with `overrides`. */
export function line(id: string, overrides: Partial<RegisterLine> = {}): RegisterLine {
  return {
    id,
    line: 2,
    kind: 'invoices',
    erpNumber: id,
    erpKey: null,
    serviceRef: null,
    customer: 'C1',
    date: '2025-03-10',
    amountCents: 10000,
    currency: 'EGP',
    chequeNumber: null,
    ...overrides,
  };
}

/**
 * A result as a clerk reads it, one row per group: state, rule, decision, document ids, line ids,
 * and what differs; members are left out where they are empty or false.
 */
export function view(result: ReconcileResult): Array<Record<string, unknown>> {
  return result.groups.map((group) => ({
    state: group.state,
    ...(group.rule ? { rule: group.rule } : {}),
    ...(group.decision ? { decision: group.decision } : {}),
    docs: group.documents.map((d) => d.id),
    lines: group.lines.map((l) => l.id),
    ...(group.differenceCents !== 0 ? { differenceCents: group.differenceCents } : {}),
    ...(group.differences.length > 0 ? { differences: group.differences } : {}),
    ...(group.ackConflicts.length > 0 ? { answerConflicts: group.ackConflicts } : {}),
    ...(group.isCapped ? { isCapped: true } : {}),
  }));
}

/** Shuffles a copy with a fixed seed. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i -= 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
