import { kindDefs, type ColumnMapping } from '../../../src-shared/domain/master-data';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { fieldWords, nameColumnWords } from './master-data-words';

const languages = ['en', 'ar', 'fr'];

/** The column chosen for each field of the file's kind, and one name column per language. */
export function MappingEditor({
  headers,
  mapping,
  onChange,
}: {
  headers: string[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}) {
  const say = useSay();
  const def = kindDefs[mapping.kind];
  const shownLanguages = [...new Set([...languages, ...Object.keys(mapping.names)])];
  const columnSelect = (
    label: string,
    value: number | undefined,
    set: (index: number | undefined) => void,
  ) => (
    <select
      aria-label={say('masterData.mapping.columnFor', { field: label })}
      value={value === undefined ? '' : String(value)}
      onChange={(event) => set(event.target.value === '' ? undefined : Number(event.target.value))}
    >
      <option value="">{say('masterData.mapping.none')}</option>
      {headers.map((header, index) => (
        <option key={index} value={String(index)}>
          {header || say('masterData.mapping.unnamed', { number: index + 1 })}
        </option>
      ))}
    </select>
  );
  const withField = (id: string, index: number | undefined): ColumnMapping => {
    const fields = { ...mapping.fields };
    if (index === undefined) delete fields[id];
    else fields[id] = index;
    return { ...mapping, fields };
  };
  const withName = (language: string, index: number | undefined): ColumnMapping => {
    const names = { ...mapping.names };
    if (index === undefined) delete names[language];
    else names[language] = index;
    return { ...mapping, names };
  };
  return (
    <div className="mapping">
      {def.fields.map((field) => {
        const label = fieldWords(mapping.kind, field);
        return (
          <label key={field.id} className="mapping-field">
            <span>
              {label}
              {field.isRequired ? <abbr title={say('masterData.mapping.required')}> *</abbr> : null}
            </span>
            {columnSelect(label, mapping.fields[field.id], (index) => onChange(withField(field.id, index)))}
          </label>
        );
      })}
      {def.hasNames
        ? shownLanguages.map((language) => (
            <label key={`name-${language}`} className="mapping-field">
              <span>
                {nameColumnWords(language)}
                {def.isNameRequired && language === shownLanguages[0] ? (
                  <abbr title={say('masterData.mapping.nameRequired')}> *</abbr>
                ) : null}
              </span>
              {columnSelect(
                say('masterData.mapping.nameField', { language: isolate.ltr(language) }),
                mapping.names[language],
                (index) => onChange(withName(language, index)),
              )}
            </label>
          ))
        : null}
    </div>
  );
}
