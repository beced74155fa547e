// The cheque portfolio's words, in the clerk's language: a cheque's state, its payment's ack, the reason
// beside it, and the cells of the CSV export (docs/decisions/112-cheque-portfolio.md). Plain functions
// (`say`), so the screen and the export word a cheque the same way.
import {
  bouncedStatus,
  inHandStatus,
  type ChequeState,
  type ChequeView,
} from '../../../src-shared/domain/cheques';
import { centsToAmount } from '../../../src-shared/domain/feeds';
import { nameIn } from '../../../src-shared/domain/names';
import { deskLocale, isolate, say } from '../../messages/intl';
import { labelOfCode, namesOf } from '../../state/names';
import type { ChequeAck, PortfolioCheque } from './use-cheques';

/** A view's name (its button, the table's caption, the printed page). */
export function viewText(view: ChequeView): string {
  switch (view) {
    case 'in-hand':
      return say('cheques.view.inHand');
    case 'due-soon':
      return say('cheques.view.dueSoon');
    case 'overdue':
      return say('cheques.view.overdue');
    case 'bounced':
      return say('cheques.view.bounced');
    case 'reversed':
      return say('cheques.view.reversed');
    case 'voided':
      return say('cheques.view.voided');
    case 'all':
      return say('cheques.view.all');
  }
}

/**
 * A cheque's state: in hand, bounced, reversed, voided; a status the desk has no word for as the
 * service's list of cheque statuses names it (`DEPOSITED · Deposited`), else its code. `isolated`: set
 * apart for a right-to-left screen (false for a file).
 */
export function stateText(state: ChequeState, isolated = true): string {
  switch (state.kind) {
    case 'reversed':
      return say('cheques.state.reversed');
    case 'voided':
      return say('cheques.state.voided');
    case 'status':
      if (state.status === inHandStatus) return say('cheques.state.inHand');
      if (state.status === bouncedStatus) return say('cheques.state.bounced');
      if (state.status === '') return say('cheques.state.unknown');
      return labelOfCode('cheque-statuses', state.status, {
        language: deskLocale().language,
        isolate: isolated && deskLocale().direction === 'rtl',
      });
  }
}

/** Why a cheque is in its state, as the service wrote it: why it bounced, or was reversed or voided. */
export function reasonOf(cheque: PortfolioCheque): string {
  switch (cheque.state.kind) {
    case 'reversed':
      return cheque.reversalReason ?? '';
    case 'voided':
      return cheque.voidReason ?? '';
    case 'status':
      return cheque.bounceReason ?? '';
  }
}

/** A bank as named, or words saying the cheque names none. */
export function bankText(bank: string): string {
  return bank === '' ? say('cheques.bank.none') : bank;
}

/** The customer's name in the clerk's language once the names are read, else as the payment's row keeps it. */
export function customerNameOf(cheque: Pick<PortfolioCheque, 'customerId' | 'customerName'>): string {
  const named = namesOf('customer').byId.get(cheque.customerId);
  return nameIn(named?.name, deskLocale().language) ?? cheque.customerName;
}

/**
 * Where the ERP stands on the cheque's payment: the clerk's answer while it is queued or went wrong,
 * else accepted (as its ERP number), rejected, pending, or pending again since it changed (a bounce, a
 * reversal or a void changes a payment: spec, Ack), with the number it was accepted as before.
 * `isolated`: the number set apart for a right-to-left screen (false for a file).
 */
export function ackText(ack: ChequeAck, isolated = true): string {
  const number = isolated ? isolate.ltr(ack.externalNumber) : ack.externalNumber;
  const hasNumber = ack.externalNumber === '' ? 'no' : 'yes';
  switch (ack.answerState) {
    case 'queued':
      return say(ack.answerOutcome === 'REJECTED' ? 'cheques.ack.rejectQueued' : 'cheques.ack.acceptQueued');
    case 'failed':
      return say('cheques.ack.failed');
    case 'changed':
      return say('cheques.ack.changed');
    case 'elsewhere':
      return say('cheques.ack.elsewhere');
    case '':
      break;
  }
  switch (ack.review) {
    case 'accepted':
      return say('cheques.ack.accepted', { hasNumber, number });
    case 'rejected':
      return say('cheques.ack.rejected');
    case 'pending':
    case 'not-awaiting':
      return ack.pendingAgain
        ? say('cheques.ack.pendingAgain', { hasNumber, number })
        : say('cheques.ack.pending');
  }
}

/** The CSV export's header row, in the columns' order. */
export function csvHeaders(): string[] {
  return [
    say('cheques.column.state'),
    say('cheques.column.due'),
    say('cheques.column.bank'),
    say('cheques.column.number'),
    say('cheques.column.amount'),
    say('cheques.column.currency'),
    say('cheques.column.customer'),
    say('cheques.column.customerName'),
    say('cheques.column.rep'),
    say('cheques.column.receipt'),
    say('cheques.column.collected'),
    say('cheques.column.reason'),
    say('cheques.column.ack'),
    say('cheques.column.erpNumber'),
    say('cheques.column.payment'),
  ];
}

/**
 * A cheque as a CSV line: words in the clerk's language without the marks that set text apart on
 * screen, dates as `YYYY-MM-DD` and amounts as decimals with a point, so a spreadsheet reads them as
 * dates and numbers whatever its own locale (writeCsv guards the cells against formulas).
 */
export function csvCellsOf(cheque: PortfolioCheque): string[] {
  return [
    stateText(cheque.state, false),
    cheque.dueOn ?? '',
    cheque.bank,
    cheque.number,
    centsToAmount(cheque.amountCents),
    cheque.currency,
    cheque.customerCode,
    customerNameOf(cheque),
    cheque.repCode,
    cheque.receiptNumber,
    cheque.collectionDate,
    reasonOf(cheque),
    ackText(cheque.ack, false),
    cheque.ack.externalNumber,
    cheque.paymentId,
  ];
}
