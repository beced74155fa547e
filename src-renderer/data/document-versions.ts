/**
 * A stored document's versions: the version staged next, with the document as it was when acked kept
 * beside it (to tell what changed once it is pending again), and the stored document mapped with its
 * kind kept.
 */
import type { FeedDocument, KindedDocument } from '../../src-shared/domain/feeds';
import type { FeedKind } from '../../src-shared/wire';
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

/** Whether a stored document is of feed `kind`. */
function isOfKind<K extends FeedKind>(
  stored: StoredDocument | undefined,
  kind: K,
): stored is StoredDocument & StoredDocument<K> {
  return stored?.kind === kind;
}

/** The stored document of a fetched one, keeping its acked snapshot (`previous`: as stored now). */
export function nextStored<K extends FeedKind>(
  item: KindedDocument<K>,
  previous: StoredDocument | undefined,
): StoredDocument<K> {
  return {
    kind: item.kind,
    id: item.doc.id,
    version: item.doc.version,
    doc: item.doc,
    answered: isOfKind(previous, item.kind) ? ackedSnapshot(item.doc, previous.doc, previous.answered) : null,
  };
}

/** The acked snapshot of a stored document with its kind. */
export function ackedOf<K extends FeedKind>(stored: StoredDocument<K>): KindedDocument<K> | null {
  return stored.answered ? { kind: stored.kind, doc: stored.answered } : null;
}

/** A stored document's newest version with its kind. */
export function kindedOf<K extends FeedKind>(stored: StoredDocument<K>): KindedDocument<K> {
  return { kind: stored.kind, doc: stored.doc };
}

/**
 * Applies `update` to a stored document, keeping its kind; the stored version follows the document's.
 */
export function mapStored<K extends FeedKind>(
  stored: StoredDocument<K>,
  update: <D extends FeedDocument>(doc: D) => D,
): StoredDocument<K> {
  const doc = update(stored.doc);
  return { ...stored, doc, version: doc.version };
}
