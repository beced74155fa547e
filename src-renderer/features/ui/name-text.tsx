import type { NameMap } from '../../../src-shared/wire';

/**
 * A name map as readable text: English and Arabic side by side when both exist. Each part is isolated
 * (`<bdi>`), so right-to-left text renders in its own direction inside a left-to-right line.
 */
export function NameText({ name }: { name: NameMap }) {
  const en = name.en;
  const ar = name.ar;
  const other = Object.entries(name).find(([language]) => language !== 'en' && language !== 'ar')?.[1];
  return (
    <span className="name-text">
      {en !== undefined && <bdi>{en}</bdi>}
      {en !== undefined && ar !== undefined && <span aria-hidden="true"> · </span>}
      {ar !== undefined && (
        <bdi lang="ar" dir="rtl">
          {ar}
        </bdi>
      )}
      {en === undefined && ar === undefined && other !== undefined && <bdi>{other}</bdi>}
    </span>
  );
}
