import { useState, type ReactNode } from 'react';
import {
  countRows,
  recordKinds,
  type ColumnMapping,
  type ImportFile,
  type RecordKind,
} from '../../../src-shared/domain/master-data';
import { MappingEditor } from './MappingEditor';
import type { ImportDraft } from './use-import';
import { formatters, isolate } from '../../messages/intl';
import { sayRich } from '../../messages/say-rich';
import { useSay } from '../../messages/use-say';
import { kindWords, mappingProblemWords, rowProblemWords } from './master-data-words';
import { formatWords } from './read-file';

const shownIssues = 200;

/** One imported file: its kind, its column mapping, and the checks of its rows before anything is sent. */
export function ImportFileCard({
  draft,
  file: checked,
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
  const say = useSay();
  const digits = formatters().digits;
  const problems = mappingProblemWords(draft.mapping, draft.table.headers);
  const file = isolate.ltr(draft.fileName);
  const [isMappingOpen, setMappingOpen] = useState(problems.length > 0);
  const counts = checked ? countRows(checked.rows) : null;
  const issues = (checked?.rows ?? []).flatMap((row) => row.issues.map((issue) => ({ row, issue })));
  return (
    <article className="import-card" aria-label={draft.fileName}>
      <header className="import-card-head">
        <div>
          <h4>
            <bdi dir="ltr">{draft.fileName}</bdi>
          </h4>
          <span className="muted">
            {say('masterData.card.summary', {
              format: formatWords(draft.reading),
              rows: draft.table.rows.length,
              columns: draft.table.headers.length,
              remembered: draft.isRemembered ? 'yes' : 'no',
            })}
          </span>
        </div>
        <label className="inline">
          {say('masterData.card.kind')}{' '}
          <select
            aria-label={say('masterData.card.kindAria', { file })}
            value={draft.kind}
            onChange={(event) => {
              const kind = recordKinds.find((k) => k === event.target.value);
              if (kind) onKind(kind);
            }}
          >
            {recordKinds.map((kind) => (
              <option key={kind} value={kind}>
                {kindWords(kind)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="link" onClick={onRemove}>
          {say('masterData.card.remove')}
        </button>
      </header>
      <button
        type="button"
        className="link"
        aria-expanded={isMappingOpen}
        onClick={() => setMappingOpen(!isMappingOpen)}
      >
        {isMappingOpen ? say('masterData.card.hideColumns') : say('masterData.card.columns')}
      </button>
      {isMappingOpen ? (
        <MappingEditor headers={draft.table.headers} mapping={draft.mapping} onChange={onMapping} />
      ) : null}
      {problems.length > 0 ? (
        <ul className="problems" aria-label={say('masterData.card.problemsAria', { file })}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {counts ? (
        <p className="check-summary" role="status" aria-label={say('masterData.card.checkAria', { file })}>
          {sayRich('masterData.card.check', {
            total: counts.total,
            pushed: counts.total - counts.errors,
            hasErrors: counts.errors > 0 ? 'yes' : 'no',
            errors: counts.errors,
            hasWarnings: counts.warnings > 0 ? 'yes' : 'no',
            warnings: counts.warnings,
            b: (chunks: ReactNode[]) => <strong className="error-text">{chunks}</strong>,
          })}
        </p>
      ) : null}
      {issues.length > 0 ? (
        <div className="issues-frame">
          <table className="issues" aria-label={say('masterData.issues.aria', { file })}>
            <thead>
              <tr>
                <th>{say('masterData.issues.line')}</th>
                <th>{say('masterData.issues.key')}</th>
                <th>{say('masterData.issues.problem')}</th>
              </tr>
            </thead>
            <tbody>
              {issues.slice(0, shownIssues).map(({ row, issue }, index) => (
                <tr key={index} className={issue.severity === 'error' ? 'issue-error' : 'issue-warning'}>
                  <td>{digits(row.line)}</td>
                  <td>
                    <bdi dir="ltr">{row.key.replace(/^( \/ )+|( \/ )+$/g, '')}</bdi>
                  </td>
                  <td>
                    {say(
                      issue.severity === 'error' ? 'masterData.issues.error' : 'masterData.issues.warning',
                      { problem: rowProblemWords(draft.kind, issue.problem) },
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {issues.length > shownIssues ? (
            <p className="muted">{say('masterData.issues.more', { count: issues.length - shownIssues })}</p>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
