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
  /**
   * A start from a date only: when `from` was confirmed against the service's own seq stream
   * (`confirmedDateFrom`, ISO time). Absent until then, and for the other starts, whose `from` is known
   * when they begin.
   */
  fromConfirmedAt?: string;
}

/** A feed's ledger before anything is staged, starting after `from` (see `SeqLedger.from`). */
export function emptySeqLedger(from: number | null): SeqLedger {
  return {
    from,
    highest: from ?? 0,
    missing: [],
    filled: [],
    checkedAt: null,
    serviceLastSeq: null,
  };
}

/**
 * The ledger after these seqs were staged: a seq above `highest` opens the range of seqs between (not
 * staged yet), a seq inside a missing range closes it there. Order does not matter; a seq staged
 * before, or not a positive integer, changes nothing. Ranges stay compressed: a first load of 100,000
 * documents in version order leaves as many ranges as it has holes, never one number a document.
 *
 * `from` is not looked at: ranges at or below it are not gaps (`missingSeqs` leaves them out) and go
 * when it is settled (`settleFrom`). So a start from a date, whose `from` its first load only learns
 * (`lowerFrom`), records every seq and can lower `from` without losing one.
 */
export function addSeqs(ledger: SeqLedger, seqs: Iterable<number>): SeqLedger {
  let highest = ledger.highest;
  const missing = ledger.missing.map((range): [number, number] => [range[0], range[1]]);
  for (const seq of [...seqs].sort((a, b) => a - b)) {
    if (!Number.isSafeInteger(seq) || seq <= 0) continue;
    if (seq > highest) {
      if (seq > highest + 1) missing.push([highest + 1, seq - 1]);
      highest = seq;
      continue;
    }
    const index = rangeIndexOf(missing, seq);
    if (index < 0) continue;
    const [first, last] = missing[index]!;
    const pieces: Array<[number, number]> = [];
    if (first < seq) pieces.push([first, seq - 1]);
    if (seq < last) pieces.push([seq + 1, last]);
    missing.splice(index, 1, ...pieces);
  }
  return { ...ledger, highest, missing };
}

/** The index of the range holding `seq` (ranges in order, not overlapping), or -1. */
function rangeIndexOf(ranges: ReadonlyArray<readonly [number, number]>, seq: number): number {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = ranges[middle]!;
    if (seq < first) high = middle - 1;
    else if (seq > last) low = middle + 1;
    else return middle;
  }
  return -1;
}

/**
 * The ledger with `from` lowered to `from` (never raised): a start from a date learns its boundary
 * from the documents of its first load, each document issued on or after the day bringing it down to
 * the seq before its own. docs/decisions/091-seq-gaps.md (the date-start boundary).
 */
export function lowerFrom(ledger: SeqLedger, from: number): SeqLedger {
  if (ledger.from !== null && ledger.from <= from) return ledger;
  return { ...ledger, from };
}

/**
 * The seq before the first document issued on or after a start's day, confirmed against the service's
 * own seq stream rather than inferred from what the first load delivered (a faulty page could have left
 * out that very document, and the inferred boundary would start after it). `candidate` is what the first
 * load learnt (`lowerFrom`), or the service's `last_seq` when it saw no document of the day;
 * `issuedBefore(seq)` reads the document of that seq and tells whether it was issued before the day.
 * Seqs follow issue order, so the answer is the highest seq at or below the candidate whose document was
 * issued before the day, 0 when none: one read when the candidate holds; else reads down by doubling
 * steps until one was issued before the day, then halving between the two.
 */
export async function confirmedDateFrom(
  candidate: number,
  issuedBefore: (seq: number) => Promise<boolean>,
): Promise<number> {
  if (candidate <= 0) return 0;
  if (await issuedBefore(candidate)) return candidate;
  // `after` is a seq known to be issued on or after the day, `before` one issued before it (0: none).
  let after = candidate;
  let before = 0;
  for (let step = 1; after - step > 0; step *= 2) {
    const seq = after - step;
    if (await issuedBefore(seq)) {
      before = seq;
      break;
    }
    after = seq;
  }
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (await issuedBefore(middle)) before = middle;
    else after = middle;
  }
  return before;
}

/**
 * The ledger with `from` settled and what lies at or below it dropped: ranges before the start are not
 * gaps and need not be kept. A ledger whose `from` is still null (a start from a date that has seen no
 * document issued since) takes `fallback`, the service's `last_seq` once its first load is caught up:
 * nothing was issued on or after the date by then.
 */
export function settleFrom(ledger: SeqLedger, fallback: number): SeqLedger {
  const from = ledger.from ?? fallback;
  const missing = ledger.missing.flatMap((range): Array<[number, number]> => {
    if (range[1] <= from) return [];
    return [[Math.max(range[0], from + 1), range[1]]];
  });
  return { ...ledger, from, highest: Math.max(ledger.highest, from), missing };
}

/**
 * The seqs a caught-up feed lacks: the ledger's missing ranges above `from`, and the service's own
 * `last_seq` beyond the highest staged (documents issued since the last page, or skipped at the end of
 * the feed). Empty while `from` is null.
 */
export function missingSeqs(ledger: SeqLedger, serviceLastSeq: number | null): Array<[number, number]> {
  if (ledger.from === null) return [];
  const from = ledger.from;
  const ranges = ledger.missing.flatMap((range): Array<[number, number]> =>
    range[1] <= from ? [] : [[Math.max(range[0], from + 1), range[1]]],
  );
  const top = Math.max(ledger.highest, from);
  if (serviceLastSeq !== null && serviceLastSeq > top) ranges.push([top + 1, serviceLastSeq]);
  return ranges;
}

/** How many seqs the ranges hold. */
export function countSeqs(ranges: ReadonlyArray<readonly [number, number]>): number {
  return ranges.reduce((sum, [first, last]) => sum + (last - first + 1), 0);
}

/** The first `limit` seqs of the ranges, in order (for words: "receipt no. 1043 never arrived"). */
export function firstSeqs(ranges: ReadonlyArray<readonly [number, number]>, limit: number): number[] {
  const seqs: number[] = [];
  for (const [first, last] of ranges) {
    for (let seq = first; seq <= last && seqs.length < limit; seq += 1) seqs.push(seq);
    if (seqs.length >= limit) break;
  }
  return seqs;
}

/** Whether `seq` lies in one of the ranges. */
export function isInRanges(ranges: ReadonlyArray<readonly [number, number]>, seq: number): boolean {
  return rangeIndexOf(ranges, seq) >= 0;
}

/** The ledger after a comparison with the service's `last_seq` at `checkedAt`, with the gaps filled then. */
export function recordCheck(
  ledger: SeqLedger,
  check: { checkedAt: string; serviceLastSeq: number; filled?: readonly FilledGap[] },
): SeqLedger {
  return {
    ...ledger,
    checkedAt: check.checkedAt,
    serviceLastSeq: check.serviceLastSeq,
    filled: check.filled && check.filled.length > 0 ? [...ledger.filled, ...check.filled] : ledger.filled,
  };
}

/** A ledger of every seq in `seqs` (in any order), starting after `from`: a store upgraded to the ledger. */
export function ledgerOfSeqs(from: number | null, seqs: Iterable<number>): SeqLedger {
  return addSeqs(emptySeqLedger(from), seqs);
}
