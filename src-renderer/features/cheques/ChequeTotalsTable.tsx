import type { ReactNode } from 'react';
import type { ChequeTotal } from '../../../src-shared/domain/cheques';
import { useSay } from '../../messages/use-say';
import { formatCents, formatCount } from '../ui/format';

/** One group of a totals table (a state, a bank): its name and its cheques' total. */
export interface TotalsGroup {
  key: string;
  name: ReactNode;
  total: ChequeTotal;
}

/**
 * A view's totals by one grouping (its states, its banks): a line per group and currency with the
 * cheques counted and their amount, and the view's own total last. Amounts of different currencies
 * are never added together.
 */
export function ChequeTotalsTable({
  caption,
  groupHeader,
  groups,
  total,
}: {
  caption: string;
  groupHeader: string;
  groups: readonly TotalsGroup[];
  total: ChequeTotal;
}) {
  const say = useSay();
  const lines = (name: ReactNode, key: string, of: ChequeTotal, isTotal: boolean) =>
    of.amounts.map((amount, index) => (
      <tr key={`${key}|${amount.currency}`} className={isTotal ? 'cheque-totals-all' : undefined}>
        {index === 0 && (
          <th scope="rowgroup" rowSpan={of.amounts.length}>
            {name}
          </th>
        )}
        <td>
          <bdi dir="ltr">{amount.currency}</bdi>
        </td>
        <td className="num">{formatCount(amount.count)}</td>
        <td className="num">
          <bdi dir="ltr">{formatCents(amount.cents)}</bdi>
        </td>
      </tr>
    ));
  return (
    <table className="cheque-totals">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{groupHeader}</th>
          <th scope="col">{say('cheques.totals.currency')}</th>
          <th scope="col" className="num">
            {say('cheques.totals.count')}
          </th>
          <th scope="col" className="num">
            {say('cheques.totals.amount')}
          </th>
        </tr>
      </thead>
      {groups.map((group) => (
        <tbody key={group.key}>{lines(group.name, group.key, group.total, false)}</tbody>
      ))}
      <tfoot>{lines(say('cheques.totals.all'), 'all', total, true)}</tfoot>
    </table>
  );
}
