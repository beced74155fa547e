import type { Ref } from '../../../src-shared/wire';
import { refLabel } from '../../../src-shared/domain/feeds';
import { nameIn } from '../../../src-shared/domain/names';
import type { NameMap } from '../../../src-shared/wire';
import { useDeskLocale } from '../../messages/use-say';
import { nameOfCode, nameOfRef, selectNamesOf, type NameKind } from '../../state/names';
import { useDeskStore } from '../../state/store';

/**
 * A code with its name in the clerk's language (docs/decisions/107-names-not-codes.md): the code set
 * apart left to right, the name in its own direction, `CHEQUE · شيك`; the code alone when there is no
 * name or the name is the code; nothing when neither.
 */
export function CodeAndNameText({ code, name }: { code: string; name: NameMap | null | undefined }) {
  const { language } = useDeskLocale();
  const shownCode = code.trim();
  const shownName = nameIn(name, language) ?? '';
  if (shownName === '' || shownName === shownCode) return shownCode ? <bdi dir="ltr">{shownCode}</bdi> : null;
  if (shownCode === '') return <bdi>{shownName}</bdi>;
  return (
    <span className="code-name">
      <bdi dir="ltr">{shownCode}</bdi>
      {' · '}
      <bdi>{shownName}</bdi>
    </span>
  );
}

/**
 * A code of a kind (a payment method, a status, a tax code) or a record a document names (`value`: a
 * product, a branch, a rep), named from the store's names: followed when the names are read again.
 * `fallbackName` is shown when the store names none (a customer's name a row kept).
 */
export function CodeAndName({
  kind,
  code,
  value,
  fallbackName,
}: {
  kind: NameKind;
  code?: string | null;
  value?: Ref | null;
  fallbackName?: NameMap | null;
}) {
  const names = useDeskStore(selectNamesOf(kind));
  const thing = value ? nameOfRef(names, value) : code ? nameOfCode(names, code) : null;
  const documentCode = value ? refLabel(value) : (code ?? '');
  return <CodeAndNameText code={thing?.code || documentCode} name={thing?.name ?? fallbackName} />;
}
