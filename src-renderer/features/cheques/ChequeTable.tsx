import { daysOverdue, isInHand } from '../../../src-shared/domain/cheques';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { CodeAndName } from '../ui/CodeAndName';
import { formatCents, formatDate } from '../ui/format';
import { ackText, bankText, customerNameOf, reasonOf, stateText } from './cheque-words';
import type { PortfolioCheque } from './use-cheques';

/** A row's class: the state it is in, and overdue when a held cheque is past its due date. */
function rowClassOf(cheque: PortfolioCheque, today: string): string {
  const state = cheque.state.kind === 'status' ? cheque.state.status.toLowerCase() : cheque.state.kind;
  return `cheque-${state}${daysOverdue(cheque, today) > 0 ? ' cheque-overdue' : ''}`;
}

/**
 * The cheques of a view, one row each: state, due date, bank, number, amount, customer, rep, receipt,
 * collection date, the reason behind its state, its payment's ack, and the way to that payment.
 */
export function ChequeTable({
  cheques,
  today,
  caption,
  onOpen,
}: {
  cheques: readonly PortfolioCheque[];
  today: string;
  caption: string;
  onOpen: (cheque: PortfolioCheque) => void;
}) {
  const say = useSay();
  return (
    <div className="cheques-frame">
      <table className="cheques-table" aria-label={say('cheques.table')}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{say('cheques.column.state')}</th>
            <th scope="col">{say('cheques.column.due')}</th>
            <th scope="col">{say('cheques.column.bank')}</th>
            <th scope="col">{say('cheques.column.number')}</th>
            <th scope="col" className="num">
              {say('cheques.column.amount')}
            </th>
            <th scope="col">{say('cheques.column.customer')}</th>
            <th scope="col">{say('cheques.column.rep')}</th>
            <th scope="col">{say('cheques.column.receipt')}</th>
            <th scope="col">{say('cheques.column.collected')}</th>
            <th scope="col">{say('cheques.column.reason')}</th>
            <th scope="col">{say('cheques.column.ack')}</th>
            <th scope="col" className="cheque-action">
              <span className="visually-hidden">{say('cheques.column.payment')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {cheques.map((cheque) => {
            const overdue = daysOverdue(cheque, today);
            const name = customerNameOf(cheque);
            const reason = reasonOf(cheque);
            return (
              <tr
                key={cheque.paymentId}
                data-payment-id={cheque.paymentId}
                className={rowClassOf(cheque, today)}
              >
                <td className="cheque-state">{stateText(cheque.state)}</td>
                <td className="cheque-due">
                  {cheque.dueOn === null ? (
                    <span className="muted">{say('cheques.due.none')}</span>
                  ) : (
                    <bdi dir="ltr">{formatDate(cheque.dueOn)}</bdi>
                  )}
                  {overdue > 0 ? (
                    <span className="cheque-note">{say('cheques.due.overdue', { days: overdue })}</span>
                  ) : isInHand(cheque) && cheque.dueOn === today ? (
                    <span className="cheque-note">{say('cheques.due.today')}</span>
                  ) : null}
                </td>
                <td className="cheque-bank">
                  {cheque.bank === '' ? (
                    <span className="muted">{bankText('')}</span>
                  ) : (
                    <bdi>{cheque.bank}</bdi>
                  )}
                </td>
                <td className="cheque-number">
                  <bdi dir="ltr">{cheque.number}</bdi>
                </td>
                <td className="num cheque-amount">
                  <bdi dir="ltr">
                    {formatCents(cheque.amountCents)} {cheque.currency}
                  </bdi>
                </td>
                <td className="cheque-customer">
                  <bdi dir="ltr">{cheque.customerCode}</bdi>
                  {name !== '' && (
                    <>
                      <br />
                      <bdi className="muted">{name}</bdi>
                    </>
                  )}
                </td>
                <td className="cheque-rep">
                  {cheque.repCode !== '' && <CodeAndName kind="sales_rep" code={cheque.repCode} />}
                </td>
                <td className="cheque-receipt">
                  <bdi dir="ltr">{cheque.receiptNumber}</bdi>
                </td>
                <td className="cheque-collected">
                  <bdi dir="ltr">{formatDate(cheque.collectionDate)}</bdi>
                </td>
                <td className="cheque-reason">{reason !== '' && <bdi>{reason}</bdi>}</td>
                <td className="cheque-ack">{ackText(cheque.ack)}</td>
                <td className="cheque-action">
                  <button
                    type="button"
                    className="link"
                    aria-label={say('cheques.open.label', { number: isolate.ltr(cheque.number) })}
                    onClick={() => onOpen(cheque)}
                  >
                    {say('cheques.open')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
