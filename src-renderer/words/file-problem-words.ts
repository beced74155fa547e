// Why a file cannot be read, in the clerk's language: the shared reader throws UnreadableFileError with a
// `problem` (src-shared/domain/master-data/text.ts `FileProblem`), and both readers that show it (Master
// data's import, the reconcile register) say it here from the catalogue.
import { UnreadableFileError, type FileProblem } from '../../src-shared/domain/master-data';
import { say } from '../messages/intl';

/** A file problem in plain words: what is wrong and what to do. */
export function fileProblemWords(problem: FileProblem): string {
  switch (problem.code) {
    case 'empty':
      return say('masterData.read.empty');
    case 'no-rows':
      return say('masterData.read.noRows');
    case 'xlsx-as-csv':
      return say('masterData.read.xlsxAsCsv');
    case 'old-xls':
      return say('masterData.read.oldXls');
    case 'excel-unreadable':
      return say('masterData.read.excelUnreadable');
    case 'no-sheets':
      return say('masterData.read.noSheets');
    case 'workbook-without-sheet':
      return say('masterData.read.workbookWithoutSheet');
    case 'binary':
      return say('masterData.read.binary');
    case 'not-utf8':
      return say('masterData.read.encoding');
    case 'unclosed-quote':
      return say('masterData.read.malformed', { line: problem.line });
    case 'too-many-rows':
      return problem.of === 'import'
        ? say('masterData.read.tooLarge', { rows: problem.rows, max: problem.most })
        : say('reconcile.read.tooLarge', { rows: problem.rows, max: problem.most });
  }
}

/** What went wrong reading a file, in plain words: the reader's problem, else `fallback`'s words. */
export function readFailureWords(thrown: unknown, fallback: () => string): string {
  return thrown instanceof UnreadableFileError ? fileProblemWords(thrown.problem) : fallback();
}
