/**
 * How a payment no longer stands as money collected, said once for every screen that tells it (the
 * balance worksheet, the cheque portfolio): reversed, its cheque bounced, or its receipt voided; when
 * more than one holds, the first of those (docs/decisions/112-cheque-portfolio.md).
 *
 * Spec, Payment (receipt): `reversal` {`reason`*, `reversed_at`*, `reversed_by`*}; `cheque` {`status`*,
 * `bounce_reason`}; `receipt` {`void_reason`, `voided_at`}. Cheque transitions: not shown. A cheque is
 * taken as bounced by its status `BOUNCED` (the sandbox's) or by a `bounce_reason` alone.
 */
import type { Payment } from '../wire';

/** The cheque status of a cheque the bank refused (the sandbox's, with a `bounce_reason`). */
export const bouncedStatus = 'BOUNCED';

/** How a payment fell, the first that holds: reversed, bounced, voided. */
export type PaymentFallKind = 'reversed' | 'bounced' | 'voided';

/** Whether a payment's cheque bounced: its status says so, or the service gives a reason it bounced. */
export function chequeBounced(payment: Pick<Payment, 'cheque'>): boolean {
  const cheque = payment.cheque;
  return !!cheque && (cheque.status === bouncedStatus || !!cheque.bounce_reason);
}

/** How a payment fell (see the module's notes), or null while it stands. */
export function paymentFallOf(
  payment: Pick<Payment, 'reversal' | 'cheque' | 'receipt'>,
): PaymentFallKind | null {
  if (payment.reversal) return 'reversed';
  if (chequeBounced(payment)) return 'bounced';
  if (payment.receipt?.voided_at) return 'voided';
  return null;
}
