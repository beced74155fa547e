// What the Sales reps section says about a name, a file's rows and a write, from the catalogue in the
// desk's language when called (a component calling these calls useSay()).
import type { RepNameProblem } from '../../../src-shared/domain/rep-names';
import type { RepNameRow } from '../../data/rows';
import { formatters, isolate, say } from '../../messages/intl';
import type { RepNameWrite } from '../../state/slices/names-slice';

/** Where a rep's name came from and when: "Typed 2026-11-26 09:30", "Imported from reps.csv 2026-11-26 09:30". */
export function sourceWords(row: RepNameRow): string {
  const time = isolate.ltr(formatters().time(row.savedAt));
  return row.source.kind === 'typed'
    ? say('reps.source.typed', { time })
    : say('reps.source.imported', { file: isolate.ltr(row.source.fileName), time });
}

/** A row of a salesperson file the desk did not take, and why. */
export function problemWords(problem: RepNameProblem): string {
  return say(`reps.import.problem.${problem.problem}`, {
    line: formatters().digits(problem.line),
    code: isolate.ltr(problem.code ?? ''),
  });
}

/** Why a write of reps' names was not kept, in plain words. */
export function writeFailureWords(write: Exclude<RepNameWrite, { ok: true }>): string {
  return write.reason === 'no-connection'
    ? say('reps.write.noConnection')
    : say('reps.write.notKept', { detail: write.detail });
}
