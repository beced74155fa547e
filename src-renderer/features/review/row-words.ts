// A review row's note and what changed, said in the clerk's language from the facts the row keeps
// (data/rows.ts `NoteFacts`, src-shared/domain/review.ts `ChangeFact`): the grid's cells and
// tooltips, the detail panel and the exports all say them here, so a file reads like the screen.
import type { ChangeFact } from '../../../src-shared/domain/review';
import type { NoteFacts, ReviewRow } from '../../data/rows';
import { formatters, isolate, say } from '../../messages/intl';
import { assertNever } from '../ui/assert-never';
import { formatAmount, formatDate } from '../ui/format';
import { codeWord } from './code-word';

/** A code or a document number inside a sentence: left to right, set apart. */
function ltr(text: string): string {
  return isolate.ltr(text);
}

/** A whole number (a version, a line count) in the clerk's digits, set apart. */
function digits(value: number): string {
  return isolate.ltr(formatters().digits(value));
}

/** A row's note: its order's lines, its invoice's order, its payment's method, its return's reason. */
export function noteText(row: Pick<ReviewRow, 'noteFacts'>): string {
  return sayNote(row.noteFacts);
}

function sayNote(note: NoteFacts): string {
  switch (note.kind) {
    case 'lines':
      return say('review.note.lines', { count: note.count });
    case 'order':
      return say('review.note.order', { number: ltr(note.number) });
    case 'method':
      return note.cheque
        ? say('review.note.cheque', {
            method: codeWord('paymentMethod', note.method),
            number: ltr(note.cheque.number),
            status: codeWord('chequeStatus', note.cheque.status),
          })
        : codeWord('paymentMethod', note.method);
    case 'reason':
      return say('review.note.return', {
        reason: codeWord('returnReason', note.reason),
        invoice: ltr(note.invoice),
      });
    case 'words':
      return isolate.name(note.text);
    default:
      return assertNever(note);
  }
}

/** What changed in a row since it was answered: one sentence a fact. */
export function changeTexts(row: Pick<ReviewRow, 'changeFacts'>): string[] {
  return row.changeFacts.map(sayChange);
}

/** One fact of a change as a sentence in the clerk's language. */
export function sayChange(fact: ChangeFact): string {
  switch (fact.kind) {
    case 'versions':
      return say('review.change.versions', {
        acked: fact.acked === null ? '?' : digits(fact.acked),
        now: digits(fact.now),
      });
    case 'moved':
      return say('review.change.moved', { acked: digits(fact.acked), now: digits(fact.now) });
    case 'amount':
      return say('review.change.amount', {
        from: ltr(formatAmount(fact.from)),
        to: ltr(formatAmount(fact.to)),
      });
    case 'status':
      return say('review.change.status', {
        from: codeWord('documentStatus', fact.from),
        to: codeWord('documentStatus', fact.to),
      });
    case 'lines':
      return say('review.change.lines', { from: digits(fact.from), to: digits(fact.to) });
    case 'reversed':
      return say('review.change.reversed', {
        date: ltr(formatDate(fact.date)),
        by: isolate.name(fact.by),
        reason: isolate.name(fact.reason),
      });
    case 'cheque-bounced':
      return say('review.change.chequeBounced', {
        number: ltr(fact.number),
        hasReason: fact.reason ? 'yes' : 'no',
        reason: isolate.name(fact.reason ?? ''),
      });
    case 'receipt-voided':
      return say('review.change.receiptVoided', {
        number: ltr(fact.number),
        date: ltr(formatDate(fact.date)),
        hasReason: fact.reason ? 'yes' : 'no',
        reason: isolate.name(fact.reason ?? ''),
      });
    case 'held':
      return say('review.change.held', { reason: isolate.name(fact.reason) });
    case 'approval-decided':
      return say('review.change.approvalDecided', {
        date: ltr(formatDate(fact.date)),
        hasBy: fact.by ? 'yes' : 'no',
        by: isolate.name(fact.by ?? ''),
      });
    case 'words':
      return isolate.name(fact.text);
    default:
      return assertNever(fact);
  }
}
