/**
 * What the desk knows of an issued feed's `seq` (invoices, payments, returns): issued documents carry a
 * gap-free issue sequence (spec, Pull documents: `filter[seq_after]`, "each document appears once, as
 * issued, with no gaps"), so a seq the store lacks below the highest one it holds is a document the
 * version feed never delivered. docs/decisions/091-seq-gaps.md.
 */

/** A document that was missing from the feed and was fetched by `filter[seq_after]`. */
export interface FilledGap {
  seq: number;
  id: string;
  /** The document's own number (invoice number, receipt number, credit note number). */
  number: string;
  /** When it was found missing (ISO time). */
  foundAt: string;
  /** When it was fetched and staged (ISO time). */
  filledAt: string;
}

/** One feed's seq ledger, kept with its version cursor. */
export interface SeqLedger {
  /**
   * Seqs at or below this are before the desk's start and are never gaps: 0 for a start from
   * everything, the feed's `last_seq` for a start from now, and for a start from a date the seq before
   * the first document issued on or after it (null until the first load has seen one).
   */
  from: number | null;
  /** The highest seq staged (0 before any). */
  highest: number;
  /** Inclusive ranges `[first, last]` of seqs above `from` and below `highest` that are not staged, in order. */
  missing: Array<[number, number]>;
  /** Documents found missing and fetched since, the newest last (kept for the day-end report). */
  filled: FilledGap[];
  /** When the service's own `last_seq` (`GET /{feed}/cursor`) was last compared (ISO time), null before. */
  checkedAt: string | null;
  /** The service's `last_seq` at that comparison. */
  serviceLastSeq: number | null;
}
