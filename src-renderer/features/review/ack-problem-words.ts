// Why a clerk's ack did not go through (data/rows.ts `AckProblemFact`), said in the clerk's language
// where it is read: the Review column and its tooltip, the detail panel's note and its history. The
// service's own message is its data: shown set apart, and only where the desk has no words for its code.
import type { AckProblemFact, ReviewRow } from '../../data/rows';
import { isolate, say } from '../../messages/intl';
import { refusalLine } from '../../words/problem-words';
import { assertNever } from '../ui/assert-never';
import { sayChange } from './row-words';

/** Why a row's ack failed or was not sent, as the clerk reads it; '' when nothing went wrong. */
export function ackProblemText(row: Pick<ReviewRow, 'ackProblem'>): string {
  return row.ackProblem ? sayAckProblem(row.ackProblem) : '';
}

/** One fact of why an ack did not go through, in the clerk's language. */
export function sayAckProblem(problem: AckProblemFact): string {
  switch (problem.kind) {
    case 'refused':
    case 'batch':
      return refusalLine(problem.code, problem.message);
    case 'no-result':
      return say('review.ackProblem.noResult');
    case 'elsewhere':
      return say('review.ackProblem.elsewhere', {
        outcome: problem.outcome === 'REJECTED' ? 'rejected' : 'accepted',
        hasNumber: problem.externalNumber ? 'yes' : 'no',
        number: isolate.ltr(problem.externalNumber ?? ''),
        hasReason: problem.reasonCode ? 'yes' : 'no',
        reason: isolate.ltr(problem.reasonCode ?? ''),
      });
    case 'moved':
      return say('review.ackProblem.moved', {
        hasChanges: problem.changes.length > 0 ? 'yes' : 'no',
        changes: problem.changes.map(sayChange).join(' '),
      });
    case 'words':
      return isolate.name(problem.text);
    default:
      return assertNever(problem);
  }
}
