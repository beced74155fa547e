import type { ReactNode } from 'react';
import type { BalanceDocumentKind, ExplanationLine } from '../../../src-shared/domain/balance-worksheet';
import { sayRich } from '../../messages/say-rich';
import { isolate, say } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { formatCents, formatTime } from '../ui/format';
import { freshReasonWords, lineWhyWords } from './balance-words';
import type { WorksheetRow } from './use-balance-worksheet';

/** A document's kind, in a word: `Invoice`. */
function kindWord(kind: BalanceDocumentKind): string {
  return say(`balances.kind.${kind}`);
}

/** A signed effect on a balance: `+250.10`, `−100.05`, or a dash when nothing. */
function signed(cents: number): string {
  if (cents === 0) return '—';
  return `${cents > 0 ? '+' : '−'}${formatCents(Math.abs(cents))}`;
}

/** A line of figures, a time or a key: read left to right inside any sentence or cell. */
function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** A document's line, and under it why it counts or not (the reason is the point: shown whole). */
function LineRows({ line }: { line: ExplanationLine }) {
  return (
    <>
      <tr className={`line-${line.effect}`}>
        <td>
          <Ltr>{line.number}</Ltr>
        </td>
        <td>{kindWord(line.kind)}</td>
        <td>
          <Ltr>{formatTime(line.at)}</Ltr>
        </td>
        <td className="num">
          <Ltr>
            {formatCents(line.amountCents)} {line.currency}
          </Ltr>
        </td>
        <td className="num">
          <Ltr>{signed(line.serviceCents)}</Ltr>
        </td>
      </tr>
      <tr className={`why line-${line.effect}`}>
        <td colSpan={5}>{lineWhyWords(line.why)}</td>
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
  const say = useSay();
  const sheet = row.sheet;
  return (
    <aside className="detail balance-detail" aria-label={say('balances.detail.label')}>
      <div className="detail-head">
        <h3>
          <Ltr>{row.code}</Ltr> · <bdi>{row.name}</bdi>
        </h3>
        <button type="button" className="link" onClick={onClose}>
          {say('balances.detail.close')}
        </button>
      </div>
      {!sheet ? (
        <p className="warn-text">{say('balances.detail.unknown')}</p>
      ) : (
        <>
          <div className="facts" role="list" aria-label={say('balances.detail.facts')}>
            <Fact
              label={say('balances.fact.erpKey')}
              value={row.ref === null ? say('balances.fact.noErpKey') : <Ltr>{row.ref}</Ltr>}
            />
            <Fact
              label={say('balances.fact.erpBalance')}
              value={
                sheet.erpCents === null ? (
                  say('balances.neverPushed')
                ) : (
                  <Ltr>{formatCents(sheet.erpCents)}</Ltr>
                )
              }
            />
            <Fact
              label={say('balances.fact.asOf')}
              value={sheet.asOf ? <Ltr>{formatTime(sheet.asOf)}</Ltr> : '—'}
            />
            <Fact label={say('balances.fact.service')} value={<Ltr>{formatCents(sheet.serviceCents)}</Ltr>} />
            <Fact
              label={say('balances.fact.difference')}
              value={<Ltr>{formatCents(sheet.differenceCents)}</Ltr>}
            />
            <Fact
              label={say('balances.fact.explained')}
              value={<Ltr>{formatCents(sheet.explainedCents)}</Ltr>}
            />
            <Fact
              label={say('balances.fact.unexplained')}
              value={<Ltr>{formatCents(sheet.unexplainedCents)}</Ltr>}
            />
            <Fact label={say('balances.fact.readAt')} value={<Ltr>{formatTime(row.readAt)}</Ltr>} />
          </div>
          {sheet.unexplainedCents !== 0 && (
            <p className="warn-text" role="alert">
              {say('balances.detail.unexplained', {
                amount: isolate.ltr(formatCents(sheet.unexplainedCents)),
              })}
            </p>
          )}
          <div className="detail-section">
            <h4>{say('balances.detail.fresh')}</h4>
            {sheet.fresh.length === 0 ? (
              <p className="muted">{say('balances.detail.freshNotNeeded')}</p>
            ) : (
              <ul className="fresh-reasons">
                {sheet.fresh.map((reason) => (
                  <li key={reason.code}>{freshReasonWords(reason)}</li>
                ))}
              </ul>
            )}
            {sheet.proposedCents !== null && sheet.fresh.length > 0 && (
              <p>
                {sayRich('balances.detail.proposed', {
                  amount: formatCents(sheet.proposedCents),
                  strong: (chunks: ReactNode[]) => (
                    <strong className="money">
                      <Ltr>{chunks}</Ltr>
                    </strong>
                  ),
                  muted: (chunks: ReactNode[]) => <span className="muted">{chunks}</span>,
                })}
              </p>
            )}
            <div className="detail-actions">
              <button type="button" className="primary" disabled={!row.ref || isBusy} onClick={onPush}>
                {say('balances.detail.push')}
              </button>
              <button type="button" disabled={isBusy} onClick={onReread}>
                {say('balances.detail.reread')}
              </button>
            </div>
          </div>
          <div className="detail-section">
            <h4>
              {say(sheet.asOf ? 'balances.detail.linesAfter' : 'balances.detail.linesNoBalance', {
                count: sheet.lines.length,
              })}
            </h4>
            {sheet.lines.length === 0 ? (
              <p className="muted">{say('balances.detail.noLines')}</p>
            ) : (
              <div className="lines-frame">
                <table className="lines explanation" aria-label={say('balances.lines.label')}>
                  <thead>
                    <tr>
                      <th>{say('balances.lines.document')}</th>
                      <th>{say('balances.lines.kind')}</th>
                      <th>{say('balances.lines.time')}</th>
                      <th className="num">{say('balances.lines.amount')}</th>
                      <th className="num">{say('balances.lines.inService')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {sheet.lines.map((line) => (
                      <LineRows key={`${line.kind}-${line.id}`} line={line} />
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <td colSpan={4}>{say('balances.lines.explained')}</td>
                      <td className="num">
                        <Ltr>{signed(sheet.explainedCents)}</Ltr>
                      </td>
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

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="fact" role="listitem" aria-label={label}>
      <span className="muted">{label}</span>
      <span className="fact-value">{value}</span>
    </div>
  );
}
