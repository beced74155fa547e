import type { ReviewRow } from '../../../src-renderer/data/rows';

/** A grid row as the store keeps it. */
export function row(id: string, patch: Partial<ReviewRow> = {}): ReviewRow {
  return {
    id,
    version: 1,
    review: 'pending',
    pendingAgain: 0,
    changeFacts: [],
    status: 'ISSUED',
    number: `INV-${id}`,
    date: '2025-03-01',
    customer: 'C-1',
    customerId: 'cu-1',
    customerName: 'Al Noor Trading · النور للتجارة',
    rep: 'R01',
    currency: 'EGP',
    noteFacts: { kind: 'order', number: 'SO-1' },
    amountCents: 123450,
    externalNumber: '',
    answerState: '',
    answerOutcome: '',
    answerError: '',
    ackProblem: null,
    chunk: '',
    ...patch,
  };
}
