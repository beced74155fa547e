import { useEffect, useState } from 'react';
import type { FeedKind } from '../../../src-shared/wire';
import type { AuditEntry, ReviewRow, StoredDocument } from '../../data/rows';
import { readDocument } from '../../data/review-rows/reads';
import { ackHistory } from '../../data/ack-outbox';
import { useDeskStore } from '../../state/store';

/** A document, its row and its answer history on this computer; reloaded when data changes. */
export interface DocumentDetail {
  stored: StoredDocument;
  row: ReviewRow;
  history: AuditEntry[];
}

/** Loads the document the detail panel shows. */
export function useDocumentDetail(kind: FeedKind, id: string | null): DocumentDetail | null {
  const dataVersion = useDeskStore((state) => state.dataVersion);
  const [loaded, setLoaded] = useState<{ key: string; detail: DocumentDetail | null } | null>(null);
  useEffect(() => {
    if (id === null) return;
    let isCurrent = true;
    void Promise.all([readDocument(kind, id), ackHistory(id)]).then(([found, history]) => {
      if (isCurrent) setLoaded({ key: `${kind}:${id}`, detail: found ? { ...found, history } : null });
    });
    return () => {
      isCurrent = false;
    };
  }, [kind, id, dataVersion]);
  return id !== null && loaded?.key === `${kind}:${id}` ? loaded.detail : null;
}
