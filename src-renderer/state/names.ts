/**
 * The names the screens show for codes, without a hook (docs/decisions/107-names-not-codes.md): a grid's
 * value getter, an export or a sort reads `namesOf(kind)`, one map lookup a row; a component that should
 * follow new names selects them with `selectNamesOf(kind)` (the index object changes only when names were
 * read again). The names themselves are the store's names slice (slices/names-slice.ts).
 */
import { codeAndName, nameIn, type NameLanguage } from '../../src-shared/domain/names';
import type { Ref } from '../../src-shared/wire';
import { nameOfCode, nameOfRef, type NameIndex, type NameKind, type NamedThing } from '../data/desk-names';
import { useDeskStore, type DeskState } from './store';

export type { NameIndex, NameKind, NamedThing } from '../data/desk-names';
export { nameOfCode, nameOfRef } from '../data/desk-names';

/** The names of a kind as the store holds them now. */
export function namesOf(kind: NameKind): NameIndex {
  return useDeskStore.getState().names.of(kind);
}

/** A selector of one kind's names, for `useDeskStore(selectNamesOf('payment-methods'))`. */
export function selectNamesOf(kind: NameKind): (state: DeskState) => NameIndex {
  return (state) => state.names.of(kind);
}

/** How a label is written: in the clerk's language, isolated when the desk reads right to left. */
export interface LabelOptions {
  language: NameLanguage;
  isolate?: boolean;
}

/** A named thing's label (`CHEQUE · شيك`), or `fallback` (the code as the document gives it) when none. */
function labelOfThing(thing: NamedThing | null, fallback: string, options: LabelOptions): string {
  if (!thing) return codeAndName(fallback, null, options);
  return codeAndName(thing.code || fallback, nameIn(thing.name, options.language), options);
}

/** The label of a code of a kind (a payment method, a rep label a row holds): `CHEQUE · شيك`, else the code. */
export function labelOfCode(kind: NameKind, code: string, options: LabelOptions): string {
  return labelOfThing(nameOfCode(namesOf(kind), code), code, options);
}

/** The label of a record a document names: `PRD-101 · Juhayna Milk 1L`, else its code, ERP key or id. */
export function labelOfRef(
  kind: NameKind,
  ref: Pick<Ref, 'id' | 'code' | 'external_ref'>,
  options: LabelOptions,
): string {
  return labelOfThing(nameOfRef(namesOf(kind), ref), ref.code ?? ref.external_ref ?? ref.id, options);
}
