// The names the review screens show for the codes a row or a document carries
// (docs/decisions/107-names-not-codes.md): read from the store's names slice without a hook (a grid's
// value getter, an export), in the clerk's language, the code beside the name so it can still be matched
// against the ERP's and found.
import { rejectReasons, type RejectReason } from '../../../src-shared/domain/acks';
import { codeAndName, nameIn } from '../../../src-shared/domain/names';
import type { FeedKind, ReferenceKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../../data/rows';
import { deskLocale } from '../../messages/intl';
import { labelOfCode, namesOf, type LabelOptions } from '../../state/names';

/**
 * How a label is written on the desk now: in the clerk's language; in a desk that reads right to left
 * the code set apart left to right and the name first-strong (`isolated`), unless the text goes to a
 * file (an export writes no invisible marks a spreadsheet's lookup would trip on).
 */
export function shownLabelOptions(isolated = true): LabelOptions {
  const locale = deskLocale();
  return { language: locale.language, isolate: isolated && locale.direction === 'rtl' };
}

/**
 * The reference list that names a feed's statuses (spec, Identity and lookup): orders' and returns'
 * own lists. Invoices (`ISSUED`) and payments (`RECORDED`) have none: their status is shown by its code.
 */
export function statusListOf(kind: FeedKind): ReferenceKind | null {
  switch (kind) {
    case 'orders':
      return 'order-statuses';
    case 'returns':
      return 'return-statuses';
    case 'invoices':
    case 'payments':
      return null;
  }
}

/** A document's status as shown: `ERP_PENDING · Awaiting the ERP`, else its code. */
export function statusLabel(kind: FeedKind, status: string, options: LabelOptions): string {
  const list = statusListOf(kind);
  return list ? labelOfCode(list, status, options) : codeAndName(status, null, options);
}

/** A row's rep as shown: `R01 · Ahmed Hassan` (the name the clerk gave), else the code. */
export function repLabel(row: Pick<ReviewRow, 'rep'>, options: LabelOptions): string {
  return labelOfCode('sales_rep', row.rep, options);
}

/**
 * A row's customer's name in the clerk's language (`nameIn` of the looked-up name map), else the name
 * as the row keeps it (both languages, from before the names were read into memory), else the code.
 */
export function customerNameShown(row: Pick<ReviewRow, 'customer' | 'customerId' | 'customerName'>): string {
  const named = namesOf('customer').byId.get(row.customerId);
  return nameIn(named?.name, deskLocale().language) ?? (row.customerName || row.customer);
}

/** The desk's own rejection reason of `code` (decision 040), which names it before the service's lists. */
export function ownRejectReason(code: string): RejectReason | null {
  return rejectReasons.find((reason) => reason.code === code) ?? null;
}

/**
 * A rejection's reason code as shown: the desk's own reasons (decision 040), else the service's return
 * reasons, in the clerk's language beside the code; the code alone when neither names it.
 */
export function reasonLabel(code: string, options: LabelOptions): string {
  const own = ownRejectReason(code);
  return own
    ? codeAndName(code, nameIn(own.name, options.language), options)
    : labelOfCode('return-reasons', code, options);
}
