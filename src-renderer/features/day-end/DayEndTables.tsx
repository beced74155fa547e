import type { ReactNode } from 'react';
import type { DayEndFigures, DayEndReport } from '../../../src-shared/domain/day-end';
import type { FeedKind } from '../../../src-shared/wire';
import type { MessageId } from '../../messages/catalogue';
import { say } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { formatCount } from '../ui/format';
import {
  dayLabel,
  gapText,
  issuedWord,
  kindLabel,
  pendingAgainText,
  seqSpanText,
  totalsText,
} from './day-end-words';

/** A count, or a light dash for none (a day with nothing stays readable). */
function Count(props: { value: number }) {
  return props.value === 0 ? <span className="none">0</span> : <>{formatCount(props.value)}</>;
}

/** Where a column stands: in a kind's table by day (`day`), in the summary of every kind, or both. */
type Table = 'day' | 'summary';

/**
 * One column of figures. The summary and the tables by day read the same figures the same way, so
 * each column is written once and says which tables show it.
 */
interface FigureColumn {
  header: (kind: FeedKind, table: Table) => string;
  cell: (figures: DayEndFigures, kind: FeedKind) => ReactNode;
  className: (figures: DayEndFigures) => string;
  /** Whether the column stands in this table for this kind; every table and kind when absent. */
  shows?: (kind: FeedKind, table: Table) => boolean;
}

function countColumn(header: MessageId, pick: (figures: DayEndFigures) => number): FigureColumn {
  return {
    header: () => say(header),
    cell: (figures) => <Count value={pick(figures)} />,
    className: () => 'num',
  };
}

const hasSeq = (kind: FeedKind) => kind !== 'orders';

/** The columns in the order both tables show them; their words are said when a table is drawn. */
const figureColumns: readonly FigureColumn[] = [
  {
    ...countColumn('dayEnd.column.issued', (figures) => figures.issued),
    header: (kind, table) => (table === 'summary' ? say('dayEnd.column.issued') : issuedWord(kind)),
  },
  {
    header: () => say('dayEnd.column.total'),
    cell: (figures) => totalsText(figures.issuedTotals),
    className: () => 'num money',
  },
  countColumn('dayEnd.column.accepted', (figures) => figures.accepted),
  {
    header: () => say('dayEnd.column.acceptedTotal'),
    cell: (figures) => totalsText(figures.acceptedTotals),
    className: () => 'num money',
    shows: (_kind, table) => table === 'day',
  },
  countColumn('dayEnd.column.rejected', (figures) => figures.rejected),
  countColumn('dayEnd.column.pending', (figures) => figures.pending),
  {
    header: () => say('dayEnd.column.pendingAgain'),
    cell: pendingAgainText,
    className: () => 'again',
  },
  {
    ...countColumn('dayEnd.column.notAwaiting', (figures) => figures.notAwaiting),
    shows: (kind, table) => table === 'day' && kind === 'orders',
  },
  countColumn('dayEnd.column.answeredHere', (figures) => figures.ackedHere),
  countColumn('dayEnd.column.answeredElsewhere', (figures) => figures.ackedElsewhere),
  {
    header: () => say('dayEnd.column.seq'),
    // Only the summary has a line for orders; it says they carry no seq.
    cell: (figures, kind) => (hasSeq(kind) ? seqSpanText(figures.seq) : say('dayEnd.noSeq')),
    className: () => 'num seq',
    shows: (kind, table) => table === 'summary' || hasSeq(kind),
  },
  {
    header: () => say('dayEnd.column.gaps'),
    cell: (figures) => figures.gaps.map(gapText).join(say('dayEnd.gap.separator')),
    className: (figures) =>
      figures.gaps.some((note) => note.state === 'missing') ? 'gaps gap-missing' : 'gaps',
    shows: (kind, table) => table === 'day' && hasSeq(kind),
  },
];

function columnsOf(kind: FeedKind, table: Table): FigureColumn[] {
  return figureColumns.filter((column) => column.shows?.(kind, table) ?? true);
}

/** The cells of one line of figures: the same columns for a day and for the kind's total. */
function FigureCells(props: { kind: FeedKind; table: Table; figures: DayEndFigures }) {
  const { kind, table, figures } = props;
  return (
    <>
      {columnsOf(kind, table).map((column, index) => (
        <td key={index} className={column.className(figures)}>
          {column.cell(figures, kind)}
        </td>
      ))}
    </>
  );
}

/** The header of a table: the first column's word, then the figures' columns. */
function HeaderCells(props: { kind: FeedKind; table: Table; first: string }) {
  const { kind, table, first } = props;
  return (
    <tr>
      <th scope="col">{first}</th>
      {columnsOf(kind, table).map((column, index) => (
        <th key={index} scope="col">
          {column.header(kind, table)}
        </th>
      ))}
    </tr>
  );
}

/** Every kind over the range, one line each. */
export function KindSummaryTable(props: { report: DayEndReport }) {
  const { report } = props;
  const say = useSay();
  return (
    <table className="day-end-table summary">
      <caption>{say('dayEnd.summary.caption')}</caption>
      <thead>
        {/* The header does not depend on the kind in the summary; any kind with a seq shows every column. */}
        <HeaderCells kind="invoices" table="summary" first={say('dayEnd.column.kind')} />
      </thead>
      <tbody>
        {report.summary.map((figures) => (
          <tr key={figures.kind} data-kind={figures.kind}>
            <th scope="row">
              {kindLabel(figures.kind)}
              {figures.kind === 'orders' && <span className="muted"> {say('dayEnd.summary.received')}</span>}
            </th>
            <FigureCells kind={figures.kind} table="summary" figures={figures} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One table per kind: a line per day of the range, and the kind's total. */
export function DayTables(props: { report: DayEndReport }) {
  const { report } = props;
  const say = useSay();
  return (
    <>
      {report.kinds.map((kind) => {
        const summary = report.summary.find((each) => each.kind === kind);
        return (
          <table key={kind} className="day-end-table by-day" data-kind={kind}>
            <caption>{say('dayEnd.byDay.caption', { kind })}</caption>
            <thead>
              <HeaderCells kind={kind} table="day" first={say('dayEnd.column.day')} />
            </thead>
            <tbody>
              {report.cells
                .filter((cell) => cell.kind === kind)
                .map((cell) => (
                  <tr
                    key={cell.date}
                    data-date={cell.date}
                    className={cell.issued === 0 ? 'quiet' : undefined}
                  >
                    <th scope="row">
                      <time dateTime={cell.date}>{dayLabel(cell.date)}</time>
                    </th>
                    <FigureCells kind={kind} table="day" figures={cell} />
                  </tr>
                ))}
            </tbody>
            {summary && (
              <tfoot>
                <tr>
                  <th scope="row">{say('dayEnd.total')}</th>
                  <FigureCells kind={kind} table="day" figures={summary} />
                </tr>
              </tfoot>
            )}
          </table>
        );
      })}
    </>
  );
}
