/**
 * The app's database as store version 7 left it (before issue 17's paged tables), for tests and
 * benchmarks that meet the app with a clerk's older store: the tables as Dexie names them, and the
 * source of a script that creates them in a page (raw IndexedDB, the app not loaded).
 */

/** The tables of store version 7 (Dexie schema syntax; src-renderer/data/db.ts, versions 1 to 7). */
export const version7Tables: Record<string, string> = {
  orders: 'id, review, date, customerId',
  invoices: 'id, review, date, customerId',
  payments: 'id, review, date, customerId',
  returns: 'id, review, date, customerId',
  cursors: 'kind',
  outbox: 'id, state, createdAt, [connectionId+state]',
  audit: '++seq, at, batchId, *docIds',
  references: 'kind',
  meta: 'key',
  pushRuns: 'runId, connectionId, createdAt',
  pushRecords: '[runId+seq], runId, [runId+outcome]',
  importLayouts: 'signature, kind',
  pushedKeys: '[connectionId+kind+key], [connectionId+kind]',
  customerNames: 'id',
  documentChunks: 'key',
  chunkLive: 'key',
  reconciliations: 'id, [connectionId+kind], createdAt',
  registerLayouts: 'signature',
};

/**
 * The source of an expression, run in a page of the app's origin, that creates the app's database at
 * store version 7 (Dexie's version 7 is IndexedDB's 70) and answers a promise of the open IDBDatabase.
 */
export function openVersion7StoreSource(): string {
  return `new Promise((resolve, reject) => {
    const tables = ${JSON.stringify(version7Tables)};
    const keyPath = (spec) => (spec.startsWith('[') ? spec.slice(1, -1).split('+') : spec);
    const open = indexedDB.open('reconciliation-desk', 70);
    open.onupgradeneeded = () => {
      for (const [name, spec] of Object.entries(tables)) {
        const [primary, ...indexes] = spec.split(',').map((part) => part.trim());
        const store = primary.startsWith('++')
          ? open.result.createObjectStore(name, { keyPath: primary.slice(2), autoIncrement: true })
          : open.result.createObjectStore(name, { keyPath: keyPath(primary) });
        for (const index of indexes) {
          if (index.startsWith('*')) store.createIndex(index.slice(1), index.slice(1), { multiEntry: true });
          else store.createIndex(index, keyPath(index));
        }
      }
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  })`;
}
