import type { BalanceDocumentKind, ExplanationLine } from '../../../src-shared/domain/balance-worksheet';
import { freshReasonWords } from '../../../src-shared/domain/balance-worksheet';
import { formatCents, formatTime } from '../ui/format';
import type { WorksheetRow } from './use-balance-worksheet';

const kindWords: Record<BalanceDocumentKind, string> = {
  invoices: 'Invoice',
  payments: 'Payment',
  returns: 'Return',
};

/** A signed effect on a balance: `+250.10`, `−100.05`, or a dash when nothing. */
function signed(cents: number): string {
  if (cents === 0) return '—';
  return `${cents > 0 ? '+' : '−'}${formatCents(Math.abs(cents))}`;
}

/** A document's line, and under it why it counts or not (the reason is the point: shown whole). */
function LineRows({ line }: { line: ExplanationLine }) {
  return (
    <>
      <tr className={`line-${line.effect}`}>
        <td>{line.number}</td>
        <td>{kindWords[line.kind]}</td>
        <td>{formatTime(line.at)}</td>
        <td className="num">
          {formatCents(line.amountCents)} {line.currency}
        </td>
        <td className="num">{signed(line.serviceCents)}</td>
      </tr>
      <tr className={`why line-${line.effect}`}>
        <td colSpan={5}>{line.why}</td>
      </tr>
    </>
  );
}

/**
 * One customer's worksheet: the two balances, each document after the ERP balance with what it does to
 * the service's balance and why, what is left unexplained, and whether a fresh balance is needed.
 */
export function BalanceDetail({
  row,
  onClose,
  onPush,
  onReread,
  isBusy,
}: {
  row: WorksheetRow;
  onClose: () => void;
  onPush: () => void;
  onReread: () => void;
  isBusy: boolean;
}) {
  const sheet = row.sheet;
  return (
    <aside className="detail balance-detail" aria-label="Customer balance">
      <div className="detail-head">
        <h3>
          {row.code} · {row.name}
        </h3>
        <button type="button" className="link" onClick={onClose}>
          Close
        </button>
      </div>
      {!sheet ? (
        <p className="warn-text">
          The service does not know this customer any more, so there is no balance to compare.
        </p>
      ) : (
        <>
          <div className="facts" role="list" aria-label="Balances">
            <Fact label="ERP key" value={row.ref ?? 'none: link the customer in Master data first'} />
            <Fact
              label="ERP balance (pushed)"
              value={sheet.erpCents === null ? 'never pushed' : formatCents(sheet.erpCents)}
            />
            <Fact label="As of" value={sheet.asOf ? formatTime(sheet.asOf) : '—'} />
            <Fact label="Service balance" value={formatCents(sheet.serviceCents)} />
            <Fact label="Difference" value={formatCents(sheet.differenceCents)} />
            <Fact label="Explained below" value={formatCents(sheet.explainedCents)} />
            <Fact label="Unexplained" value={formatCents(sheet.unexplainedCents)} />
            <Fact label="Read from the service" value={formatTime(row.readAt)} />
          </div>
          {sheet.unexplainedCents !== 0 && (
            <p className="warn-text" role="alert">
              {formatCents(sheet.unexplainedCents)} is not explained by the documents staged here. Sync, then
              read this customer again; if it stays, the service counts a document this desk has not staged (a
              connection that started from a date or from now does not have older ones).
            </p>
          )}
          <div className="detail-section">
            <h4>Fresh balance</h4>
            {sheet.fresh.length === 0 ? (
              <p className="muted">Not needed: the pushed balance and the documents since explain it.</p>
            ) : (
              <ul className="fresh-reasons">
                {sheet.fresh.map((reason) => (
                  <li key={reason.code}>{freshReasonWords(reason)}</li>
                ))}
              </ul>
            )}
            {sheet.proposedCents !== null && sheet.fresh.length > 0 && (
              <p>
                Proposed: <strong className="money">{formatCents(sheet.proposedCents)}</strong>{' '}
                <span className="muted">
                  (the pushed balance plus what was accepted since; check it against the ERP)
                </span>
              </p>
            )}
            <div className="detail-actions">
              <button type="button" className="primary" disabled={!row.ref || isBusy} onClick={onPush}>
                Push a fresh balance…
              </button>
              <button type="button" disabled={isBusy} onClick={onReread}>
                Read again
              </button>
            </div>
          </div>
          <div className="detail-section">
            <h4>
              {sheet.asOf ? 'Documents after the ERP balance' : 'Documents (no ERP balance pushed)'} (
              {sheet.lines.length})
            </h4>
            {sheet.lines.length === 0 ? (
              <p className="muted">None staged.</p>
            ) : (
              <div className="lines-frame">
                <table className="lines explanation" aria-label="Explanation">
                  <thead>
                    <tr>
                      <th>Document</th>
                      <th>Kind</th>
                      <th>Time</th>
                      <th className="num">Amount</th>
                      <th className="num">In the service’s balance</th>
                    </tr>
                  </thead>
                  <tbody>
                    {sheet.lines.map((line) => (
                      <LineRows key={`${line.kind}-${line.id}`} line={line} />
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <td colSpan={4}>Explained</td>
                      <td className="num">{signed(sheet.explainedCents)}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            )}
          </div>
        </>
      )}
    </aside>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="fact" role="listitem" aria-label={label}>
      <span className="muted">{label}</span>
      <span className="fact-value">{value}</span>
    </div>
  );
}
