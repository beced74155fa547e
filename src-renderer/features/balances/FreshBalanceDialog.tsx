import { useState } from 'react';
import { centsToAmount } from '../../../src-shared/domain/feeds';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import type { FreshBalance } from '../../sync/balances';
import { Dialog } from '../ui/Dialog';
import { formatCents } from '../ui/format';
import type { WorksheetRow } from './use-balance-worksheet';

/** Cents of what the clerk typed (`1,249.50`, `-20`), or null when it is not an amount. */
function parseCents(text: string): number | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim().replaceAll(',', ''));
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/**
 * The fresh balances to push, one per chosen customer: the proposal (the pushed balance plus what the
 * ERP booked since) filled in and editable, taken as of now. docs/decisions/094-balance-worksheet.md.
 */
export function FreshBalanceDialog({
  rows,
  onClose,
  onPush,
}: {
  rows: WorksheetRow[];
  onClose: () => void;
  onPush: (balances: FreshBalance[]) => void;
}) {
  const say = useSay();
  const pushable = rows.filter((row) => row.ref !== null && row.sheet !== null);
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      pushable.map((row) => [
        row.id,
        row.sheet?.proposedCents === null || row.sheet?.proposedCents === undefined
          ? ''
          : centsToAmount(row.sheet.proposedCents),
      ]),
    ),
  );
  const parsed = pushable.map((row) => ({ row, cents: parseCents(texts[row.id] ?? '') }));
  const isValid = parsed.length > 0 && parsed.every((entry) => entry.cents !== null);
  const pending = pushable.reduce((sum, row) => sum + (row.sheet?.pendingCount ?? 0), 0);
  const skipped = rows.length - pushable.length;

  return (
    <Dialog title={say('balances.dialog.title', { count: pushable.length })} onClose={onClose} wide>
      <p className="hint">{say('balances.dialog.hint')}</p>
      {pending > 0 && <p className="warn-text">{say('balances.dialog.pending', { count: pending })}</p>}
      {skipped > 0 && <p className="warn-text">{say('balances.dialog.skipped', { count: skipped })}</p>}
      <div className="answer-table-frame">
        <table className="answer-table" aria-label={say('balances.dialog.table')}>
          <thead>
            <tr>
              <th>{say('balances.column.code')}</th>
              <th>{say('balances.column.customer')}</th>
              <th className="num">{say('balances.column.erpBalance')}</th>
              <th className="num">{say('balances.dialog.proposed')}</th>
              <th>{say('balances.column.fresh')}</th>
            </tr>
          </thead>
          <tbody>
            {parsed.map(({ row, cents }) => (
              <tr key={row.id}>
                <td>
                  <bdi dir="ltr">{row.code}</bdi>
                </td>
                <td>
                  <bdi>{row.name}</bdi>
                </td>
                <td className="num">
                  {row.sheet?.erpCents === null || row.sheet?.erpCents === undefined ? (
                    say('balances.neverPushed')
                  ) : (
                    <bdi dir="ltr">{formatCents(row.sheet.erpCents)}</bdi>
                  )}
                </td>
                <td className="num">
                  {row.sheet?.proposedCents === null || row.sheet?.proposedCents === undefined ? (
                    say('balances.dialog.enterErp')
                  ) : (
                    <bdi dir="ltr">{formatCents(row.sheet.proposedCents)}</bdi>
                  )}
                </td>
                <td>
                  <input
                    dir="ltr"
                    aria-label={say('balances.dialog.input', { code: isolate.ltr(row.code) })}
                    inputMode="decimal"
                    value={texts[row.id] ?? ''}
                    aria-invalid={cents === null}
                    onChange={(event) => setTexts((old) => ({ ...old, [row.id]: event.target.value }))}
                  />
                  {cents === null && (
                    <span className="field-problem">{say('balances.dialog.notAnAmount')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="dialog-foot">
        <span />
        <button type="button" onClick={onClose}>
          {say('balances.dialog.cancel')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={!isValid}
          onClick={() =>
            onPush(
              parsed.map(({ row, cents }) => ({
                id: row.id,
                ref: row.ref ?? '',
                balanceCents: cents ?? 0,
                creditLimit: row.creditLimit,
              })),
            )
          }
        >
          {say('balances.dialog.push', { count: pushable.length })}
        </button>
      </div>
    </Dialog>
  );
}
