import { useEffect, useMemo, useState } from 'react';
import type { CustomerBalance } from '../../../src-shared/bridge/contract';
import {
  defaultMaxAgeDays,
  explainBalance,
  type CustomerWorksheet,
} from '../../../src-shared/domain/balance-worksheet';
import { nameLabel } from '../../../src-shared/domain/names';
import { readBalanceDocuments } from '../../data/balance-documents';
import { say } from '../../messages/intl';
import { useDeskLocale } from '../../messages/use-say';

/** One customer of the worksheet: who it is, and its worksheet once the service answered for it. */
export interface WorksheetRow {
  id: string;
  code: string;
  name: string;
  /** The customer's ERP key: a balance can be pushed only to a customer that has one. */
  ref: string | null;
  creditLimit: number | null;
  /** Null when the service does not know the id (or answered no balance block). */
  sheet: CustomerWorksheet | null;
  readAt: string;
}

/** The worksheet's views: every customer, those with a difference, those needing a fresh balance. */
export type WorksheetView = 'all' | 'differences' | 'fresh';

/** Whether a row belongs to a view. */
export function isInView(row: WorksheetRow, view: WorksheetView): boolean {
  switch (view) {
    case 'all':
      return true;
    case 'differences':
      return row.sheet !== null && row.sheet.differenceCents !== 0;
    case 'fresh':
      return row.sheet !== null && row.sheet.fresh.length > 0;
  }
}

function rowOf(entry: CustomerBalance, sheet: CustomerWorksheet | null): WorksheetRow {
  const record = entry.record;
  return {
    id: entry.id,
    code: record?.code ?? record?.external_ref ?? entry.id,
    name: record ? nameLabel(record.name) : say('balances.unknownCustomer'),
    ref: record?.external_ref ?? null,
    creditLimit: record?.balance?.credit_limit ?? null,
    sheet,
    readAt: entry.readAt,
  };
}

/**
 * The worksheet rows of the customers read this session: each lookup answer explained by the
 * customer's staged documents (read from IndexedDB whenever the answers change or `documentsKey`
 * moves, e.g. after a sync), and again when the clerk switches language (the rows hold words).
 */
export function useBalanceWorksheet(entries: Record<string, CustomerBalance>, documentsKey: number) {
  const list = useMemo(() => Object.values(entries), [entries]);
  const locale = useDeskLocale();
  // The rows with what they were computed from: until the newest answers are explained, the old rows stay.
  const [computed, setComputed] = useState<{
    rows: WorksheetRow[];
    list: CustomerBalance[] | null;
    key: number;
  }>({ rows: [], list: null, key: 0 });

  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      const known = list.filter((entry) => entry.record?.balance);
      const documents = await readBalanceDocuments(
        known.map((entry) => ({ id: entry.id, asOf: entry.record?.balance?.as_of ?? null })),
      );
      const nowMs = Date.now();
      const rows = list
        .map((entry) => {
          const balance = entry.record?.balance;
          const sheet = balance
            ? explainBalance(balance, documents.get(entry.id) ?? [], {
                nowMs,
                maxAgeDays: defaultMaxAgeDays,
              })
            : null;
          return rowOf(entry, sheet);
        })
        .sort((a, b) => a.code.localeCompare(b.code));
      if (isCurrent) setComputed({ rows, list, key: documentsKey });
    })();
    return () => {
      isCurrent = false;
    };
  }, [list, documentsKey, locale]);

  return {
    rows: computed.rows,
    isComputing: computed.list !== list || computed.key !== documentsKey,
  };
}
