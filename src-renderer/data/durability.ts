/**
 * Which of the store's writes reach the disk before they are reported done (docs/decisions/114-durable-clerk-work.md).
 *
 * Chromium commits an IndexedDB transaction as `relaxed` unless asked otherwise: the write is handed
 * to the operating system and reported done before it is flushed, so a power cut or a system crash a
 * few seconds later can take it back. That is right for what the service can give again (staged
 * pages, rows, names looked up): the next sync fetches them. It is wrong for the clerk's own work: an
 * Accept the dialog said was queued, its Idempotency-Key, a batch's recorded response, a counted
 * cash-up, a push run's history. So a read-write transaction that touches any table of the clerk's
 * work is committed `strict` (flushed before `complete`); every other one keeps Chromium's default.
 */
import type { DBCore, Middleware } from 'dexie';

/**
 * The tables of what only the clerk (or the clerk's calls) made: nothing can fetch them again. A table
 * the service's data fills (feeds, rows, chunks, cursors, names, code lists, counters) is not here.
 */
export const clerkWorkTables: ReadonlySet<string> = new Set([
  'outbox',
  'audit',
  'pushRuns',
  'pushRecords',
  'pushedKeys',
  'reconciliations',
  'customerAliases',
  'repNames',
  'cashUps',
  'importLayouts',
  'registerLayouts',
]);

/** Whether a transaction over `stores` in `mode` is committed `strict`. */
function isDurableWrite(stores: readonly string[], mode: 'readonly' | 'readwrite'): boolean {
  return mode === 'readwrite' && stores.some((store) => clerkWorkTables.has(store));
}

/** Dexie middleware: the clerk's work committed `strict`, whatever Dexie's own default. */
export const durableClerkWork: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'durable-clerk-work',
  create: (down) => ({
    ...down,
    transaction: (stores, mode, options) =>
      down.transaction(
        stores,
        mode,
        isDurableWrite(stores, mode) ? { ...options, durability: 'strict' } : options,
      ),
  }),
};
