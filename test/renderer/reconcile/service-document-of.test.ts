import { describe, expect, it } from 'vitest';
import {
  acceptDraftsOf,
  reconcile,
  type RegisterLine,
  type ServiceDocument,
} from '../../../src-shared/domain/reconcile';
import { serviceDocumentOf } from '../../../src-renderer/data/reconciliations';
import { row } from '../review/fixtures';

/** A register line naming `ref`, booked as ERP number `erpNumber`, with the fixture row's amount. */
function line(erpNumber: string, ref: string): RegisterLine {
  return {
    id: erpNumber,
    line: 2,
    kind: 'invoices',
    erpNumber,
    erpKey: null,
    serviceRef: ref,
    customer: 'C-1',
    date: '2025-03-01',
    amountCents: 123450,
    currency: 'EGP',
    chequeNumber: null,
  };
}

describe('serviceDocumentOf: a grid row as the engine reads a document', () => {
  it('reads a pending row with the facts the rules compare', () => {
    expect(serviceDocumentOf('invoices', row('inv_1'))).toEqual({
      id: 'inv_1',
      kind: 'invoices',
      number: 'INV-inv_1',
      customerId: 'cu-1',
      customerCode: 'C-1',
      date: '2025-03-01',
      amountCents: 123450,
      currency: 'EGP',
      ack: null,
      isPending: true,
      isReversed: false,
    } satisfies ServiceDocument);
    // A row without a customer label names none, rather than a blank the rules would compare.
    expect(serviceDocumentOf('invoices', row('inv_2', { customer: '' })).customerCode).toBeNull();
  });

  it("carries the service's answer: accepted with its ERP number, rejected", () => {
    const accepted = serviceDocumentOf('invoices', row('a', { review: 'accepted', externalNumber: 'SI-7' }));
    const rejected = serviceDocumentOf('invoices', row('r', { review: 'rejected' }));
    expect([accepted.ack, accepted.isPending, rejected.ack, rejected.isPending]).toEqual([
      { outcome: 'ACCEPTED', externalNumber: 'SI-7' },
      false,
      { outcome: 'REJECTED', externalNumber: null },
      false,
    ]);
  });

  it('lays a queued answer over a pending row: not pending, with the queued outcome', () => {
    const queuedAccept = serviceDocumentOf(
      'invoices',
      row('q1', { answerState: 'queued', answerOutcome: 'ACCEPTED', externalNumber: 'SI-9' }),
    );
    const queuedReject = serviceDocumentOf(
      'invoices',
      row('q2', { answerState: 'queued', answerOutcome: 'REJECTED' }),
    );
    expect([queuedAccept.ack, queuedAccept.isPending, queuedReject.ack, queuedReject.isPending]).toEqual([
      { outcome: 'ACCEPTED', externalNumber: 'SI-9' },
      false,
      { outcome: 'REJECTED', externalNumber: null },
      false,
    ]);
    // A queued answer over an answered row (pending again, answered anew) wins over the old answer.
    expect(
      serviceDocumentOf(
        'invoices',
        row('q3', {
          review: 'accepted',
          externalNumber: 'SI-1',
          answerState: 'queued',
          answerOutcome: 'REJECTED',
        }),
      ).ack?.outcome,
    ).toBe('REJECTED');
  });

  it('leaves a row pending when its answer failed, was held or was answered elsewhere', () => {
    for (const answerState of ['failed', 'changed', 'elsewhere'] as const) {
      const doc = serviceDocumentOf('invoices', row('x', { answerState, answerOutcome: 'ACCEPTED' }));
      expect([answerState, doc.isPending, doc.ack]).toEqual([answerState, true, null]);
    }
  });

  it('flags a payment taken back (reversed, bounced, voided), and nothing else', () => {
    const flags = ['RECORDED', 'DEPOSITED', 'REVERSED', 'BOUNCED', 'VOIDED'].map((status) => [
      status,
      serviceDocumentOf('payments', row('p', { status })).isReversed,
    ]);
    expect(flags).toEqual([
      ['RECORDED', false],
      ['DEPOSITED', false],
      ['REVERSED', true],
      ['BOUNCED', true],
      ['VOIDED', true],
    ]);
    // Only payments are taken back: an invoice's status never counts it 0.
    expect(serviceDocumentOf('invoices', row('i', { status: 'REVERSED' })).isReversed).toBe(false);
  });

  it('never offers a queued acceptance again: Accept all matched takes only pending rows', () => {
    const documents = [
      serviceDocumentOf('invoices', row('a')),
      serviceDocumentOf(
        'invoices',
        row('b', { answerState: 'queued', answerOutcome: 'ACCEPTED', externalNumber: 'SI-2' }),
      ),
    ];
    const result = reconcile({
      documents,
      register: { lines: [line('SI-1', 'INV-a'), line('SI-2', 'INV-b')], isTaxIncluded: true },
    });
    expect([result.states.matched.groups, result.ackConflicts]).toEqual([2, 0]);
    expect(acceptDraftsOf(result, 'invoices')).toEqual([
      { id: 'a', outcome: 'ACCEPTED', externalNumber: 'SI-1' },
    ]);
  });
});
