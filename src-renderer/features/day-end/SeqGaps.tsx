import type { DayEndReport } from '../../../src-shared/domain/day-end';
import { useSay } from '../../messages/use-say';
import { gapText, kindLabel, seqSpanText } from './day-end-words';

/** One line of the seq check: its words, and whether it says a seq is still missing. */
interface SeqLine {
  text: string;
  isMissing: boolean;
}

/**
 * The seq check of the range, first on the page: per issued kind, the seqs its documents cover and
 * every gap in them (still missing, or found missing and fetched since), and how many seqs are still
 * missing outside these days (docs/decisions/091-seq-gaps.md, 092-day-end-report.md).
 */
export function SeqGaps(props: { report: DayEndReport }) {
  const say = useSay();
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
      <h3 id="seq-gaps-title">{missing ? say('dayEnd.seq.titleMissing') : say('dayEnd.seq.title')}</h3>
      <ul>
        {issued.map((summary) => {
          const kind = kindLabel(summary.kind);
          const lines: SeqLine[] = summary.gaps.map((note) => ({
            text: say('dayEnd.seq.line', { kind, words: gapText(note) }),
            isMissing: note.state === 'missing',
          }));
          if (summary.missingOutside > 0)
            lines.push({
              text: say('dayEnd.seq.missingOutside', { kind, count: summary.missingOutside }),
              isMissing: true,
            });
          if (lines.length === 0)
            return (
              <li key={summary.kind} className="seq-ok">
                {summary.seq
                  ? say('dayEnd.seq.none', { kind, span: seqSpanText(summary.seq) })
                  : say('dayEnd.seq.nothingIssued', { kind })}
              </li>
            );
          return lines.map((line) => (
            <li key={line.text} className={line.isMissing ? 'seq-missing' : 'seq-fetched'}>
              {line.text}
            </li>
          ));
        })}
      </ul>
      {missing && <p className="hint">{say('dayEnd.seq.hint')}</p>}
    </section>
  );
}
