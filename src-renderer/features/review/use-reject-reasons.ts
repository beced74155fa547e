import { useEffect, useState } from 'react';
import { rejectReasons, type RejectReason } from '../../../src-shared/domain/acks';
import type { FeedKind } from '../../../src-shared/wire';
import { referenceListJobs } from '../../state/desk-jobs';

/**
 * The reasons a rejection may carry: the desk's own list, and for returns also the service's
 * `return-reasons` (docs/decisions/040-reject-reason-codes.md). The code list is read from the local
 * cache first, so rejecting works offline, and refreshed from the service when it answers.
 */
export function useRejectReasons(kind: FeedKind): RejectReason[] {
  const [extra, setExtra] = useState<RejectReason[]>([]);
  useEffect(() => {
    if (kind !== 'returns') return;
    let isCurrent = true;
    const show = (entries: ReadonlyArray<{ code: string; name: RejectReason['name'] }>): void => {
      if (isCurrent) setExtra(entries.map((entry) => ({ code: entry.code, name: entry.name })));
    };
    void referenceListJobs.refresh('return-reasons', show);
    return () => {
      isCurrent = false;
    };
  }, [kind]);
  const own = kind === 'returns' ? extra : [];
  const known = new Set(own.map((reason) => reason.code));
  return [...own, ...rejectReasons.filter((reason) => !known.has(reason.code))];
}
