import { useState } from 'react';
import {
  changesAfterClosing,
  differenceOf,
  emptyRepDay,
  type RepDay,
} from '../../../src-shared/domain/cash-up';
import { localDateOf } from '../../../src-shared/domain/day-end';
import type { CashUpRow } from '../../data/rows';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { useDeskStore } from '../../state/store';
import { runExport, type FileNote } from '../files/file-actions';
import { FileNoteText } from '../files/FileNoteText';
import { CodeAndName } from '../ui/CodeAndName';
import { formatDate, formatTime } from '../ui/format';
import { centsText, differenceText } from './cash-up-words';
import { exportCashUpAsXlsx } from './export-cash-up';
import { RepSheet } from './RepSheet';
import { useCashUp } from './use-cash-up';
import '../master-data/master-data.css';
import './cash-up.css';

/** A rep's state in the day's list: open, closed, or closed with changes since. */
function StateCell({ repDay, stored }: { repDay: RepDay | undefined; stored: CashUpRow | undefined }) {
  const say = useSay();
  if (!stored?.closedAt) return <td>{say('cashUp.state.open')}</td>;
  const changes = changesAfterClosing(stored.closedWith ?? [], repDay).length;
  return (
    <td className={changes > 0 ? 'cash-up-flag' : undefined}>
      {say('cashUp.state.closed', { at: isolate.ltr(formatTime(stored.closedAt)), changes })}
    </td>
  );
}

/**
 * The rep cash-up (docs/decisions/111-rep-cash-up.md): a day's reps with what their receipts say they
 * collected, what the cashier counted and the difference; a rep's sheet to count, close, reopen and
 * print; the day exported as XLSX.
 */
export function CashUpScreen() {
  const say = useSay();
  const connectionId = useDeskStore((state) => state.connection?.connection?.id ?? null);
  const [day, setDay] = useState(() => localDateOf(new Date()));
  const [repKey, setRepKey] = useState<string | null>(null);
  const [exportNote, setExportNote] = useState<FileNote | null>(null);
  const { shown, error, reload } = useCashUp(connectionId, day);

  if (connectionId === null) return <p className="empty">{say('cashUp.noConnection')}</p>;
  // Reps with receipts that day, and reps whose closed day lost every receipt since.
  const reps: Array<{ repKey: string; repCode: string }> = shown
    ? [
        ...shown.repDays,
        ...[...shown.counts.values()].filter(
          (row) => !shown.repDays.some((rep) => rep.repKey === row.repKey),
        ),
      ]
    : [];
  const repDayOf = (key: string): RepDay | undefined => shown?.repDays.find((rep) => rep.repKey === key);
  const selected = repKey !== null && reps.some((rep) => rep.repKey === repKey) ? repKey : null;

  const exportDay = async (): Promise<void> => {
    if (!shown) return;
    setExportNote(await runExport(() => exportCashUpAsXlsx(shown, `cash-up-${day}.xlsx`)));
  };

  return (
    <div className="master-data cash-up">
      <p className="muted">{say('cashUp.intro')}</p>
      <div className="cash-up-tools no-print">
        <label>
          {say('cashUp.day')}
          <input
            type="date"
            value={day}
            onChange={(event) => {
              if (/^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) setDay(event.target.value);
            }}
          />
        </label>
        <button type="button" disabled={!shown || reps.length === 0} onClick={() => void exportDay()}>
          {say('cashUp.export')}
        </button>
      </div>
      {exportNote && <FileNoteText note={exportNote} />}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {shown && reps.length === 0 && (
        <p className="empty">
          {say('cashUp.noReceipts', { day: isolate.ltr(formatDate(day)) })}{' '}
          {shown.latestDay && shown.latestDay !== day && (
            <button type="button" className="link" onClick={() => setDay(shown.latestDay!)}>
              {say('cashUp.showLatest', { day: isolate.ltr(formatDate(shown.latestDay)) })}
            </button>
          )}
        </p>
      )}
      {shown && reps.length > 0 && (
        <div className="issues-frame cash-up-frame no-print">
          <table className="issues cash-up-reps" aria-label={say('cashUp.reps.table')}>
            <thead>
              <tr>
                <th>{say('cashUp.column.rep')}</th>
                <th className="num">{say('cashUp.column.receipts')}</th>
                <th className="num">{say('cashUp.column.cashDue')}</th>
                <th className="num">{say('cashUp.column.chequesDue')}</th>
                <th className="num">{say('cashUp.column.counted')}</th>
                <th className="num">{say('cashUp.column.difference')}</th>
                <th>{say('cashUp.column.state')}</th>
              </tr>
            </thead>
            <tbody>
              {reps.map((rep) => {
                const repDay = repDayOf(rep.repKey);
                const stored = shown.counts.get(rep.repKey);
                const expected = (repDay ?? emptyRepDay(rep.repKey, rep.repCode)).expected;
                const counted = stored?.countedCents ?? {};
                const difference = repDay
                  ? differenceOf(repDay, { countedCents: counted, chequesIn: stored?.chequesIn ?? [] })
                  : null;
                return (
                  <tr key={rep.repKey} aria-selected={rep.repKey === selected}>
                    <td>
                      <button type="button" className="link" onClick={() => setRepKey(rep.repKey)}>
                        <CodeAndName kind="sales_rep" value={{ id: rep.repKey, code: rep.repCode }} />
                      </button>
                    </td>
                    <td className="num">{repDay?.receipts.length ?? 0}</td>
                    <td className="num">
                      <bdi dir="ltr">{centsText(expected.cashCents)}</bdi>
                    </td>
                    <td className="num">
                      {say('cashUp.chequesDue', {
                        count: expected.cheques,
                        total: isolate.ltr(centsText(expected.chequeCents)),
                      })}
                    </td>
                    <td className="num">
                      <bdi dir="ltr">{stored ? centsText(counted) : '—'}</bdi>
                    </td>
                    <td className="num">
                      {stored && difference ? (
                        <bdi dir="ltr">{differenceText(difference.cashCents)}</bdi>
                      ) : (
                        '—'
                      )}
                    </td>
                    <StateCell repDay={repDay} stored={stored} />
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {shown && selected !== null && (
        <RepSheet
          key={`${day}|${selected}`}
          connectionId={connectionId}
          day={day}
          repDay={repDayOf(selected)}
          stored={shown.counts.get(selected)}
          onSaved={reload}
        />
      )}
    </div>
  );
}
