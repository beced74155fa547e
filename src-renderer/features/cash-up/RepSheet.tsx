import { useState } from 'react';
import {
  cashDifference,
  changesAfterClosing,
  differenceOf,
  emptyRepDay,
  type CashCount,
  type CashUpReceipt,
  type RepDay,
} from '../../../src-shared/domain/cash-up';
import { parseAmountCents } from '../../../src-shared/domain/reconcile';
import { closeDay, DayClosedError, reopenDay, saveCount } from '../../data/cash-ups';
import type { CashUpRow } from '../../data/rows';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { CodeAndName } from '../ui/CodeAndName';
import { formatDate, formatTime } from '../ui/format';
import { storageRefusalWords } from '../ui/storage-refusal';
import { centsText, changeText, differenceText } from './cash-up-words';
import { ReceiptTable } from './ReceiptTable';

/** The currencies a count is typed in: those the rep's cash came in, else the day's first receipt's. */
function countCurrencies(repDay: RepDay): string[] {
  const cash = Object.keys(repDay.expected.cashCents);
  if (cash.length > 0) return cash.sort();
  return [repDay.receipts[0]?.currency ?? 'EGP'];
}

/** Cents as the count's input shows them (`1234.50`), '' for none. */
function typedOf(cents: number | undefined): string {
  return cents === undefined ? '' : (cents / 100).toFixed(2);
}

/** The count as typed: cents per currency, or the currencies whose amount is no amount. */
function countOf(typed: Record<string, string>): { cents: Record<string, number>; unreadable: string[] } {
  const cents: Record<string, number> = {};
  const unreadable: string[] = [];
  for (const [currency, text] of Object.entries(typed)) {
    if (text.trim() === '') continue;
    const read = parseAmountCents(text);
    if (read.ok) cents[currency] = read.value;
    else unreadable.push(currency);
  }
  return { cents, unreadable };
}

/**
 * One rep's day (docs/decisions/111-rep-cash-up.md): the receipts by how they count, the cashier's
 * count and note, the difference, closing and reopening the day, and the sheet printed for the rep's
 * and the cashier's signatures.
 */
export function RepSheet({
  connectionId,
  day,
  repDay,
  stored,
  onSaved,
}: {
  connectionId: string;
  /** The collection date, `YYYY-MM-DD`. */
  day: string;
  repDay: RepDay | undefined;
  stored: CashUpRow | undefined;
  onSaved: () => void;
}) {
  const say = useSay();
  const rep = repDay ?? emptyRepDay(stored?.repKey ?? '', stored?.repCode ?? '');
  const currencies = countCurrencies(rep);
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(currencies.map((currency) => [currency, typedOf(stored?.countedCents[currency])])),
  );
  const [chequesIn, setChequesIn] = useState<Set<string>>(() => new Set(stored?.chequesIn ?? []));
  const [note, setNote] = useState(stored?.note ?? '');
  const [reason, setReason] = useState('');
  const [isReopening, setReopening] = useState(false);
  const [message, setMessage] = useState<{ text: string; isProblem: boolean } | null>(null);
  const isClosed = stored?.closedAt != null;
  const { cents, unreadable } = countOf(typed);
  const count: CashCount = { countedCents: cents, chequesIn: [...chequesIn] };
  const difference = differenceOf(rep, count);
  const changes = isClosed ? changesAfterClosing(stored.closedWith ?? [], repDay) : [];
  const byPart = (part: CashUpReceipt['part']) => rep.receipts.filter((receipt) => receipt.part === part);

  /** Runs a write of the count, saying what it came to; a refusal of the store says what to do. */
  const write = async (work: () => Promise<unknown>, done: string): Promise<void> => {
    try {
      await work();
      setMessage({ text: done, isProblem: false });
      onSaved();
    } catch (thrown) {
      if (thrown instanceof DayClosedError) {
        setMessage({ text: say('cashUp.closedAlready'), isProblem: true });
        onSaved();
        return;
      }
      setMessage({ text: await storageRefusalWords(thrown, say('cashUp.again')), isProblem: true });
    }
  };
  const repOf = { repKey: rep.repKey, repCode: rep.repCode };
  const at = (): string => new Date().toISOString();
  const keep = (): Promise<void> =>
    write(() => saveCount(connectionId, day, repOf, { ...count, note }, at()), say('cashUp.saved'));
  const close = (): Promise<void> => {
    if (unreadable.length > 0) {
      setMessage({ text: say('cashUp.unreadable', { currencies: unreadable.join(', ') }), isProblem: true });
      return Promise.resolve();
    }
    if (!difference.isBalanced && note.trim() === '') {
      setMessage({ text: say('cashUp.noteNeeded'), isProblem: true });
      return Promise.resolve();
    }
    return write(() => closeDay(connectionId, day, rep, { ...count, note }, at()), say('cashUp.closed'));
  };
  const reopen = (): Promise<void> => {
    if (reason.trim() === '') {
      setMessage({ text: say('cashUp.reopen.needReason'), isProblem: true });
      return Promise.resolve();
    }
    return write(async () => {
      await reopenDay(connectionId, day, repOf, reason, at());
      setReopening(false);
      setReason('');
    }, say('cashUp.reopened'));
  };
  const print = (): void => {
    document.body.classList.add('printing-cash-up');
    window.print();
    document.body.classList.remove('printing-cash-up');
  };

  return (
    <section className="cash-up-sheet" aria-labelledby="cash-up-sheet-title">
      <h3 id="cash-up-sheet-title">
        {say('cashUp.sheet.title', { day: isolate.ltr(formatDate(day)) })}{' '}
        <CodeAndName kind="sales_rep" value={{ id: rep.repKey, code: rep.repCode }} />
      </h3>
      {isClosed && (
        <p className="cash-up-closed" role="status">
          {say('cashUp.closedOn', { at: isolate.ltr(formatTime(stored.closedAt)) })}
          {stored.expectedAtClose && (
            <>
              {' '}
              {say('cashUp.atClose', {
                due: isolate.ltr(centsText(stored.expectedAtClose.cashCents)),
                counted: isolate.ltr(centsText(stored.countedCents)),
                difference: isolate.ltr(
                  differenceText(cashDifference(stored.countedCents, stored.expectedAtClose.cashCents)),
                ),
              })}
            </>
          )}
        </p>
      )}
      {changes.length > 0 && (
        <div className="cash-up-changes" role="alert">
          <p>{say('cashUp.change.title', { count: changes.length })}</p>
          <ul>
            {changes.map((change) => (
              <li key={change.kind === 'added' ? change.now.id : change.receipt.id}>{changeText(change)}</li>
            ))}
          </ul>
        </div>
      )}

      <h4>{say('cashUp.cash.title', { total: isolate.ltr(centsText(rep.expected.cashCents)) })}</h4>
      {byPart('cash').length === 0 ? (
        <p className="muted">{say('cashUp.cash.none')}</p>
      ) : (
        <ReceiptTable receipts={byPart('cash')} columns={['receipt', 'customer', 'collectedAt', 'amount']} />
      )}

      <h4>
        {say('cashUp.cheques.title', {
          count: rep.expected.cheques,
          total: isolate.ltr(centsText(rep.expected.chequeCents)),
        })}
      </h4>
      {byPart('cheque').length === 0 ? (
        <p className="muted">{say('cashUp.cheques.none')}</p>
      ) : (
        <ReceiptTable
          receipts={byPart('cheque')}
          columns={['handedIn', 'cheque', 'bank', 'dueOn', 'chequeStatus', 'receipt', 'customer', 'amount']}
          handedIn={{
            has: (id) => chequesIn.has(id),
            set: (id, isIn) =>
              setChequesIn((current) => {
                const next = new Set(current);
                if (isIn) next.add(id);
                else next.delete(id);
                return next;
              }),
            isLocked: isClosed,
          }}
        />
      )}

      {byPart('other').length > 0 && (
        <>
          <h4>{say('cashUp.other.title')}</h4>
          <ReceiptTable receipts={byPart('other')} columns={['receipt', 'method', 'customer', 'amount']} />
        </>
      )}

      {byPart('apart').length > 0 && (
        <>
          <h4>{say('cashUp.apart.title')}</h4>
          <ReceiptTable
            receipts={byPart('apart')}
            columns={['receipt', 'method', 'customer', 'amount', 'why']}
          />
        </>
      )}

      <div className="cash-up-count">
        <h4>{say('cashUp.count.title')}</h4>
        {currencies.map((currency) => (
          <label key={currency}>
            {say('cashUp.count.cash', { currency })}
            <input
              inputMode="decimal"
              dir="ltr"
              value={typed[currency] ?? ''}
              disabled={isClosed}
              aria-invalid={unreadable.includes(currency) || undefined}
              onChange={(event) => setTyped((current) => ({ ...current, [currency]: event.target.value }))}
            />
          </label>
        ))}
        <p className={difference.isBalanced ? 'cash-up-balanced' : 'cash-up-differs'}>
          {say('cashUp.difference', { cash: isolate.ltr(differenceText(difference.cashCents)) })}
          {difference.missingCheques.length > 0 && (
            <> {say('cashUp.chequesMissing', { count: difference.missingCheques.length })}</>
          )}
        </p>
        <label className="cash-up-note">
          {say('cashUp.count.note')}
          <textarea
            rows={2}
            value={note}
            disabled={isClosed}
            onChange={(event) => setNote(event.target.value)}
          />
        </label>
        {message && (
          <p
            className={message.isProblem ? 'error-text' : 'muted'}
            role={message.isProblem ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        )}
        <div className="cash-up-actions no-print">
          {!isClosed && (
            <>
              <button type="button" onClick={() => void keep()}>
                {say('cashUp.save')}
              </button>
              <button type="button" className="primary" onClick={() => void close()}>
                {say('cashUp.close')}
              </button>
            </>
          )}
          {isClosed && !isReopening && (
            <button type="button" onClick={() => setReopening(true)}>
              {say('cashUp.reopen')}
            </button>
          )}
          {isClosed && isReopening && (
            <>
              <label>
                {say('cashUp.reopen.reason')}
                <input value={reason} onChange={(event) => setReason(event.target.value)} />
              </label>
              <button type="button" onClick={() => void reopen()}>
                {say('cashUp.reopen.confirm')}
              </button>
              <button type="button" onClick={() => setReopening(false)}>
                {say('cashUp.reopen.cancel')}
              </button>
            </>
          )}
          <button type="button" onClick={print}>
            {say('cashUp.print')}
          </button>
        </div>
        {stored && stored.history.length > 0 && (
          <ul className="cash-up-history muted">
            {stored.history.map((entry) => (
              <li key={entry.at + entry.action}>
                {say('cashUp.history', {
                  action: entry.action,
                  at: isolate.ltr(formatTime(entry.at)),
                  reason: entry.reason,
                })}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="print-only cash-up-signatures">
        <p>{say('cashUp.sign.rep')}</p>
        <p>{say('cashUp.sign.cashier')}</p>
      </div>
    </section>
  );
}
