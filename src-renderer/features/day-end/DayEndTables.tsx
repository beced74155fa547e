import type { DayEndFigures, DayEndReport } from '../../../src-shared/domain/day-end';
import type { FeedKind } from '../../../src-shared/wire';
import { formatCount } from '../ui/format';
import {
  dayLabel,
  gapText,
  issuedWord,
  kindLabels,
  pendingAgainText,
  seqSpanText,
  totalsText,
} from './day-end-words';

/** A count, or a light dash for none (a day with nothing stays readable). */
function Count(props: { value: number }) {
  return props.value === 0 ? <span className="none">0</span> : <>{formatCount(props.value)}</>;
}

/** The cells of one line of figures: the same columns for a day and for the kind's total. */
function FigureCells(props: { kind: FeedKind; figures: DayEndFigures }) {
  const { kind, figures } = props;
  const hasSeq = kind !== 'orders';
  return (
    <>
      <td className="num">
        <Count value={figures.issued} />
      </td>
      <td className="num money">{totalsText(figures.issuedTotals)}</td>
      <td className="num">
        <Count value={figures.accepted} />
      </td>
      <td className="num money">{totalsText(figures.acceptedTotals)}</td>
      <td className="num">
        <Count value={figures.rejected} />
      </td>
      <td className="num">
        <Count value={figures.pending} />
      </td>
      <td className="again">{pendingAgainText(figures)}</td>
      {kind === 'orders' && (
        <td className="num">
          <Count value={figures.notAwaiting} />
        </td>
      )}
      <td className="num">
        <Count value={figures.answeredHere} />
      </td>
      <td className="num">
        <Count value={figures.answeredElsewhere} />
      </td>
      {hasSeq && <td className="num seq">{seqSpanText(figures.seq)}</td>}
      {hasSeq && (
        <td className={figures.gaps.some((note) => note.state === 'missing') ? 'gaps gap-missing' : 'gaps'}>
          {figures.gaps.map(gapText).join('; ')}
        </td>
      )}
    </>
  );
}

/** The header of a kind's table. */
function HeaderCells(props: { kind: FeedKind; first: string }) {
  const { kind, first } = props;
  return (
    <tr>
      <th scope="col">{first}</th>
      <th scope="col">{issuedWord(kind)}</th>
      <th scope="col">Total</th>
      <th scope="col">Accepted</th>
      <th scope="col">Accepted total</th>
      <th scope="col">Rejected</th>
      <th scope="col">Pending</th>
      <th scope="col">of which pending again</th>
      {kind === 'orders' && <th scope="col">Not awaiting</th>}
      <th scope="col">Answered from this desk</th>
      <th scope="col">Answered elsewhere</th>
      {kind !== 'orders' && <th scope="col">Seq</th>}
      {kind !== 'orders' && <th scope="col">Gaps</th>}
    </tr>
  );
}

/** Every kind over the range, one line each. */
export function KindSummaryTable(props: { report: DayEndReport }) {
  const { report } = props;
  return (
    <table className="day-end-table summary">
      <caption>Each kind over these days</caption>
      <thead>
        <tr>
          <th scope="col">Kind</th>
          <th scope="col">Issued</th>
          <th scope="col">Total</th>
          <th scope="col">Accepted</th>
          <th scope="col">Rejected</th>
          <th scope="col">Pending</th>
          <th scope="col">of which pending again</th>
          <th scope="col">Answered from this desk</th>
          <th scope="col">Answered elsewhere</th>
          <th scope="col">Seq</th>
        </tr>
      </thead>
      <tbody>
        {report.summary.map((figures) => (
          <tr key={figures.kind} data-kind={figures.kind}>
            <th scope="row">
              {kindLabels[figures.kind]}
              {figures.kind === 'orders' && <span className="muted"> (received)</span>}
            </th>
            <td className="num">
              <Count value={figures.issued} />
            </td>
            <td className="num money">{totalsText(figures.issuedTotals)}</td>
            <td className="num">
              <Count value={figures.accepted} />
            </td>
            <td className="num">
              <Count value={figures.rejected} />
            </td>
            <td className="num">
              <Count value={figures.pending} />
            </td>
            <td className="again">{pendingAgainText(figures)}</td>
            <td className="num">
              <Count value={figures.answeredHere} />
            </td>
            <td className="num">
              <Count value={figures.answeredElsewhere} />
            </td>
            <td className="num seq">{figures.kind === 'orders' ? 'no seq' : seqSpanText(figures.seq)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One table per kind: a line per day of the range, and the kind's total. */
export function DayTables(props: { report: DayEndReport }) {
  const { report } = props;
  return (
    <>
      {report.kinds.map((kind) => {
        const summary = report.summary.find((each) => each.kind === kind);
        return (
          <table key={kind} className="day-end-table by-day" data-kind={kind}>
            <caption>{kindLabels[kind]} by day</caption>
            <thead>
              <HeaderCells kind={kind} first="Day" />
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
                    <FigureCells kind={kind} figures={cell} />
                  </tr>
                ))}
            </tbody>
            {summary && (
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <FigureCells kind={kind} figures={summary} />
                </tr>
              </tfoot>
            )}
          </table>
        );
      })}
    </>
  );
}
