import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  chequesInView,
  chequeStateKey,
  chequeTotals,
  chequeViews,
  countViews,
  type ChequeView,
} from '../../../src-shared/domain/cheques';
import { localDateOf } from '../../../src-shared/domain/day-end';
import { writeCsv } from '../../../src-shared/domain/master-data';
import { isolate } from '../../messages/intl';
import { sayRich } from '../../messages/say-rich';
import { useDeskLocale, useSay } from '../../messages/use-say';
import { selectNamesOf } from '../../state/names';
import { useDeskStore } from '../../state/store';
import { csvBytes, csvFilter, runExport, saveFile, type FileNote } from '../files/file-actions';
import { FileNoteText } from '../files/FileNoteText';
import { formatCount, formatDate, formatTime } from '../ui/format';
import { ChequeTable } from './ChequeTable';
import { ChequeTotalsTable } from './ChequeTotalsTable';
import { bankText, csvCellsOf, csvHeaders, stateText, viewText } from './cheque-words';
import { useCheques, type PortfolioCheque } from './use-cheques';
import '../ui/review.css';
import './cheques.css';

/** Rows drawn at first: a view of thousands is drawn on request (its totals and export count them all). */
const firstRows = 500;

/**
 * The cheque portfolio (docs/decisions/112-cheque-portfolio.md): every cheque the reps collected, in
 * the state the service gives it, in views a clerk works from (held by due date, due this week,
 * overdue, bounced, reversed, voided, all), with the view's totals per state and per bank in each
 * currency; each cheque leads to its payment's detail and says its ack; the view exports as CSV and
 * prints with its totals. `today` (the clerk's local date) is fixed by tests.
 */
export function ChequesScreen({ today: fixedToday }: { today?: string } = {}) {
  const say = useSay();
  const locale = useDeskLocale();
  const today = fixedToday ?? localDateOf(new Date());
  const portfolio = useCheques();
  const lastSyncAt = useDeskStore((state) => state.lastSyncAt);
  const setSection = useDeskStore((state) => state.setSection);
  const openDetail = useDeskStore((state) => state.openDetail);
  // Followed: a customer or a cheque status named meanwhile shows at once (reps: CodeAndName follows).
  useDeskStore(selectNamesOf('customer'));
  useDeskStore(selectNamesOf('cheque-statuses'));
  const [view, setView] = useState<ChequeView>('in-hand');
  const [shownMost, setShownMost] = useState(firstRows);
  const [exportNote, setExportNote] = useState<FileNote | null>(null);

  const cheques = portfolio.cheques;
  const counts = useMemo(() => (cheques ? countViews(cheques, today) : null), [cheques, today]);
  const inView = useMemo(() => (cheques ? chequesInView(cheques, view, today) : []), [cheques, view, today]);
  const totals = useMemo(() => chequeTotals(inView), [inView]);
  const shown = inView.length > shownMost ? inView.slice(0, shownMost) : inView;
  const caption = say('cheques.caption', { view: viewText(view), count: inView.length });

  const openPayment = (cheque: PortfolioCheque): void => {
    // The detail first, so the Payments section opens on it.
    openDetail('payments', cheque.paymentId);
    setSection('payments');
  };

  const exportCsv = async (): Promise<void> => {
    setExportNote(null);
    const note = await runExport(() =>
      saveFile({
        // Named like the other exports: what it is, its view and day, the same in every language.
        suggestedName: `cheques-${view}-${today}.csv`,
        filter: csvFilter,
        bytes: csvBytes(writeCsv([csvHeaders(), ...inView.map(csvCellsOf)])),
      }),
    );
    setExportNote(note);
  };

  const print = (): void => {
    // The whole view goes on paper: drawn before the print dialog takes the page as it is.
    flushSync(() => setShownMost(Number.POSITIVE_INFINITY));
    window.print();
  };

  return (
    // The page prints from here: it carries the clerk's language and direction with it.
    <div className="cheques" lang={locale.tag.replace(/-u-.*$/, '')} dir={locale.direction}>
      <p className="muted cheques-intro">{say('cheques.intro')}</p>
      <div className="toolbar cheques-tools" role="toolbar" aria-label={say('cheques.tools')}>
        <div className="views" role="group" aria-label={say('cheques.views.label')}>
          {chequeViews.map((each) => (
            <button
              key={each}
              type="button"
              aria-pressed={view === each}
              onClick={() => {
                setView(each);
                setShownMost(firstRows);
              }}
            >
              {viewText(each)} <span className="count">{counts ? formatCount(counts[each]) : '…'}</span>
            </button>
          ))}
        </div>
        <div className="actions">
          <button type="button" disabled={inView.length === 0} onClick={() => void exportCsv()}>
            {say('cheques.exportCsv')}
          </button>
          <button type="button" disabled={cheques === null} onClick={print}>
            {say('cheques.print')}
          </button>
          <FileNoteText note={exportNote} />
        </div>
      </div>
      <p className="muted cheques-as-of">
        {sayRich('cheques.asOf', {
          // Dates and times read left to right and stay on one line inside an Arabic sentence.
          lastSync: lastSyncAt ? (
            <bdi dir="ltr" className="moment">
              {formatTime(lastSyncAt)}
            </bdi>
          ) : (
            say('cheques.notSynced')
          ),
          today: (
            <bdi dir="ltr" className="moment">
              {formatDate(today)}
            </bdi>
          ),
        })}
      </p>
      {portfolio.error !== null && (
        <p className="error-text" role="alert">
          {say('cheques.readFailed', { cause: isolate.ltr(portfolio.error) })}
        </p>
      )}
      {cheques === null ? (
        portfolio.error === null && (
          <p className="empty" role="status">
            {say('cheques.loading')}
          </p>
        )
      ) : cheques.length === 0 ? (
        <p className="empty">{say('cheques.none')}</p>
      ) : inView.length === 0 ? (
        <p className="empty">{say('cheques.viewEmpty', { view: viewText(view) })}</p>
      ) : (
        <>
          <section className="cheques-totals" aria-label={say('cheques.totals.title')}>
            <ChequeTotalsTable
              caption={say('cheques.totals.byState')}
              groupHeader={say('cheques.column.state')}
              groups={totals.byState.map(({ state, total }) => ({
                key: chequeStateKey(state),
                name: stateText(state),
                total,
              }))}
              total={totals.all}
            />
            <ChequeTotalsTable
              caption={say('cheques.totals.byBank')}
              groupHeader={say('cheques.column.bank')}
              groups={totals.byBank.map(({ bank, total }) => ({
                key: bank,
                name: bank === '' ? <span className="muted">{bankText(bank)}</span> : <bdi>{bank}</bdi>,
                total,
              }))}
              total={totals.all}
            />
          </section>
          <ChequeTable cheques={shown} today={today} caption={caption} onOpen={openPayment} />
          {shown.length < inView.length && (
            <p className="muted cheques-more" role="status">
              {say('cheques.shownOf', { shown: shown.length, count: inView.length })}{' '}
              <button type="button" className="link" onClick={() => setShownMost(Number.POSITIVE_INFINITY)}>
                {say('cheques.showAll', { count: inView.length })}
              </button>
            </p>
          )}
        </>
      )}
    </div>
  );
}
