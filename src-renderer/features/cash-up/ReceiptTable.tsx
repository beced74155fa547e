import type { CashUpReceipt } from '../../../src-shared/domain/cash-up';
import type { MessageId } from '../../messages/catalogue';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { CodeAndName } from '../ui/CodeAndName';
import { formatCents, formatDate, formatTime } from '../ui/format';
import { apartText } from './cash-up-words';

/** A column of a rep's receipts table. */
export type ReceiptColumn =
  | 'handedIn'
  | 'cheque'
  | 'bank'
  | 'dueOn'
  | 'chequeStatus'
  | 'receipt'
  | 'method'
  | 'customer'
  | 'collectedAt'
  | 'amount'
  | 'why';

const headers: Record<ReceiptColumn, MessageId> = {
  handedIn: 'cashUp.column.handedIn',
  cheque: 'cashUp.column.cheque',
  bank: 'cashUp.column.bank',
  dueOn: 'cashUp.column.dueOn',
  chequeStatus: 'cashUp.column.chequeStatus',
  receipt: 'cashUp.column.receipt',
  method: 'cashUp.column.method',
  customer: 'cashUp.column.customer',
  collectedAt: 'cashUp.column.collectedAt',
  amount: 'cashUp.column.amount',
  why: 'cashUp.column.why',
};

/** Which cheques were handed in, and the cashier's tick of one (absent: the table has no such column). */
export interface HandedIn {
  has(id: string): boolean;
  set(id: string, isIn: boolean): void;
  isLocked: boolean;
}

/** One receipt's cell of a column. */
function ReceiptCell({
  receipt,
  column,
  handedIn,
}: {
  receipt: CashUpReceipt;
  column: ReceiptColumn;
  handedIn: HandedIn | undefined;
}) {
  const say = useSay();
  switch (column) {
    case 'handedIn':
      return (
        <td>
          <input
            type="checkbox"
            aria-label={say('cashUp.handedInFor', {
              cheque: isolate.ltr(receipt.cheque?.number ?? receipt.number),
            })}
            checked={handedIn?.has(receipt.id) ?? false}
            disabled={!handedIn || handedIn.isLocked}
            onChange={(event) => handedIn?.set(receipt.id, event.target.checked)}
          />
        </td>
      );
    case 'cheque':
      return (
        <td>
          <bdi dir="ltr">{receipt.cheque?.number ?? ''}</bdi>
        </td>
      );
    case 'bank':
      return <td>{receipt.cheque?.bank ?? ''}</td>;
    case 'dueOn':
      return (
        <td>
          <bdi dir="ltr">{formatDate(receipt.cheque?.dueOn ?? '')}</bdi>
        </td>
      );
    case 'chequeStatus':
      return (
        <td>
          <CodeAndName kind="cheque-statuses" code={receipt.cheque?.status ?? ''} />
        </td>
      );
    case 'receipt':
      return (
        <td>
          <bdi dir="ltr">{receipt.number}</bdi>
        </td>
      );
    case 'method':
      return (
        <td>
          <CodeAndName kind="payment-methods" code={receipt.method} />
        </td>
      );
    case 'customer':
      return (
        <td>
          <CodeAndName kind="customer" value={{ id: receipt.customerId, code: receipt.customer }} />
        </td>
      );
    case 'collectedAt':
      return (
        <td>
          <bdi dir="ltr">{formatTime(receipt.collectedAt)}</bdi>
        </td>
      );
    case 'amount':
      return (
        <td className="num">
          <bdi dir="ltr">
            {formatCents(receipt.amountCents)} {receipt.currency}
          </bdi>
        </td>
      );
    case 'why':
      return <td>{apartText(receipt)}</td>;
  }
}

/** A rep's receipts of one kind (cash, cheques, paid to the bank, set apart), in the columns given. */
export function ReceiptTable({
  receipts,
  columns,
  handedIn,
}: {
  receipts: readonly CashUpReceipt[];
  columns: readonly ReceiptColumn[];
  handedIn?: HandedIn;
}) {
  const say = useSay();
  return (
    <table className="issues cash-up-table">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} className={column === 'amount' ? 'num' : undefined}>
              {say(headers[column])}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {receipts.map((receipt) => (
          <tr key={receipt.id}>
            {columns.map((column) => (
              <ReceiptCell key={column} receipt={receipt} column={column} handedIn={handedIn} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
