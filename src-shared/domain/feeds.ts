/**
 * The four feeds as the desk stages them: which document each carries, its page shape, the cursor
 * that resumes it, and the few facts of a document the grids index (date, customer, rep, amount).
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Pull documents and Versioning. Runtime-free:
 * both the core (which pulls pages) and the renderer (which stages them) use it.
 */
import type { FeedKind, FeedMeta, Invoice, Order, Payment, Ref, Return } from '../wire';

/** The document each feed carries. Spec, What the service does (1). */
export interface FeedDocuments {
  orders: Order;
  invoices: Invoice;
  payments: Payment;
  returns: Return;
}

/** A document of feed `K` (any feed's by default). */
export type FeedDocument<K extends FeedKind = FeedKind> = FeedDocuments[K];

/**
 * One page of a feed as it crosses the bridge: the kind, the documents in version order, and the
 * feed's `meta`.
 *
 * Spec, Pull documents (feed `data` plus `meta`). A page of any feed is a union narrowed by `kind`;
 * written as a mapped type indexed by `K` (as `KindedDocument` is), so that a function generic in `K`
 * can build a page of the same feed without a `switch (kind)`.
 */
export type FeedPageOf<K extends FeedKind> = {
  [P in K]: { kind: P; data: FeedDocuments[P][]; meta: FeedMeta };
}[K];

/** A page of any feed. */
export type AnyFeedPage = FeedPageOf<FeedKind>;

/**
 * The version a feed resumes after: the last version staged, or `meta.next_version_after`.
 *
 * Spec, Pull documents (`filter[version_after]`) and Versioning: feeds are ordered and resumed by
 * `version`. Branded so a seq or a count cannot be passed in its place.
 */
export type VersionCursor = number & { readonly __brand: 'VersionCursor' };

/** A number read as a version cursor; throws RangeError for anything but a non-negative integer. */
export function toVersionCursor(value: number): VersionCursor {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`A version cursor is a non-negative integer, not ${value}.`);
  return value as VersionCursor;
}

/**
 * The page size the desk pulls with: the largest the service allows.
 *
 * Spec, Limits: feed `per_page` 1 to 500. Fewer, larger pages spend less of the rate budget.
 */
export const feedPageSize = 500;

/**
 * The cursor after a page: `meta.next_version_after`.
 *
 * Spec, Pull documents: "the last version staged, or `meta.next_version_after`". The higher of the
 * two is taken so a page can never move a cursor backwards (nothing is staged twice, nothing skipped).
 */
export function cursorAfterPage(current: VersionCursor, page: AnyFeedPage): VersionCursor {
  let next = Math.max(current, page.meta.next_version_after);
  for (const doc of page.data) next = Math.max(next, doc.version);
  return toVersionCursor(next);
}

/**
 * How far a sync has come, as a fraction 0..1 of the version span from where it started to the feed's
 * `high_water`, and the document count that fraction suggests.
 *
 * Spec, Pull documents: `meta.high_water` is where the stream stands. Versions move on every change
 * of any document, so the span is a measure of work left, not a document count; the count is
 * estimated from the documents per version seen so far.
 */
export function estimateProgress(input: {
  startedAfter: number;
  cursor: number;
  highWater: number;
  fetched: number;
  hasMore: boolean;
}): { fraction: number; estimatedTotal: number | null } {
  if (!input.hasMore) return { fraction: 1, estimatedTotal: input.fetched };
  const span = input.highWater - input.startedAfter;
  const done = input.cursor - input.startedAfter;
  if (span <= 0 || done <= 0) return { fraction: 0, estimatedTotal: null };
  const fraction = Math.min(1, done / span);
  return {
    fraction,
    estimatedTotal: fraction > 0 ? Math.max(input.fetched, Math.round(input.fetched / fraction)) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// What the grids index
// ---------------------------------------------------------------------------------------------

/**
 * A document together with its feed (any feed's by default), so that a switch on `kind` narrows `doc`
 * (no casts). A mapped type indexed by `K`: a function generic in `K` that keeps a document's feed,
 * `{ kind: item.kind, doc: update(item.doc) }`, type-checks as it stands, so the same mapping is
 * written once instead of once a feed in a `switch (kind)` (TypeScript's correlated unions).
 */
export type KindedDocument<K extends FeedKind = FeedKind> = {
  [P in K]: { kind: P; doc: FeedDocuments[P] };
}[K];

/** The date a document is listed by: order, issue, collection or return date. Spec, Resources. */
export function documentDate(item: KindedDocument): string {
  switch (item.kind) {
    case 'orders':
      return item.doc.order_date;
    case 'invoices':
      return item.doc.issue_date;
    case 'payments':
      return item.doc.collection_date;
    case 'returns':
      return item.doc.return_date;
  }
}

/**
 * The document's own number as the service shows it.
 *
 * Spec, Resources: orders, invoices and returns require `number`; a payment's is optional, so its
 * receipt's number stands in, then its id.
 */
export function documentNumber(item: KindedDocument): string {
  if (item.kind === 'payments') return item.doc.number ?? item.doc.receipt?.number ?? item.doc.id;
  return item.doc.number;
}

/**
 * A document's issue `seq`, or null when it has none (orders; spec, Versioning: "issued documents also
 * carry `seq`"). A payment's own `seq`, else its receipt's.
 */
export function documentSeq(item: KindedDocument): number | null {
  switch (item.kind) {
    case 'orders':
      return null;
    case 'invoices':
      return item.doc.seq ?? null;
    case 'payments':
      return item.doc.seq ?? item.doc.receipt?.seq ?? null;
    case 'returns':
      return item.doc.seq ?? null;
  }
}

/**
 * When a document was issued (ISO time): an invoice's `issued_at`, a payment's receipt `issued_at` (else
 * its `collected_at`), a return's `returned_at`; an order's `created_at`. Spec, Resources.
 */
export function documentIssuedAt(item: KindedDocument): string {
  switch (item.kind) {
    case 'orders':
      return item.doc.created_at;
    case 'invoices':
      return item.doc.issued_at;
    case 'payments':
      return item.doc.receipt?.issued_at ?? item.doc.collected_at;
    case 'returns':
      return item.doc.returned_at;
  }
}

/**
 * Whether a document was issued (`documentIssuedAt`) on or after `day` (`YYYY-MM-DD`, from 00:00 UTC):
 * the boundary of a connection that starts from a date (docs/decisions/090-where-to-start.md, 091).
 */
export function isIssuedSince(item: KindedDocument, day: string): boolean {
  return Date.parse(documentIssuedAt(item)) >= Date.parse(`${day}T00:00:00Z`);
}

/**
 * The sales rep of a document: the order's, the invoice's order's, the collector's, the return's.
 *
 * Spec, Resources: Order `sales_rep`, Invoice `order.sales_rep`, Payment `collected_by.sales_rep`
 * (optional), Return `sales_rep`.
 */
export function documentRep(item: KindedDocument): Ref | null {
  switch (item.kind) {
    case 'orders':
      return item.doc.sales_rep;
    case 'invoices':
      return item.doc.order.sales_rep;
    case 'payments':
      return item.doc.collected_by.sales_rep ?? null;
    case 'returns':
      return item.doc.sales_rep;
  }
}

/**
 * The amount a document is totalled by, as the decimal string the service sent.
 *
 * Spec, Resources: Invoice `totals.total`, Payment `amount`, Return `total`; an order's `totals.gross`
 * (its total with tax, the order's counterpart of an invoice's `total`).
 */
export function documentAmount(item: KindedDocument): string {
  switch (item.kind) {
    case 'orders':
      return item.doc.totals.gross;
    case 'invoices':
      return item.doc.totals.total;
    case 'payments':
      return item.doc.amount;
    case 'returns':
      return item.doc.total;
  }
}

/** A short readable label of a reference: its code, else its ERP key, else its id. Spec, Ref. */
export function refLabel(ref: Ref | null | undefined): string {
  if (!ref) return '';
  return ref.code ?? ref.external_ref ?? ref.id;
}

// ---------------------------------------------------------------------------------------------
// Money
// ---------------------------------------------------------------------------------------------

/**
 * A money decimal string as whole cents, so totals add exactly.
 *
 * Spec, Resources (conventions): amounts are decimal strings with 2 decimals. Anything else counts 0.
 */
export function amountToCents(amount: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) return 0;
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -cents : cents;
}

/** Whole cents back as a decimal string with 2 decimals (`-1234` → `"-12.34"`). */
export function centsToAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The documents of a page, each with its kind (a switch on `kind` narrows the document). */
export function kindedItems<K extends FeedKind>(page: FeedPageOf<K>): KindedDocument<K>[] {
  return page.data.map((doc) => ({ kind: page.kind, doc }));
}
