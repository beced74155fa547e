// How much the paged store reads at a time (README.md).

/**
 * How filters are read. Each condition (a filter word, an amount filter) names the ranges that hold
 * its rows, or none when a word starts a word most numbers share (then only the view's order finds its
 * rows). First at most `rowsReadUpTo` ids of each condition; when one has that few, its rows are read,
 * checked and ordered in memory (the count exact). Else, when a condition looks sparse in the view
 * (under `denseShare` of it: by the share of customers it names), at most `candidatesUpTo` of its ids are
 * read and the view's keys walked in order among them; else the view's rows are walked in order,
 * filtering as they go (matches are dense). A word naming more than `customersUpTo` customers names
 * too many ranges to read: it is left to the walk. A page far (`jumpFromEndAfter` rows) from any page
 * read before and nearer the other end of its view is read from that end. Tests lower them to reach
 * each way on small stores.
 */
export const reviewReadLimits = {
  denseShare: 0.01,
  candidatesUpTo: 20_000,
  // A customer's rows at 1,000,000 documents (2,250 of a view) are read whole: walking the view's keys
  // among them to find a page took seconds (the branch filter: 8.5 s before its first match).
  rowsReadUpTo: 10_000,
  customersUpTo: 100,
  /**
   * A query ordered by date with a condition of customers (a name, a branch) reads those customers' rows
   * in date order (`kCust`, merged), not the view's, while they are at most this many ranges (customers
   * by states): the view's newer rows of other customers are never read.
   */
  customerRangesUpTo: 200,
  jumpFromEndAfter: 10_000,
};

/** Rows a walk reads at a time, at first; it doubles (up to `walkChunkMax`) while matches are sparse. */
export const walkChunkMin = 200;
export const walkChunkMax = 5_000;

/** Keys read at a time when a page is reached by skipping (no row read). */
export const skipChunk = 5_000;
