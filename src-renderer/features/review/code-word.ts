// How a code the service sends is shown inside the review's words (a row's note, what changed): the
// code beside its name from the service's list, in the clerk's language (docs/decisions/107-names-not-codes.md),
// each set apart in a desk that reads right to left; the code alone while no list names it.
import type { ReferenceKind } from '../../../src-shared/wire';
import { labelOfCode, namesOf, nameOfCode } from '../../state/names';
import { shownLabelOptions } from './review-names';

/** The lists a code shown in a review row comes from. */
export type CodeKind = 'paymentMethod' | 'returnReason' | 'chequeStatus' | 'documentStatus';

const listsOf: Record<CodeKind, readonly ReferenceKind[]> = {
  paymentMethod: ['payment-methods'],
  returnReason: ['return-reasons'],
  chequeStatus: ['cheque-statuses'],
  // A change of status names the document's own: an order's or a return's list (invoices and payments
  // have none).
  documentStatus: ['order-statuses', 'return-statuses'],
};

/** The words for `code` of `kind`: `CHEQUE · شيك`, else the code as the service sent it. */
export function codeWord(kind: CodeKind, code: string): string {
  const lists = listsOf[kind];
  const named = lists.find((list) => nameOfCode(namesOf(list), code) !== null) ?? lists[0]!;
  return labelOfCode(named, code, shownLabelOptions());
}
