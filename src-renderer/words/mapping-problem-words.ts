// What keeps a column mapping from being used, in the clerk's language: the domain's `MappingProblem`
// (src-shared/domain/master-data/mapping.ts), shared by Master data's import and the reconcile register,
// each naming its own targets (a field of a record kind, a register column, a name's language).
import type { MappingProblem, MappingTarget } from '../../src-shared/domain/master-data';
import { isolate, say } from '../messages/intl';

/** A mapping problem in plain words, its targets named by `targetWords`, the file's header set apart. */
export function mappingProblemText(
  problem: MappingProblem,
  targetWords: (target: MappingTarget) => string,
): string {
  switch (problem.code) {
    case 'choose-column':
      return say('masterData.problem.chooseColumn', { field: targetWords({ field: problem.field }) });
    case 'choose-name':
      return say('masterData.problem.chooseName', {
        first: isolate.ltr('name.en'),
        second: isolate.ltr('name.ar'),
      });
    case 'not-in-file':
      return say('masterData.problem.notInFile', { field: targetWords(problem.target) });
    case 'chosen-twice':
      return say('masterData.problem.chosenTwice', {
        column: isolate.name(problem.column),
        first: targetWords(problem.first),
        second: targetWords(problem.second),
      });
    case 'language-key':
      return say('masterData.problem.languageKey', {
        language: isolate.ltr(problem.language),
        first: isolate.ltr('en'),
        second: isolate.ltr('ar'),
      });
  }
}
