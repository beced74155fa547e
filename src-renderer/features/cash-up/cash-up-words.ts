// The rep cash-up's words (docs/decisions/111-rep-cash-up.md): money per currency, a difference, a
// receipt set apart, a change after closing, in the clerk's language.
import type { CashUpReceipt, ChangeAfterClosing, Cents } from '../../../src-shared/domain/cash-up';
import { isolate, say } from '../../messages/intl';
import { formatCents, formatCentsByCurrency, formatTime } from '../ui/format';

/** Money per currency, `1,234.50 EGP · 10.00 USD`; a dash when there is none. */
export function centsText(cents: Cents): string {
  const sorted = Object.entries(cents).sort(([a], [b]) => a.localeCompare(b));
  return sorted.length === 0 ? '—' : formatCentsByCurrency(Object.fromEntries(sorted));
}

/** A difference per currency with its sign (`+20.00 EGP`, `−150.00 EGP`), or "balanced". */
export function differenceText(cents: Cents): string {
  const parts = Object.entries(cents)
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => `${amount > 0 ? '+' : '−'}${formatCents(Math.abs(amount))} ${currency}`);
  return parts.length === 0 ? say('cashUp.difference.none') : parts.join(' · ');
}

/** Why a receipt counts for nothing: reversed or voided, with the reason and when. */
export function apartText(receipt: CashUpReceipt): string {
  if (!receipt.apart) return '';
  return say('cashUp.apart.why', {
    kind: receipt.apart.kind,
    reason: receipt.apart.reason || say('cashUp.apart.noReason'),
    at: isolate.ltr(formatTime(receipt.apart.at)),
  });
}

/** A change to a closed day, in a sentence. */
export function changeText(change: ChangeAfterClosing): string {
  switch (change.kind) {
    case 'changed':
      return say('cashUp.change.changed', {
        number: isolate.ltr(change.receipt.number),
        amount: isolate.ltr(`${formatCents(change.receipt.amountCents)} ${change.receipt.currency}`),
        was: change.receipt.part,
        now: change.now.part,
        why: change.now.apart
          ? apartText(change.now)
          : change.now.cheque?.bounceReason
            ? say('cashUp.change.bounced', { reason: change.now.cheque.bounceReason })
            : '',
      });
    case 'added':
      return say('cashUp.change.added', {
        number: isolate.ltr(change.now.number),
        amount: isolate.ltr(`${formatCents(change.now.amountCents)} ${change.now.currency}`),
        now: change.now.part,
      });
    case 'gone':
      return say('cashUp.change.gone', {
        number: isolate.ltr(change.receipt.number),
        amount: isolate.ltr(`${formatCents(change.receipt.amountCents)} ${change.receipt.currency}`),
      });
  }
}
