/**
 * Reconciliation: the ERP's register of bookings against the service's documents.
 *
 * - ./register.ts: reading an ERP export into one register line per document with a column mapping
 *   remembered per layout; nothing is half-imported; ./register-sheet.ts (the header under any
 *   preamble, CSV and SpreadsheetML), ./register-words.ts (header words, named ERP layouts, types,
 *   total rows) and ./register-cells.ts (amounts, currencies, dates) read the file's shapes;
 * - ./model.ts: the documents, rules, states, decisions and result;
 * - ./documents.ts: a `ServiceDocument` from a served document;
 * - ./engine.ts: `reconcile`, the rules in order, as hash joins;
 * - ./decisions.ts: the clerk's decisions as data, and the accepts a result offers;
 * - ./customer-keys.ts: customers a register names by an ERP key no staged document carries.
 *
 * Runtime-free: the renderer reads, matches and shows; storing registers and decisions, and sending
 * the answers, belong to src-renderer/data and the ack outbox. ./fixture.ts (generated data for
 * tests and benchmarks) is imported by path, not from here.
 */
export * from './register';
export * from './register-cells';
export * from './register-merge';
export * from './register-sheet';
export * from './register-words';
export * from './model';
export * from './documents';
export * from './engine';
export * from './decisions';
export * from './customer-keys';
export * from './customer-names';
