import { useCallback, useMemo, useRef, useState } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { GetRowIdParams, GridApi, SelectionChangedEvent } from 'ag-grid-community';
import { maxAckMessageLength, type AckDraft } from '../../../src-shared/domain/acks';
import {
  acceptDraftsOf,
  confirmSuggestion,
  discardSuggestion,
  documentKey,
  matchRules,
  pickCandidates,
  reconcileStates,
  type CustomerKeys,
  type DocumentKey,
  type ReconcileGroup,
  type ReconcileState,
  type StateSummary,
} from '../../../src-shared/domain/reconcile';
import type { DeskError } from '../../../src-shared/bridge/result';
import type { FeedKind } from '../../../src-shared/wire';
import { formatters, isolate } from '../../messages/intl';
import { useDeskLocale, useSay } from '../../messages/use-say';
import { useDeskStore } from '../../state/store';
import { deskErrorWords } from '../../words/problem-words';
import { runExport, type FileNote } from '../files/file-actions';
import { FileNoteText } from '../files/FileNoteText';
import { useRejectReasons } from '../review/use-reject-reasons';
import { Dialog } from '../ui/Dialog';
import { ReasonOptions } from '../ui/ReasonOptions';
import { formatCents, formatCount, formatDate } from '../ui/format';
import { gridDefaults, useGridLocale } from '../ui/grid-setup';
import { CustomerNamesNote } from './CustomerNamesNote';
import { exportGroupsAsCsv, exportGroupsAsXlsx } from './export-reconciliation';
import { groupNotes, reconcileColumns, rejectionMessage, ruleLabel, stateLabel } from './reconcile-columns';
import { sayRich } from '../../messages/say-rich';
import { useReconcile } from './use-reconcile';
import { ackRefusalWords } from '../review/ack-check-words';

const getRowId = (params: GetRowIdParams<ReconcileGroup>): string => params.data.id;

/** A state's totals in one line: service, ERP and their difference, per currency. */
function totalsText(summary: StateSummary, say: ReturnType<typeof useSay>): string {
  if (summary.totals.length === 0) return '';
  return summary.totals
    .map((total) =>
      say('reconcile.view.total', {
        currency: isolate.ltr(total.currency),
        service: isolate.ltr(formatCents(total.serviceCents)),
        erp: isolate.ltr(formatCents(total.erpCents)),
        difference: isolate.ltr(formatCents(total.differenceCents)),
      }),
    )
    .join(say('reconcile.view.totalsSeparator'));
}

/** A count as a button shows it, `(3)`: the clerk's digits, no separators. */
function digits(count: number): string {
  return formatters().digits(count);
}

/** What the notice under the actions says: answers queued, or why they could not be. */
type Notice =
  { type: 'queued'; outcome: 'accepted' | 'rejected'; count: number } | { type: 'failed'; text: string };

/**
 * One reconciliation: the customers proposed for names the register gives (CustomerNamesNote), the
 * rules (each switchable, with what it matched), the states with counts and
 * totals on both sides, the pairs side by side, and the clerk's actions. Accepts and rejects go
 * through the ack outbox like any other answer (checked against the service's current version before
 * they leave); decisions are kept and can be undone until something is sent.
 */
export function ReconcileView({ kind, id }: { kind: FeedKind; id: string }) {
  const { open, keysError, setSettings, decide, undoDecision, confirmName, refuseName } = useReconcile(
    id,
    kind,
  );
  const say = useSay();
  const locale = useDeskLocale();
  // The grid's language and direction; its key (the locale) makes it anew on a switch.
  const { key: gridKey, ...gridLocale } = useGridLocale();
  const ack = useDeskStore((state) => state.ack);
  const reportUnhandled = useDeskStore((state) => state.reportUnhandled);
  /**
   * A decision or a setting being saved: when the store refuses it (a full disk), the screen goes back
   * to what is stored and the shell says why (StorageProblemNote); any other failure is thrown on.
   */
  const saving = (work: Promise<void>): void => {
    void work.catch(async (thrown: unknown) => {
      if (!(await reportUnhandled(thrown))) throw thrown;
    });
  };
  const [view, setView] = useState<ReconcileState>('matched');
  const [selected, setSelected] = useState<ReconcileGroup[]>([]);
  const [dialog, setDialog] = useState<'pick' | 'reject' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [exportNote, setExportNote] = useState<FileNote | null>(null);
  const apiRef = useRef<GridApi<ReconcileGroup> | null>(null);
  // The headers are said in the desk's language: made again when it changes (the grid is made anew too).
  const columnDefs = reconcileColumns(locale);

  const result = open?.result ?? null;
  const rows = useMemo(() => result?.groups.filter((group) => group.state === view) ?? [], [result, view]);
  const acceptable = useMemo(() => (result ? acceptDraftsOf(result, kind) : []), [result, kind]);
  const onSelection = useCallback(
    (event: SelectionChangedEvent<ReconcileGroup>) => setSelected(event.api.getSelectedRows()),
    [],
  );

  if (!open || !result) return <p className="empty">{say('reconcile.view.loading')}</p>;
  const { row } = open;
  const settings = row.settings;
  const suggestions = selected.filter((group) => group.state === 'suggested');
  const differing = selected.filter((group) => group.state === 'differs');
  const ambiguous = selected.length === 1 && selected[0]!.state === 'ambiguous' ? selected[0]! : null;

  // A decision or a setting changes what is shown: an earlier notice no longer speaks of it.
  const decideNow = (decisions: Parameters<typeof decide>[0]): void => {
    setNotice(null);
    saving(decide(decisions));
  };
  const queue = async (drafts: AckDraft[], what: 'accepted' | 'rejected'): Promise<string | null> => {
    const outcome = await ack(kind, drafts);
    if (!outcome.ok) return ackRefusalWords(outcome.refusal);
    apiRef.current?.deselectAll();
    setNotice({ type: 'queued', outcome: what, count: outcome.queued });
    return null;
  };

  return (
    <div className="reconcile-view">
      <p className="muted" role="status" aria-label={say('reconcile.view.register')}>
        {sayRich('reconcile.view.summary', {
          file: <bdi dir="ltr">{row.fileName}</bdi>,
          format: <bdi>{row.format}</bdi>,
          lines: row.register.lines.length,
          documents: open.documents.length,
          kind,
          ms: open.runMs,
        })}
        {result.ackConflicts > 0 && (
          <strong className="error-text">
            {' '}
            {say('reconcile.view.ackConflicts', { count: result.ackConflicts })}
          </strong>
        )}
      </p>
      <CustomerKeysNote keys={row.customerKeys} error={keysError} />
      <CustomerNamesNote names={open.names} onConfirm={confirmName} onRefuse={refuseName} />
      <fieldset className="rules" aria-label={say('reconcile.view.rules')}>
        <legend>{say('reconcile.view.rulesLegend')}</legend>
        {matchRules.map((rule) => {
          const summary = result.rules[rule];
          const found = summary.matched + summary.suggested + summary.differs + summary.ambiguous;
          return (
            <label key={rule} className="inline rule">
              <input
                type="checkbox"
                checked={settings.rules[rule]}
                onChange={(event) =>
                  saving(
                    setSettings({
                      ...settings,
                      rules: { ...settings.rules, [rule]: event.target.checked },
                    }),
                  )
                }
              />{' '}
              {ruleLabel(rule)} <span className="count">{formatCount(found)}</span>
            </label>
          );
        })}
        <label className="inline">
          {say('reconcile.view.daysApart')}{' '}
          <input
            type="number"
            aria-label={say('reconcile.view.daysApart')}
            min={0}
            max={31}
            value={settings.dayWindow}
            onChange={(event) =>
              saving(setSettings({ ...settings, dayWindow: Number(event.target.value) || 0 }))
            }
          />
        </label>
        <label className="inline">
          {say('reconcile.view.tolerance')}{' '}
          <ToleranceInput
            cents={settings.toleranceCents}
            onChange={(toleranceCents) => saving(setSettings({ ...settings, toleranceCents }))}
          />
        </label>
      </fieldset>
      <div className="views" role="group" aria-label={say('reconcile.view.states')}>
        {reconcileStates.map((state) => (
          <button
            key={state}
            type="button"
            aria-pressed={view === state}
            title={totalsText(result.states[state], say)}
            onClick={() => setView(state)}
          >
            {stateLabel(state)} <span className="count">{formatCount(result.states[state].groups)}</span>
          </button>
        ))}
      </div>
      <p className="muted" aria-label={say('reconcile.view.totals')}>
        {totalsText(result.states[view], say) || say('reconcile.view.nothing')}
      </p>
      <div className="actions" role="toolbar" aria-label={say('reconcile.view.actions')}>
        <button
          type="button"
          className="primary"
          disabled={acceptable.length === 0}
          onClick={() =>
            void queue(acceptable, 'accepted').then((failure) => {
              if (failure) setNotice({ type: 'failed', text: failure });
            })
          }
        >
          {say('reconcile.view.acceptAll', { count: formatCount(acceptable.length) })}
        </button>
        <button
          type="button"
          disabled={suggestions.length === 0}
          onClick={() => decideNow(suggestions.map(confirmSuggestion))}
        >
          {say('reconcile.view.confirm', { count: digits(suggestions.length) })}
        </button>
        <button
          type="button"
          disabled={suggestions.length === 0}
          onClick={() => decideNow(suggestions.map(discardSuggestion))}
        >
          {say('reconcile.view.discard', { count: digits(suggestions.length) })}
        </button>
        <button type="button" disabled={!ambiguous} onClick={() => setDialog('pick')}>
          {say('reconcile.view.pick')}
        </button>
        <button
          type="button"
          className="danger"
          disabled={differing.length === 0}
          onClick={() => setDialog('reject')}
        >
          {say('reconcile.view.rejectDiffering', { count: digits(differing.length) })}
        </button>
        <button
          type="button"
          disabled={row.decisions.length === 0}
          onClick={() => {
            setNotice(null);
            saving(undoDecision());
          }}
        >
          {say('reconcile.view.undo')}
        </button>
        <button
          type="button"
          onClick={() =>
            void runExport(() => exportGroupsAsCsv(result.groups, `${kind}-reconciliation.csv`)).then(
              setExportNote,
            )
          }
        >
          {say('reconcile.view.exportCsv')}
        </button>
        <button
          type="button"
          onClick={() =>
            void runExport(() => exportGroupsAsXlsx(result.groups, `${kind}-reconciliation.xlsx`)).then(
              setExportNote,
            )
          }
        >
          {say('reconcile.view.exportXlsx')}
        </button>
        <FileNoteText note={exportNote} />
      </div>
      {notice && (
        <p role="status" aria-label={say('reconcile.view.notice')}>
          {notice.type === 'failed'
            ? notice.text
            : say(notice.outcome === 'accepted' ? 'reconcile.view.accepted' : 'reconcile.view.rejected', {
                count: formatCount(notice.count),
              })}
        </p>
      )}
      <div className="grid-frame" role="region" aria-label={say('reconcile.view.grid')}>
        <AgGridReact<ReconcileGroup>
          key={gridKey}
          {...gridDefaults}
          {...gridLocale}
          rowData={rows}
          columnDefs={columnDefs}
          getRowId={getRowId}
          rowSelection={{
            mode: 'multiRow',
            checkboxes: true,
            headerCheckbox: true,
            enableClickSelection: false,
          }}
          animateRows={false}
          onGridReady={(event) => {
            apiRef.current = event.api;
          }}
          onGridPreDestroyed={() => {
            apiRef.current = null;
          }}
          onSelectionChanged={onSelection}
          overlayNoRowsTemplate={`<span>${escapeHtml(say('reconcile.view.nothing'))}</span>`}
        />
      </div>
      {dialog === 'pick' && ambiguous && (
        <PickDialog
          group={ambiguous}
          onCancel={() => setDialog(null)}
          onPick={async (keys, lineIds) => {
            await decide([pickCandidates(ambiguous, keys, lineIds)]);
            setDialog(null);
          }}
        />
      )}
      {dialog === 'reject' && (
        <RejectDifferingDialog
          kind={kind}
          groups={differing}
          onCancel={() => setDialog(null)}
          onSubmit={async (drafts) => {
            const failure = await queue(drafts, 'rejected');
            if (!failure) setDialog(null);
            return failure;
          }}
        />
      )}
    </div>
  );
}

/**
 * The amount tolerance as the clerk types it: the text is kept while typing ("0.0" on the way to
 * "0.05"), saved in cents whenever it reads as an amount, and shown from the saved value on leaving.
 */
function ToleranceInput({ cents, onChange }: { cents: number; onChange: (cents: number) => void }) {
  const say = useSay();
  const [text, setText] = useState<string | null>(null);
  return (
    <input
      type="text"
      inputMode="decimal"
      aria-label={say('reconcile.view.tolerance')}
      size={6}
      value={text ?? (cents / 100).toFixed(2)}
      onChange={(event) => {
        setText(event.target.value);
        const value = Number(event.target.value.trim());
        if (event.target.value.trim() !== '' && Number.isFinite(value) && value >= 0)
          onChange(Math.round(value * 100));
      }}
      onBlur={() => setText(null)}
    />
  );
}

/** Of an ambiguous group, the clerk ticks the documents and lines that belong together. */
function PickDialog({
  group,
  onCancel,
  onPick,
}: {
  group: ReconcileGroup;
  onCancel: () => void;
  onPick: (keys: DocumentKey[], lineIds: string[]) => Promise<void>;
}) {
  const say = useSay();
  const [keys, setKeys] = useState<Set<DocumentKey>>(new Set());
  const [lineIds, setLineIds] = useState<Set<string>>(new Set());
  const toggle = <T,>(set: Set<T>, value: T): Set<T> => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    return next;
  };
  return (
    <Dialog title={say('reconcile.pick.title')} onClose={onCancel}>
      <fieldset>
        <legend>{say('reconcile.pick.documents')}</legend>
        {group.documents.map((doc) => (
          <label key={documentKey(doc)} className="pick-line">
            <input
              type="checkbox"
              checked={keys.has(documentKey(doc))}
              onChange={() => setKeys(toggle(keys, documentKey(doc)))}
            />{' '}
            <bdi dir="ltr">{doc.number}</bdi> · <bdi dir="ltr">{doc.customerCode ?? ''}</bdi> ·{' '}
            <bdi dir="ltr">{formatDate(doc.date)}</bdi> ·{' '}
            <bdi dir="ltr">
              {formatCents(doc.amountCents)} {doc.currency}
            </bdi>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{say('reconcile.pick.lines')}</legend>
        {group.lines.map((line) => (
          <label key={line.id} className="pick-line">
            <input
              type="checkbox"
              checked={lineIds.has(line.id)}
              onChange={() => setLineIds(toggle(lineIds, line.id))}
            />{' '}
            <bdi dir="ltr">{line.erpNumber}</bdi> · <bdi dir="ltr">{line.serviceRef ?? ''}</bdi> ·{' '}
            <bdi dir="ltr">{formatDate(line.date)}</bdi> ·{' '}
            <bdi dir="ltr">
              {formatCents(line.amountCents)} {line.currency}
            </bdi>
          </label>
        ))}
      </fieldset>
      <div className="dialog-foot">
        <button type="button" onClick={onCancel}>
          {say('reconcile.dialog.cancel')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={keys.size === 0 || lineIds.size === 0}
          onClick={() => void onPick([...keys], [...lineIds])}
        >
          {say('reconcile.pick.submit')}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * Reject differing documents: one reason (the lists the Review sections offer for the feed), and a
 * message naming each document's difference.
 */
function RejectDifferingDialog({
  kind,
  groups,
  onCancel,
  onSubmit,
}: {
  kind: FeedKind;
  groups: ReconcileGroup[];
  onCancel: () => void;
  onSubmit: (drafts: AckDraft[]) => Promise<string | null>;
}) {
  const say = useSay();
  const reasons = useRejectReasons(kind);
  const [reasonCode, setReasonCode] = useState('AMOUNT_MISMATCH');
  const [error, setError] = useState('');
  // The message the service keeps is in English (./reconcile-columns.ts); the list says it to the clerk.
  const drafts: Array<AckDraft & { number: string; notes: string }> = groups.flatMap((group) =>
    group.documents
      .filter((doc) => doc.isPending)
      .map((doc) => ({
        id: doc.id,
        outcome: 'REJECTED' as const,
        reasonCode,
        message: rejectionMessage(group).slice(0, maxAckMessageLength),
        number: doc.number,
        notes: say('reconcile.reject.message', {
          numbers: isolate.ltr(group.lines.map((line) => line.erpNumber).join(', ')),
          notes: groupNotes(group),
        }),
      })),
  );
  return (
    <Dialog title={say('reconcile.reject.title', { count: digits(drafts.length) })} onClose={onCancel}>
      <label className="field">
        {say('reconcile.reject.reason')}{' '}
        <select
          aria-label={say('reconcile.reject.reason')}
          value={reasonCode}
          onChange={(event) => setReasonCode(event.target.value)}
        >
          <ReasonOptions reasons={reasons} />
        </select>
      </label>
      <ul className="hint">
        {drafts.slice(0, 8).map((draft) => (
          <li key={draft.id}>
            <bdi dir="ltr">{draft.number}</bdi>: {draft.notes}
          </li>
        ))}
      </ul>
      <div className="dialog-foot">
        {error && (
          <span role="alert" className="error-text">
            {error}
          </span>
        )}
        <button type="button" onClick={onCancel}>
          {say('reconcile.dialog.cancel')}
        </button>
        <button
          type="button"
          className="primary danger"
          disabled={drafts.length === 0}
          onClick={() =>
            void onSubmit(drafts.map(({ number: _number, notes: _notes, ...draft }) => draft)).then(
              (failure) => setError(failure ?? ''),
            )
          }
        >
          {say('reconcile.reject.submit', { count: digits(drafts.length) })}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * What the service answered for the customers the register names by an ERP key that no staged document
 * carries (src-shared/domain/reconcile/customer-keys.ts), and why not all could be asked.
 */
function CustomerKeysNote({ keys, error }: { keys: CustomerKeys | undefined; error: DeskError | null }) {
  const say = useSay();
  const linked = keys ? Object.keys(keys.byCustomerId).length : 0;
  const unknown = keys ? keys.asked.length - linked : 0;
  const said = [
    linked > 0 && say('reconcile.keys.linked', { count: linked }),
    unknown > 0 && say('reconcile.keys.unknown', { count: unknown }),
  ].filter((sentence): sentence is string => typeof sentence === 'string');
  if (said.length === 0 && !error) return null;
  return (
    <p className="muted" role="status" aria-label={say('reconcile.keys.aria')}>
      {said.join(' ')}
      {error && (
        <span className="error-text">
          {said.length > 0 ? ' ' : ''}
          {say('reconcile.keys.error', { error: deskErrorWords(error) })}
        </span>
      )}
    </p>
  );
}

/** Text for ag-grid's overlay template (HTML): the catalogue's words, never markup. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
