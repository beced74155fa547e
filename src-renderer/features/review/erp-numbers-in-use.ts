/**
 * Whether the ERP numbers of an Accept dialog are already used on this connection
 * (docs/decisions/109-erp-number-series.md): by another document of the same feed, accepted with it,
 * answered with it elsewhere, or queued with it; or twice within the dialog itself.
 */
import { erpNumberKey, repeatedErpNumbers } from '../../../src-shared/domain/erp-number-series';
import type { FeedKind } from '../../../src-shared/wire';
import { rowsWithErpNumbers } from '../../data/review-rows/reads';

/** An answer's ERP number as the dialog holds it. */
export interface NumberedAck {
  id: string;
  externalNumber: string;
}

/** Why an answer's ERP number is refused: another document has it (its own number), or the dialog twice. */
export type NumberInUse =
  { kind: 'document'; number: string; document: string } | { kind: 'twice'; number: string };

/** Finds the numbers of a list already used on the connection (the store's rows; `numbers-in-use`). */
export type FindNumbersInUse = (acks: readonly NumberedAck[]) => Promise<Map<string, NumberInUse>>;

/**
 * The acks of `acks` whose ERP number another document of the feed has (its own row aside: a
 * payment answered again keeps its number), by id. Blank numbers are not looked up.
 */
export async function numbersUsedByDocuments(
  kind: FeedKind,
  acks: readonly NumberedAck[],
): Promise<Map<string, NumberInUse>> {
  const numbered = acks.filter((ack) => erpNumberKey(ack.externalNumber) !== '');
  const rows = await rowsWithErpNumbers(
    kind,
    numbered.map((ack) => ack.externalNumber),
  );
  const used = new Map<string, NumberInUse>();
  for (const ack of numbered) {
    const key = erpNumberKey(ack.externalNumber);
    const other = rows.find((row) => row.id !== ack.id && erpNumberKey(row.externalNumber) === key);
    if (other)
      used.set(ack.id, { kind: 'document', number: ack.externalNumber.trim(), document: other.number });
  }
  return used;
}

/** Every refused number of a dialog's acks: used by another document, or given twice in the list. */
export async function numbersInUse(
  kind: FeedKind,
  acks: readonly NumberedAck[],
): Promise<Map<string, NumberInUse>> {
  const used = await numbersUsedByDocuments(kind, acks);
  const twice = repeatedErpNumbers(acks);
  for (const ack of acks)
    if (twice.has(ack.id) && !used.has(ack.id))
      used.set(ack.id, { kind: 'twice', number: ack.externalNumber.trim() });
  return used;
}
