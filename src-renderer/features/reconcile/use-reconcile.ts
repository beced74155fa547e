import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DeskError } from '../../../src-shared/bridge/result';
import {
  matchCustomerNames,
  reconcile,
  unknownCustomers,
  withCustomerKeys,
  withCustomersByName,
  withDecision,
  type CustomerNameMatches,
  type RegisterCustomerName,
  type ReconcileDecision,
  type ReconcileResult,
  type ReconcileSettings,
  type Register,
  type ServiceCustomer,
  type ServiceDocument,
} from '../../../src-shared/domain/reconcile';
import type { FeedKind } from '../../../src-shared/wire';
import type { CustomerAliasRow, ReconciliationRow } from '../../data/rows';
import { readReconciliation, serviceDocuments, updateReconciliation } from '../../data/reconciliations';
import {
  confirmCustomerAlias,
  readCustomerAliases,
  refuseCustomerAlias,
  type CustomerAliasPair,
} from '../../data/customer-aliases';
import { serviceCustomers } from '../../data/service-customers';
import { registerKeyJobs } from '../../state/desk-jobs';
import { useDeskStore } from '../../state/store';
import type { NameFailure } from './customer-name-words';

/**
 * A reconciliation open on screen: its stored record, the staged documents, the customers proposed for
 * the register's customer names (laid onto its lines before the engine ran), and the result.
 */
export interface OpenReconciliation {
  row: ReconciliationRow;
  documents: ServiceDocument[];
  names: CustomerNameMatches;
  result: ReconcileResult;
  /** How long the last run of the engine took, in milliseconds (shown beside the counts). */
  runMs: number;
}

/** A register name as the clerk decides on it. */
type NameOf = Pick<RegisterCustomerName, 'name' | 'shownName'>;

/** No customer names: a register whose lines carry none. */
const noNames: CustomerNameMatches = { proposals: [], ambiguous: [], unknown: [] };

/**
 * Opens a reconciliation and keeps its result current: the engine runs again whenever staged data
 * changes (a sync, an answer), the rules' settings change, or the clerk decides. Decisions and
 * settings are saved at once, so they survive a restart; an undo removes the last decision. Customers
 * the register names only by name are proposed from the service's customers and the connection's
 * aliases (src-shared/domain/reconcile/customer-names.ts) and used at once; the clerk's Confirm and Not
 * this customer are kept per connection.
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
  const [customers, setCustomers] = useState<{ for: ServiceDocument[]; list: ServiceCustomer[] } | null>(
    null,
  );
  const [aliases, setAliases] = useState<{ for: string; rows: CustomerAliasRow[] } | null>(null);
  const register = row?.register ?? null;
  const hasNames = useMemo(() => !!register?.lines.some((line) => line.customerName), [register]);

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

  // The service's customers, for a register that names customers by name: read again with the documents
  // (a sync may have looked up names) and with the ERP keys the service answered.
  const erpKeys = row?.customerKeys?.byCustomerId;
  useEffect(() => {
    if (!documents || !hasNames) return;
    let isCurrent = true;
    void serviceCustomers(documents, erpKeys ?? {}).then((list) => {
      if (isCurrent) setCustomers({ for: documents, list });
    });
    return () => {
      isCurrent = false;
    };
  }, [documents, erpKeys, hasNames]);

  const connectionId = row?.connectionId ?? null;
  useEffect(() => {
    if (connectionId === null || !hasNames) return;
    let isCurrent = true;
    void readCustomerAliases(connectionId).then((rows) => {
      if (isCurrent) setAliases({ for: connectionId, rows });
    });
    return () => {
      isCurrent = false;
    };
  }, [connectionId, hasNames]);

  /** The last names matched, and what from: matched again only when one of these changes. */
  const matched = useRef<{
    register: Register;
    customers: ServiceCustomer[];
    aliases: CustomerAliasRow[];
    names: CustomerNameMatches;
  } | null>(null);

  // The engine runs after the paint that shows the clerk's change, never during a render; so does the
  // matching of names, which runs again only when the register, the customers or the aliases change (not
  // for a setting or a decision). A register with names waits for its customers and aliases.
  useEffect(() => {
    if (!row || !documents || row.kind !== kind) return;
    const nameInputs = !hasNames
      ? null
      : customers?.for === documents && aliases?.for === row.connectionId
        ? { customers: customers.list, aliases: aliases.rows }
        : undefined;
    if (nameInputs === undefined) return;
    const timer = setTimeout(() => {
      const started = performance.now();
      let names = noNames;
      if (nameInputs) {
        const last = matched.current;
        names =
          last?.register === row.register &&
          last.customers === nameInputs.customers &&
          last.aliases === nameInputs.aliases
            ? last.names
            : matchCustomerNames(row.register.lines, nameInputs.customers, nameInputs.aliases);
        matched.current = { register: row.register, ...nameInputs, names };
      }
      const result = reconcile({
        documents: withCustomerKeys(documents, row.customerKeys?.byCustomerId ?? {}),
        register: withCustomersByName(row.register, names.proposals),
        settings: row.settings,
        decisions: row.decisions,
      });
      setOpen({ row, documents, names, result, runMs: Math.round(performance.now() - started) });
    }, 0);
    return () => clearTimeout(timer);
  }, [row, documents, kind, hasNames, customers, aliases]);

  const save = useCallback(
    async (patch: { settings?: ReconcileSettings; decisions?: ReconcileDecision[] }): Promise<void> => {
      if (!row) return;
      setLoaded({ ...row, ...patch });
      try {
        await updateReconciliation(row.id, patch, new Date().toISOString());
      } catch (thrown) {
        // Not kept (a full disk): the screen shows what is stored again, and the caller says why.
        setLoaded(row);
        throw thrown;
      }
    },
    [row],
  );

  /**
   * Keeps the clerk's word on a register name and a customer for the connection, then matches again.
   * Answers null, or why it could not be kept (nothing was written) or used.
   */
  const decideName = useCallback(
    async (word: 'confirm' | 'refuse', name: NameOf, customerId: string): Promise<NameFailure | null> => {
      if (connectionId === null) return null;
      const pair: CustomerAliasPair = {
        connectionId,
        name: name.name,
        shownName: name.shownName,
        customerId,
      };
      const detail = (thrown: unknown): string => (thrown instanceof Error ? thrown.message : String(thrown));
      try {
        const nowIso = new Date().toISOString();
        await (word === 'confirm' ? confirmCustomerAlias(pair, nowIso) : refuseCustomerAlias(pair, nowIso));
      } catch (thrown) {
        return { why: 'not-kept', detail: detail(thrown) };
      }
      try {
        setAliases({ for: connectionId, rows: await readCustomerAliases(connectionId) });
        return null;
      } catch (thrown) {
        return { why: 'not-read-again', detail: detail(thrown) };
      }
    },
    [connectionId],
  );

  return {
    open: open && row && open.row.id === row.id ? open : null,
    /** Why the register's customer keys could not all be asked of the service, if they could not. */
    keysError,
    setSettings: (settings: ReconcileSettings) => save({ settings }),
    decide: (decisions: readonly ReconcileDecision[]) =>
      save({ decisions: decisions.reduce((all, next) => withDecision(all, next), row?.decisions ?? []) }),
    undoDecision: () => save({ decisions: (row?.decisions ?? []).slice(0, -1) }),
    /** This register name is this customer: kept for the connection. */
    confirmName: (name: NameOf, customerId: string) => decideName('confirm', name, customerId),
    /** This register name is not this customer: kept for the connection, never proposed again. */
    refuseName: (name: NameOf, customerId: string) => decideName('refuse', name, customerId),
  };
}
