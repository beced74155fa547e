// The English sentences earlier builds of the desk stored on review rows, before rows kept facts: a
// change (src-shared/domain/review.ts `changeInEnglish`) and the ack sender's words for an ack not sent
// (sync/send-acks.ts, with `ackLabel` of src-shared/domain/acks.ts). Tests read them to build rows as
// clerks' disks hold them, and to check English is said as before.
import type { ChangeFact } from '../../../src-shared/domain/review';
import type { Ack } from '../../../src-shared/wire';

/** A change fact as the one English sentence an earlier build stored. */
export function changeInEnglish(fact: ChangeFact): string {
  switch (fact.kind) {
    case 'versions':
      return `Changed after it was answered (answered version ${fact.acked ?? '?'}, now version ${fact.now}).`;
    case 'moved':
      return `It changed after you answered it (you answered version ${fact.acked}; it is now version ${fact.now}).`;
    case 'amount':
      return `Amount changed from ${fact.from} to ${fact.to}.`;
    case 'status':
      return `Status changed from ${fact.from} to ${fact.to}.`;
    case 'lines':
      return `Lines changed from ${fact.from} to ${fact.to}.`;
    case 'reversed':
      return `Reversed ${fact.date} by ${fact.by}: ${fact.reason}.`;
    case 'cheque-bounced':
      return `Cheque ${fact.number} bounced${fact.reason ? `: ${fact.reason}` : ''}.`;
    case 'receipt-voided':
      return `Receipt ${fact.number} voided ${fact.date}${fact.reason ? `: ${fact.reason}` : ''}.`;
    case 'held':
      return `Held: ${fact.reason}.`;
    case 'approval-decided':
      return `Approval decided ${fact.date}${fact.by ? ` by ${fact.by}` : ''}.`;
    case 'words':
      return fact.text;
  }
}

/** An ack the service holds, as an earlier build worded it: `ACCEPTED as ERP-123`, `REJECTED (DUP)`. */
function ackLabel(ack: Pick<Ack, 'outcome' | 'external_number' | 'reason_code'>): string {
  if (ack.outcome === 'ACCEPTED')
    return ack.external_number ? `ACCEPTED as ${ack.external_number}` : 'ACCEPTED';
  return ack.reason_code ? `REJECTED (${ack.reason_code})` : 'REJECTED';
}

/** The words an earlier build kept on a row whose ack was already answered elsewhere. */
export function elsewhereInEnglish(ack: Pick<Ack, 'outcome' | 'external_number' | 'reason_code'>): string {
  return `Already answered elsewhere: ${ackLabel(ack)}. Your answer was not sent and is not retried.`;
}

/** The words an earlier build kept on a row held because its document moved since the clerk answered. */
export function movedInEnglish(changes: readonly ChangeFact[]): string {
  return `Changed since you answered: ${changes.map(changeInEnglish).join(' ')} Your answer was not sent; answer it again or drop your answer.`;
}
