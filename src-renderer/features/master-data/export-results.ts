// A run's results as a CSV file the clerk opens in a spreadsheet: the header row, the kinds, what each
// record is, its note and a failure's explanation in the clerk's language, the rest as the desk keeps it
// (the outcome as its code, the service's error code), written by the domain's `resultsToCsv`, which
// guards formula cells (docs/decisions/101).
import { resultsToCsv, type PushRecordResult } from '../../../src-shared/domain/master-data';
import { say } from '../../messages/intl';
import { kindWords, recordLabelWords, recordNoteWords, resultExplanationWords } from './master-data-words';

/** The results as CSV text, in the columns of the domain's `resultsToCsv`, worded in the clerk's language. */
export function resultsCsv(records: readonly PushRecordResult[]): string {
  return resultsToCsv(records, {
    header: [
      say('masterData.export.kind'),
      say('masterData.export.file'),
      say('masterData.export.line'),
      say('masterData.export.key'),
      say('masterData.export.record'),
      say('masterData.export.result'),
      say('masterData.export.serviceId'),
      say('masterData.export.note'),
      say('masterData.export.errorCode'),
      say('masterData.export.error'),
      say('masterData.export.erpBalance'),
    ],
    kind: kindWords,
    explanation: resultExplanationWords,
    label: recordLabelWords,
    note: recordNoteWords,
  });
}
