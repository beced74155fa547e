/**
 * The v1 integration interface, defined once: TypeBox schemas, their derived types, error codes
 * and endpoint rows.
 *
 * Spec: ../shared/spec/integration-interface-v1.md. Naming: `XSchema` is a schema and `X` its
 * type; every `*ResponseSchema` is a whole success body (`{ data, meta? }`), its `data` alone is
 * `*DataSchema` or the resource schema. Decisions where the spec says "not shown" are in
 * docs/decisions/.
 */
export * from './common';
export * from './error-codes';
export * from './documents';
export * from './master-data';
export * from './endpoints';
