/**
 * Master data from ERP exports: reading CSV files, mapping columns to push fields, checking rows
 * before anything is sent, building push plans in dependency order, and explaining results.
 *
 * Runtime-free: used by the renderer (import, preview, results) and the core (plan checks,
 * results). Spec: ../shared/spec/integration-interface-v1.md, Push semantics, Push bodies, Push
 * master data, Limits.
 */
export * from './kinds';
export * from './text';
export * from './csv';
export * from './table';
export * from './values';
export * from './mapping';
export * from './records';
export * from './push-plan';
export * from './planning';
export * from './results';
export * from './runs';
