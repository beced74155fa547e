/**
 * A stored document's versions: the version staged next, with the document as it was when acked kept
 * beside it (to tell what changed once it is pending again), and the stored document mapped with its
 * kind kept.
 */
import type { FeedDocument, KindedDocument } from '../../src-shared/domain/feeds';
import type { StoredDocument } from './rows';

/**
 * The document as it was when answered, when this desk saw it: needed to tell what changed once it is
 * pending again (spec, Ack: kept at the answered version).
 */
function ackedSnapshot<D extends FeedDocument>(
  doc: D,
  previous: D | null,
  previousAcked: D | null,
): D | null {
  if (!doc.ack || doc.ack.acked_version === doc.version) return null;
  if (previous && previous.version === doc.ack.acked_version) return previous;
  return previousAcked;
}

/** The stored document of a fetched one, keeping its acked snapshot (`previous`: as stored now). */
export function nextStored(item: KindedDocument, previous: StoredDocument | undefined): StoredDocument {
  const base = { id: item.doc.id, version: item.doc.version };
  switch (item.kind) {
    case 'orders':
      return {
        ...base,
        kind: 'orders',
        doc: item.doc,
        answered:
          previous?.kind === 'orders' ? ackedSnapshot(item.doc, previous.doc, previous.answered) : null,
      };
    case 'invoices':
      return {
        ...base,
        kind: 'invoices',
        doc: item.doc,
        answered:
          previous?.kind === 'invoices' ? ackedSnapshot(item.doc, previous.doc, previous.answered) : null,
      };
    case 'payments':
      return {
        ...base,
        kind: 'payments',
        doc: item.doc,
        answered:
          previous?.kind === 'payments' ? ackedSnapshot(item.doc, previous.doc, previous.answered) : null,
      };
    case 'returns':
      return {
        ...base,
        kind: 'returns',
        doc: item.doc,
        answered:
          previous?.kind === 'returns' ? ackedSnapshot(item.doc, previous.doc, previous.answered) : null,
      };
  }
}

/** The answered snapshot of a stored document with its kind. */
export function ackedOf(stored: StoredDocument): KindedDocument | null {
  switch (stored.kind) {
    case 'orders':
      return stored.answered ? { kind: 'orders', doc: stored.answered } : null;
    case 'invoices':
      return stored.answered ? { kind: 'invoices', doc: stored.answered } : null;
    case 'payments':
      return stored.answered ? { kind: 'payments', doc: stored.answered } : null;
    case 'returns':
      return stored.answered ? { kind: 'returns', doc: stored.answered } : null;
  }
}

/**
 * Applies `update` to a stored document, keeping its kind; the stored version follows the document's.
 */
export function mapStored(
  stored: StoredDocument,
  update: <D extends FeedDocument>(doc: D) => D,
): StoredDocument {
  switch (stored.kind) {
    case 'orders': {
      const doc = update(stored.doc);
      return { ...stored, doc, version: doc.version };
    }
    case 'invoices': {
      const doc = update(stored.doc);
      return { ...stored, doc, version: doc.version };
    }
    case 'payments': {
      const doc = update(stored.doc);
      return { ...stored, doc, version: doc.version };
    }
    case 'returns': {
      const doc = update(stored.doc);
      return { ...stored, doc, version: doc.version };
    }
  }
}
