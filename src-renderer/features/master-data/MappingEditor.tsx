import { kindDefs, type ColumnMapping } from '../../../src-shared/domain/master-data';

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
  const def = kindDefs[mapping.kind];
  const shownLanguages = [...new Set([...languages, ...Object.keys(mapping.names)])];
  const columnSelect = (
    label: string,
    value: number | undefined,
    set: (index: number | undefined) => void,
  ) => (
    <select
      aria-label={`Column for ${label}`}
      value={value === undefined ? '' : String(value)}
      onChange={(event) => set(event.target.value === '' ? undefined : Number(event.target.value))}
    >
      <option value="">— not in this file —</option>
      {headers.map((header, index) => (
        <option key={index} value={String(index)}>
          {header || `(column ${index + 1})`}
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
      {def.fields.map((field) => (
        <label key={field.id} className="mapping-field">
          <span>
            {field.label}
            {field.isRequired ? <abbr title="required"> *</abbr> : null}
          </span>
          {columnSelect(field.label, mapping.fields[field.id], (index) =>
            onChange(withField(field.id, index)),
          )}
        </label>
      ))}
      {def.hasNames
        ? shownLanguages.map((language) => (
            <label key={`name-${language}`} className="mapping-field">
              <span>
                Name ({language})
                {def.isNameRequired && language === shownLanguages[0] ? (
                  <abbr title="at least one name is required"> *</abbr>
                ) : null}
              </span>
              {columnSelect(`name (${language})`, mapping.names[language], (index) =>
                onChange(withName(language, index)),
              )}
            </label>
          ))
        : null}
    </div>
  );
}
