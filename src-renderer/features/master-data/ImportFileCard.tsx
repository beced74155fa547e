import { useState } from 'react';
import {
  countRows,
  kindDefs,
  mappingProblems,
  recordKinds,
  type ColumnMapping,
  type ImportFile,
  type RecordKind,
} from '../../../src-shared/domain/master-data';
import { MappingEditor } from './MappingEditor';
import type { ImportDraft } from './use-import';
import { countOf } from '../../words/counts';

const shownIssues = 200;

/** One imported file: its kind, its column mapping, and the checks of its rows before anything is sent. */
export function ImportFileCard({
  draft,
  file,
  onKind,
  onMapping,
  onRemove,
}: {
  draft: ImportDraft;
  /** The file as read and checked; absent while the mapping is incomplete. */
  file: ImportFile | undefined;
  onKind: (kind: RecordKind) => void;
  onMapping: (mapping: ColumnMapping) => void;
  onRemove: () => void;
}) {
  const problems = mappingProblems(draft.mapping, draft.table.headers);
  const [isMappingOpen, setMappingOpen] = useState(problems.length > 0);
  const counts = file ? countRows(file.rows) : null;
  const issues = (file?.rows ?? []).flatMap((row) => row.issues.map((issue) => ({ row, issue })));
  return (
    <article className="import-card" aria-label={draft.fileName}>
      <header className="import-card-head">
        <div>
          <h4>{draft.fileName}</h4>
          <span className="muted">
            {draft.format} · {countOf(draft.table.rows.length, 'row')} ·{' '}
            {countOf(draft.table.headers.length, 'column')}
            {draft.isRemembered ? ' · columns as last time' : ''}
          </span>
        </div>
        <label className="inline">
          Kind of records{' '}
          <select
            aria-label={`Kind of records in ${draft.fileName}`}
            value={draft.kind}
            onChange={(event) => {
              const kind = recordKinds.find((k) => k === event.target.value);
              if (kind) onKind(kind);
            }}
          >
            {recordKinds.map((kind) => (
              <option key={kind} value={kind}>
                {kindDefs[kind].label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="link" onClick={onRemove}>
          Remove file
        </button>
      </header>
      <button
        type="button"
        className="link"
        aria-expanded={isMappingOpen}
        onClick={() => setMappingOpen(!isMappingOpen)}
      >
        {isMappingOpen ? 'Hide columns' : 'Columns…'}
      </button>
      {isMappingOpen ? (
        <MappingEditor headers={draft.table.headers} mapping={draft.mapping} onChange={onMapping} />
      ) : null}
      {problems.length > 0 ? (
        <ul className="problems" aria-label={`Column problems of ${draft.fileName}`}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {counts ? (
        <p className="check-summary" role="status" aria-label={`Check of ${draft.fileName}`}>
          {countOf(counts.total, 'row')}: {counts.total - counts.errors} will be pushed
          {counts.errors > 0 ? (
            <strong className="error-text">, {counts.errors} with errors left out</strong>
          ) : null}
          {counts.warnings > 0 ? `, ${counts.warnings} with warnings` : null}.
        </p>
      ) : null}
      {issues.length > 0 ? (
        <div className="issues-frame">
          <table className="issues" aria-label={`Problems in ${draft.fileName}`}>
            <thead>
              <tr>
                <th>Line</th>
                <th>Key</th>
                <th>Problem</th>
              </tr>
            </thead>
            <tbody>
              {issues.slice(0, shownIssues).map(({ row, issue }, index) => (
                <tr key={index} className={issue.severity === 'error' ? 'issue-error' : 'issue-warning'}>
                  <td>{row.line}</td>
                  <td>{row.key.replace(/^( \/ )+|( \/ )+$/g, '')}</td>
                  <td>
                    {issue.severity === 'error' ? 'Error: ' : 'Warning: '}
                    {issue.message}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {issues.length > shownIssues ? (
            <p className="muted">…and {issues.length - shownIssues} more.</p>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
