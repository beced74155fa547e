/**
 * A review row projected from its stored document: the few facts the grids show, sort, filter and
 * total (`rowOf`), and the keys derived from them (`withRowKeys`, keys.ts). Pure: nothing here reads
 * or writes the store.
 */
import {
  amountToCents,
  documentAmount,
  documentDate,
  documentNumber,
  documentRep,
  documentSeq,
  refLabel,
  type KindedDocument,
} from '../../../src-shared/domain/feeds';
import { changeFactsOf, isPendingAgain, reviewStateOf } from '../../../src-shared/domain/review';
import { ackedOf } from '../document-versions';
import type { AckedBy, NoteFacts, ReviewRow, StoredDocument } from '../rows';
import { rowKeysOf } from './keys';

/**
 * The grid row of a stored document. A clerk's queued answer stays on the row until the outbox settles
 * it; a failed one stays while the document is still pending, so it can be selected and tried again.
 */
export function rowOf(stored: StoredDocument, previous: ReviewRow | undefined, chunk: string): ReviewRow {
  const doc = stored.doc;
  const review = reviewStateOf(stored);
  const ackedHereVersion = previous?.ackedHereVersion;
  // A held ack (changed) stays like a failed one: while the document is pending, for the clerk to
  // answer again or drop.
  const keepAck =
    previous?.answerState === 'queued' ||
    ((previous?.answerState === 'failed' ||
      previous?.answerState === 'elsewhere' ||
      previous?.answerState === 'changed') &&
      review === 'pending');
  return {
    id: doc.id,
    version: doc.version,
    review,
    pendingAgain: isPendingAgain(stored) ? 1 : 0,
    changeFacts: changeFactsOf(stored, ackedOf(stored)),
    status: doc.status,
    number: documentNumber(stored),
    date: documentDate(stored),
    customer: refLabel(doc.customer),
    customerId: doc.customer.id,
    customerName: previous?.customerName ?? '',
    rep: refLabel(documentRep(stored)),
    branch: refLabel(doc.branch),
    currency: doc.currency,
    noteFacts: noteFactsOf(stored),
    amountCents: amountToCents(documentAmount(stored)),
    externalNumber: doc.ack?.external_number ?? doc.external_number ?? '',
    answerState: keepAck && previous ? previous.answerState : '',
    answerOutcome: keepAck && previous ? previous.answerOutcome : '',
    answerError: keepAck && previous ? previous.answerError : '',
    ackProblem: keepAck && previous ? previous.ackProblem : null,
    ...(keepAck && previous?.ackBatch !== undefined ? { ackBatch: previous.ackBatch } : {}),
    ...(ackedHereVersion === undefined ? {} : { ackedHereVersion }),
    ackedBy: ackedByOf(stored, ackedHereVersion, review),
    chunk,
    seq: documentSeq(stored) ?? 0,
  };
}

/**
 * Who gave a document's current answer (docs/decisions/113-answered-here-or-elsewhere.md): none while
 * its current version has none (an order keeps its ack as its answer); this desk when the ack the service
 * holds answered the version an ack of this desk was applied to (a version is answered once: spec,
 * Acknowledge documents), else elsewhere: another desk, or the ERP itself.
 */
export function ackedByOf(
  stored: StoredDocument,
  ackedHereVersion: number | undefined,
  review = reviewStateOf(stored),
): AckedBy {
  const ack = stored.doc.ack;
  if (!ack || review === 'pending') return '';
  return ack.acked_version === ackedHereVersion ? 'here' : 'elsewhere';
}

/** The chunk each row names, by document id (rows not there are left out). */
export function chunksOf(rows: readonly (ReviewRow | undefined)[]): Map<string, string> {
  return new Map(rows.flatMap((row) => (row ? [[row.id, row.chunk] as const] : [])));
}

/** One short fact of a document for its grid row, worded where it is shown. Spec, Resources. */
function noteFactsOf(item: KindedDocument): NoteFacts {
  switch (item.kind) {
    case 'orders':
      return { kind: 'lines', count: item.doc.lines.length };
    case 'invoices':
      return { kind: 'order', number: item.doc.order.number };
    case 'payments': {
      const cheque = item.doc.cheque;
      return {
        kind: 'method',
        method: item.doc.method,
        cheque: cheque ? { number: cheque.number, status: cheque.status } : null,
      };
    }
    case 'returns':
      return { kind: 'reason', reason: item.doc.reason, invoice: item.doc.invoice.number };
  }
}

/** A row with its version-8 keys derived from its fields (writer.ts `putReviewRows` writes it). */
export function withRowKeys(row: ReviewRow): ReviewRow {
  const keyed: ReviewRow = { ...row };
  // A serial the number or ERP number no longer has, or an answer no longer held, is not kept.
  delete keyed.kSerial;
  delete keyed.kErp;
  delete keyed.kHeld;
  // A batch is named only while the answer is queued in it.
  if (keyed.answerState !== 'queued') delete keyed.ackBatch;
  // A pending row has no answer (`ackedByOf`): a walk by who answered passes no pending row
  // (orders.ts `statesOfQuery`), so none is written saying otherwise.
  if (keyed.review === 'pending' && keyed.ackedBy) keyed.ackedBy = '';
  return Object.assign(keyed, rowKeysOf(row));
}
