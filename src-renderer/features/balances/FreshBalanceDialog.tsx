import { useState } from 'react';
import { centsToAmount } from '../../../src-shared/domain/feeds';
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
    <Dialog
      title={`Push a fresh balance for ${pushable.length} customer${pushable.length === 1 ? '' : 's'}`}
      onClose={onClose}
      wide
    >
      <p className="hint">
        Each balance is taken as of now. Check it against the customer&apos;s account in the ERP before
        pushing: the proposal is the balance pushed last plus the invoices, payments and returns accepted
        since.
      </p>
      {pending > 0 && (
        <p className="warn-text">
          {pending} document{pending === 1 ? ' is' : 's are'} not accepted yet. The service counts{' '}
          {pending === 1 ? 'it' : 'them'} now; a balance taken now will not, so answer{' '}
          {pending === 1 ? 'it' : 'them'} first or include {pending === 1 ? 'it' : 'them'} in the balance.
        </p>
      )}
      {skipped > 0 && (
        <p className="warn-text">
          {skipped} chosen customer{skipped === 1 ? ' has' : 's have'} no ERP key and{' '}
          {skipped === 1 ? 'is' : 'are'} left out: link {skipped === 1 ? 'it' : 'them'} in Master data first.
        </p>
      )}
      <div className="answer-table-frame">
        <table className="answer-table" aria-label="Fresh balances">
          <thead>
            <tr>
              <th>Code</th>
              <th>Customer</th>
              <th className="num">ERP balance (pushed)</th>
              <th className="num">Proposed</th>
              <th>Fresh balance</th>
            </tr>
          </thead>
          <tbody>
            {parsed.map(({ row, cents }) => (
              <tr key={row.id}>
                <td>{row.code}</td>
                <td>{row.name}</td>
                <td className="num">
                  {row.sheet?.erpCents === null || row.sheet?.erpCents === undefined
                    ? 'never pushed'
                    : formatCents(row.sheet.erpCents)}
                </td>
                <td className="num">
                  {row.sheet?.proposedCents === null || row.sheet?.proposedCents === undefined
                    ? 'enter the ERP’s'
                    : formatCents(row.sheet.proposedCents)}
                </td>
                <td>
                  <input
                    aria-label={`Fresh balance of ${row.code}`}
                    inputMode="decimal"
                    value={texts[row.id] ?? ''}
                    aria-invalid={cents === null}
                    onChange={(event) => setTexts((old) => ({ ...old, [row.id]: event.target.value }))}
                  />
                  {cents === null && (
                    <span className="field-problem">Enter the balance the ERP shows, e.g. 1250.50.</span>
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
          Cancel
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
          Push {pushable.length} fresh balance{pushable.length === 1 ? '' : 's'}
        </button>
      </div>
    </Dialog>
  );
}
