// Why a clerk's accept or reject cannot be queued yet, in the clerk's language: a draft's check
// (src-shared/domain/acks.ts `checkAck`) and the store's refusal of a whole set of them.
import type { AckCheck } from '../../../src-shared/domain/acks';
import { say } from '../../messages/intl';
import { storageProblemWords } from '../../words/storage-words';
import type { AckRefusal } from '../../state/slices/review-slice';
import { assertNever } from '../ui/assert-never';

/** What is wrong with one draft. */
export function ackCheckWords(check: AckCheck): string {
  switch (check.code) {
    case 'number-too-long':
      return say('review.ackCheck.numberTooLong', { most: check.most });
    case 'key-too-long':
      return say('review.ackCheck.keyTooLong', { most: check.most });
    case 'message-too-long':
      return say('review.ackCheck.messageTooLong', { most: check.most });
    case 'order-number-missing':
      return say('review.ackCheck.orderNumberMissing');
    case 'invoice-number-missing':
      return say('review.ackCheck.invoiceNumberMissing');
    case 'reason-missing':
      return say('review.ackCheck.reasonMissing');
    default:
      return assertNever(check);
  }
}

/**
 * Why nothing (or not all) was queued: no connection yet, how many answers to fix and the first's
 * problem, or the store's refusal to write them with how many were queued before it.
 */
export function ackRefusalWords(refusal: AckRefusal): string {
  switch (refusal.code) {
    case 'no-connection':
      return say('review.ackRefusal.noConnection');
    case 'needs-fixing':
      return say('review.ackRefusal.needsFixing', {
        count: refusal.count,
        first: refusal.first ? ackCheckWords(refusal.first) : '',
      }).trim();
    case 'storage':
      return say('review.ackRefusal.storage', {
        problem: storageProblemWords(refusal.problem, say('review.ackRefusal.again')),
        queued: refusal.queued,
      });
    case 'view-changed':
      return say('review.ackRefusal.viewChanged', { added: refusal.added, gone: refusal.gone });
    default:
      return assertNever(refusal);
  }
}
