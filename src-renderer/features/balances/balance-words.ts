// Why a balance line counts or not, and why a customer needs a fresh balance, in the clerk's language: the domain gives a code
// (src-shared/domain/balance-worksheet.ts `LineWhy`), the catalogue (messages/*/balances.json) the words.
import type { FreshReason, LineWhy, PaymentFall } from '../../../src-shared/domain/balance-worksheet';
import { isolate, say } from '../../messages/intl';

/** A fallen payment's values for the `how` select of `balances.why.*`: the cheque's or receipt's number set apart. */
function fallValues(fall: PaymentFall): { how: string; number: string } {
  switch (fall.how) {
    case 'reversed':
      return { how: 'reversed', number: '' };
    case 'bounced':
      return { how: 'bounced', number: isolate.ltr(fall.cheque) };
    case 'voided':
      return fall.receipt === null
        ? { how: 'voidedUnnumbered', number: '' }
        : { how: 'voided', number: isolate.ltr(fall.receipt) };
  }
}

/** Why a line counts in the service's balance or not, in plain words. */
export function lineWhyWords(why: LineWhy): string {
  switch (why.code) {
    case 'accepted':
      return say('balances.why.accepted');
    case 'invoice-pending':
      return say('balances.why.invoicePending');
    case 'payment-pending':
      return say('balances.why.paymentPending');
    case 'accepted-then-fell':
      return say('balances.why.acceptedThenFell', fallValues(why.fall));
    case 'accepted-as-fallen':
      return say('balances.why.acceptedAsFallen', fallValues(why.fall));
    case 'fallen':
      return say('balances.why.fallen', fallValues(why.fall));
    case 'return-accepted':
      return say('balances.why.returnAccepted');
    case 'return-pending':
      return say('balances.why.returnPending');
  }
}

/** Why a customer needs a fresh balance, in plain words. */
export function freshReasonWords(reason: FreshReason): string {
  switch (reason.code) {
    case 'never-pushed':
      return say('balances.fresh.neverPushed');
    case 'booked-since':
      return say('balances.fresh.bookedSince', { count: reason.documents });
    case 'old':
      return say('balances.fresh.old', { days: reason.days });
  }
}
