import { describe, expect, it } from 'vitest';
import { paymentStands } from '../../src-shared/domain/balance-worksheet';
import { chequeStateOf } from '../../src-shared/domain/cheques';
import { paymentFallOf } from '../../src-shared/domain/payment-fall';
import type { Payment } from '../../src-shared/wire';
import { payment } from '../support/wire-documents';

// How a payment fell is said once (payment-fall.ts): the balance worksheet and the cheque portfolio
// agree on it for every mix of reversal, bounce (by status or by a reason alone) and void.

function cheque(patch: {
  reversed: boolean;
  status: string;
  reason: string | null;
  voided: boolean;
}): Payment {
  const base = payment('p-1', 3, { reversed: patch.reversed });
  return {
    ...base,
    method: 'CHEQUE',
    cheque: {
      number: '123',
      status: patch.status,
      bank: 'CIB',
      bounce_reason: patch.reason,
      due_on: '2025-03-10',
    },
    receipt: {
      id: 'r-1',
      number: 'RCT-1',
      issued_at: '2025-03-02T10:00:00Z',
      balance_after: '0.00',
      ...(patch.voided ? { voided_at: '2025-03-04T10:00:00Z', void_reason: 'Typed twice' } : {}),
    },
  };
}

describe('how a payment fell', () => {
  it('is one order for the balance worksheet and the cheque portfolio: reversed, bounced, voided', () => {
    const seen: string[] = [];
    for (const reversed of [false, true])
      for (const [status, reason] of [
        ['IN_HAND', null],
        ['BOUNCED', 'Insufficient funds'],
        ['IN_HAND', 'Signature differs'],
      ] as const)
        for (const voided of [false, true]) {
          const doc = cheque({ reversed, status, reason, voided });
          const fall = paymentFallOf(doc);
          const expected = reversed ? 'reversed' : reason ? 'bounced' : voided ? 'voided' : null;
          expect(fall, JSON.stringify({ reversed, status, reason, voided })).toBe(expected);
          expect(paymentStands(doc)).toBe(fall === null);
          const state = chequeStateOf(doc);
          expect(state).toEqual(
            fall === 'bounced'
              ? { kind: 'status', status: 'BOUNCED' }
              : fall === null
                ? { kind: 'status', status: 'IN_HAND' }
                : { kind: fall },
          );
          seen.push(String(fall));
        }
    expect(new Set(seen)).toEqual(new Set(['null', 'reversed', 'bounced', 'voided']));
  });
});
