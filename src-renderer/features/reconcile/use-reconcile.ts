import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeskError } from '../../../src-shared/bridge/result';
import {
  reconcile,
  unknownCustomers,
  withCustomerKeys,
  withDecision,
  type ReconcileDecision,
  type ReconcileResult,
  type ReconcileSettings,
  type ServiceDocument,
} from '../../../src-shared/domain/reconcile';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReconciliationRow } from '../../data/rows';
import { readReconciliation, serviceDocuments, updateReconciliation } from '../../data/reconciliations';
import { registerKeyJobs } from '../../state/desk-jobs';
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
  /** Reconciliations whose customer keys were asked this session (a failure is not retried in a loop). */
  const askedFor = useRef(new Set<string>());
  const [keysError, setKeysError] = useState<DeskError | null>(null);

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

  // Customers the register names by an ERP key no staged document carries are asked of the service,
  // once a screen and once a key (src-shared/domain/reconcile/customer-keys.ts).
  useEffect(() => {
    if (!row || !documents || row.kind !== kind || askedFor.current.has(row.id)) return;
    const known = row.customerKeys ?? { byCustomerId: {}, asked: [] };
    const unknown = unknownCustomers(row.register, documents, known.asked);
    if (unknown.length === 0) return;
    askedFor.current.add(row.id);
    let isCurrent = true;
    void registerKeyJobs.ask(row.id, unknown, known).then(({ keys, error }) => {
      setKeysError(error);
      if (keys && isCurrent)
        setLoaded((current) => (current?.id === row.id ? { ...current, customerKeys: keys } : current));
    });
    return () => {
      isCurrent = false;
    };
  }, [row, documents, kind]);

  // The engine runs after the paint that shows the clerk's change, never during a render.
  useEffect(() => {
    if (!row || !documents || row.kind !== kind) return;
    const timer = setTimeout(() => {
      const started = performance.now();
      const result = reconcile({
        documents: withCustomerKeys(documents, row.customerKeys?.byCustomerId ?? {}),
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
    /** Why the register's customer keys could not all be asked of the service, if they could not. */
    keysError,
    setSettings: (settings: ReconcileSettings) => save({ settings }),
    decide: (decisions: readonly ReconcileDecision[]) =>
      save({ decisions: decisions.reduce((all, next) => withDecision(all, next), row?.decisions ?? []) }),
    undoDecision: () => save({ decisions: (row?.decisions ?? []).slice(0, -1) }),
  };
}
