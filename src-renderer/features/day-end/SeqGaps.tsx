import type { DayEndReport } from '../../../src-shared/domain/day-end';
import { formatCount } from '../ui/format';
import { gapText, kindLabels, seqSpanText } from './day-end-words';

/**
 * The seq check of the range, first on the page: per issued kind, the seqs its documents cover and
 * every gap in them (still missing, or found missing and fetched since), and how many seqs are still
 * missing outside these days (docs/decisions/091-seq-gaps.md, 092-day-end-report.md).
 */
export function SeqGaps(props: { report: DayEndReport }) {
  const issued = props.report.summary.filter((summary) => summary.kind !== 'orders');
  const missing = issued.some(
    (summary) => summary.missingOutside > 0 || summary.gaps.some((note) => note.state === 'missing'),
  );
  return (
    <section
      className={missing ? 'seq-gaps seq-gaps-missing' : 'seq-gaps'}
      aria-labelledby="seq-gaps-title"
      role={missing ? 'alert' : undefined}
    >
      <h3 id="seq-gaps-title">{missing ? 'Seq gaps: documents never arrived' : 'Seq check'}</h3>
      <ul>
        {issued.map((summary) => {
          const label = kindLabels[summary.kind];
          const lines = summary.gaps.map((note) => `${label}: ${gapText(note)}`);
          if (summary.missingOutside > 0)
            lines.push(
              `${label}: ${formatCount(summary.missingOutside)} more seq(s) still missing outside these days`,
            );
          if (lines.length === 0)
            return (
              <li key={summary.kind} className="seq-ok">
                {summary.seq
                  ? `${label}: seq ${seqSpanText(summary.seq)}, none missing`
                  : `${label}: nothing issued on these days`}
              </li>
            );
          return lines.map((line) => (
            <li key={line} className={line.includes('still missing') ? 'seq-missing' : 'seq-fetched'}>
              {line}
            </li>
          ));
        })}
      </ul>
      {missing && (
        <p className="hint">
          A missing seq is a document the service issued that this desk does not hold yet. Sync now: the desk
          fetches it by its seq. Do not call the day complete while one is still missing.
        </p>
      )}
    </section>
  );
}
