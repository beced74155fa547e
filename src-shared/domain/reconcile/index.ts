/**
 * Reconciliation: the ERP's register of bookings against the service's documents.
 *
 * - ./register.ts: reading an ERP export into register lines with a column mapping remembered per
 *   layout; nothing is half-imported;
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
export * from './model';
export * from './documents';
export * from './engine';
export * from './decisions';
export * from './customer-keys';
export * from './customer-names';
