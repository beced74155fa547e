import { useCallback, useEffect, useState } from 'react';
import {
  reconcile,
  withDecision,
  type ReconcileDecision,
  type ReconcileResult,
  type ReconcileSettings,
  type ServiceDocument,
} from '../../../src-shared/domain/reconcile';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReconciliationRow } from '../../data/db';
import { readReconciliation, serviceDocuments, updateReconciliation } from '../../data/reconciliations';
import { useDeskStore } from '../../state/store';

/** A reconciliation open on screen: its stored record, the staged documents, and the result. */
export interface OpenReconciliation {
  row: ReconciliationRow;
  documents: ServiceDocument[];
  result: ReconcileResult;
  /** How long the last run of the engine took, in milliseconds (shown beside the counts). */
  runMs: number;
}

/**
 * Opens a reconciliation and keeps its result current: the engine runs again whenever staged data
 * changes (a sync, an answer), the rules' settings change, or the clerk decides. Decisions and
 * settings are saved at once, so they survive a restart; an undo removes the last decision.
 */
export function useReconcile(id: string | null, kind: FeedKind) {
  const dataVersion = useDeskStore((state) => state.dataVersion);
  const [loaded, setLoaded] = useState<ReconciliationRow | null>(null);
  const [documents, setDocuments] = useState<ServiceDocument[] | null>(null);
  const [open, setOpen] = useState<OpenReconciliation | null>(null);
  // The record shown is the one asked for: a late read of another one is never shown for it.
  const row = loaded && loaded.id === id ? loaded : null;

  useEffect(() => {
    let isCurrent = true;
    if (id === null) return;
    void readReconciliation(id).then((found) => {
      if (isCurrent) setLoaded(found ?? null);
    });
    return () => {
      isCurrent = false;
    };
  }, [id]);

  useEffect(() => {
    let isCurrent = true;
    void serviceDocuments(kind).then((docs) => {
      if (isCurrent) setDocuments(docs);
    });
    return () => {
      isCurrent = false;
    };
  }, [kind, dataVersion]);

  // The engine runs after the paint that shows the clerk's change, never during a render.
  useEffect(() => {
    if (!row || !documents || row.kind !== kind) return;
    const timer = setTimeout(() => {
      const started = performance.now();
      const result = reconcile({
        documents,
        register: row.register,
        settings: row.settings,
        decisions: row.decisions,
      });
      setOpen({ row, documents, result, runMs: Math.round(performance.now() - started) });
    }, 0);
    return () => clearTimeout(timer);
  }, [row, documents, kind]);

  const save = useCallback(
    async (patch: { settings?: ReconcileSettings; decisions?: ReconcileDecision[] }): Promise<void> => {
      if (!row) return;
      setLoaded({ ...row, ...patch });
      await updateReconciliation(row.id, patch, new Date().toISOString());
    },
    [row],
  );

  return {
    open: open && row && open.row.id === row.id ? open : null,
    setSettings: (settings: ReconcileSettings) => save({ settings }),
    decide: (decisions: readonly ReconcileDecision[]) =>
      save({ decisions: decisions.reduce((all, next) => withDecision(all, next), row?.decisions ?? []) }),
    undoDecision: () => save({ decisions: (row?.decisions ?? []).slice(0, -1) }),
  };
}
