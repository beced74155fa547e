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
import { useDeskStore } from '../../state/store';
import { deskErrorWords } from '../../words/problem-words';
import { runExport, type FileNote } from '../files/file-actions';
import { FileNoteText } from '../files/FileNoteText';
import { useRejectReasons } from '../review/use-reject-reasons';
import { Dialog } from '../ui/Dialog';
import { ReasonOptions } from '../ui/ReasonOptions';
import { formatCents, formatCount } from '../ui/format';
import { gridDefaults } from '../ui/grid-setup';
import { CustomerNamesNote } from './CustomerNamesNote';
import { exportGroupsAsCsv, exportGroupsAsXlsx } from './export-reconciliation';
import { groupNotes, reconcileColumns, ruleLabels, stateLabels } from './reconcile-columns';
import { useReconcile } from './use-reconcile';

const getRowId = (params: GetRowIdParams<ReconcileGroup>): string => params.data.id;

/** A state's totals in one line: service, ERP and their difference, per currency. */
function totalsText(summary: StateSummary): string {
  if (summary.totals.length === 0) return '';
  return summary.totals
    .map(
      (total) =>
        `${total.currency} service ${formatCents(total.serviceCents)} · ERP ${formatCents(total.erpCents)} · difference ${formatCents(total.differenceCents)}`,
    )
    .join('; ');
}

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
  const ack = useDeskStore((state) => state.ack);
  const [view, setView] = useState<ReconcileState>('matched');
  const [selected, setSelected] = useState<ReconcileGroup[]>([]);
  const [dialog, setDialog] = useState<'pick' | 'reject' | null>(null);
  const [notice, setNotice] = useState('');
  const [exportNote, setExportNote] = useState<FileNote | null>(null);
  const apiRef = useRef<GridApi<ReconcileGroup> | null>(null);
  const columnDefs = useMemo(() => reconcileColumns(), []);

  const result = open?.result ?? null;
  const rows = useMemo(() => result?.groups.filter((group) => group.state === view) ?? [], [result, view]);
  const acceptable = useMemo(() => (result ? acceptDraftsOf(result, kind) : []), [result, kind]);
  const onSelection = useCallback(
    (event: SelectionChangedEvent<ReconcileGroup>) => setSelected(event.api.getSelectedRows()),
    [],
  );

  if (!open || !result) return <p className="empty">Reconciling…</p>;
  const { row } = open;
  const settings = row.settings;
  const suggestions = selected.filter((group) => group.state === 'suggested');
  const differing = selected.filter((group) => group.state === 'differs');
  const ambiguous = selected.length === 1 && selected[0]!.state === 'ambiguous' ? selected[0]! : null;

  // A decision or a setting changes what is shown: an earlier notice no longer speaks of it.
  const decideNow = (decisions: Parameters<typeof decide>[0]): void => {
    setNotice('');
    void decide(decisions);
  };
  const queue = async (drafts: AckDraft[], what: string): Promise<string | null> => {
    const outcome = await ack(kind, drafts);
    if (!outcome.ok) return outcome.message;
    apiRef.current?.deselectAll();
    setNotice(
      `${formatCount(outcome.queued)} ${what} queued; they are sent now, or as soon as the service answers.`,
    );
    return null;
  };

  return (
    <div className="reconcile-view">
      <p className="muted" role="status" aria-label="Register">
        {row.fileName} · {row.format} · {formatCount(row.register.lines.length)} register lines against{' '}
        {formatCount(open.documents.length)} staged {kind} · reconciled in {open.runMs} ms
        {result.ackConflicts > 0 && (
          <strong className="error-text">
            {' '}
            · {result.ackConflicts} answered document(s) disagree with the register
          </strong>
        )}
      </p>
      <CustomerKeysNote keys={row.customerKeys} error={keysError} />
      <CustomerNamesNote names={open.names} onConfirm={confirmName} onRefuse={refuseName} />
      <fieldset className="rules" aria-label="Matching rules">
        <legend>Rules, in order</legend>
        {matchRules.map((rule) => {
          const summary = result.rules[rule];
          const found = summary.matched + summary.suggested + summary.differs + summary.ambiguous;
          return (
            <label key={rule} className="inline rule">
              <input
                type="checkbox"
                checked={settings.rules[rule]}
                onChange={(event) =>
                  void setSettings({
                    ...settings,
                    rules: { ...settings.rules, [rule]: event.target.checked },
                  })
                }
              />{' '}
              {ruleLabels[rule]} <span className="count">{formatCount(found)}</span>
            </label>
          );
        })}
        <label className="inline">
          Days apart{' '}
          <input
            type="number"
            aria-label="Days apart"
            min={0}
            max={31}
            value={settings.dayWindow}
            onChange={(event) =>
              void setSettings({ ...settings, dayWindow: Number(event.target.value) || 0 })
            }
          />
        </label>
        <label className="inline">
          Amount tolerance{' '}
          <ToleranceInput
            cents={settings.toleranceCents}
            onChange={(toleranceCents) => void setSettings({ ...settings, toleranceCents })}
          />
        </label>
      </fieldset>
      <div className="views" role="group" aria-label="States">
        {reconcileStates.map((state) => (
          <button
            key={state}
            type="button"
            aria-pressed={view === state}
            title={totalsText(result.states[state])}
            onClick={() => setView(state)}
          >
            {stateLabels[state]} <span className="count">{formatCount(result.states[state].groups)}</span>
          </button>
        ))}
      </div>
      <p className="muted" aria-label="Totals of the state">
        {totalsText(result.states[view]) || 'Nothing in this state.'}
      </p>
      <div className="actions" role="toolbar" aria-label="Reconciliation actions">
        <button
          type="button"
          className="primary"
          disabled={acceptable.length === 0}
          onClick={() =>
            void queue(acceptable, 'acceptance(s)').then((failure) => {
              if (failure) setNotice(failure);
            })
          }
        >
          Accept all matched ({formatCount(acceptable.length)})
        </button>
        <button
          type="button"
          disabled={suggestions.length === 0}
          onClick={() => decideNow(suggestions.map(confirmSuggestion))}
        >
          Confirm ({suggestions.length})
        </button>
        <button
          type="button"
          disabled={suggestions.length === 0}
          onClick={() => decideNow(suggestions.map(discardSuggestion))}
        >
          Discard ({suggestions.length})
        </button>
        <button type="button" disabled={!ambiguous} onClick={() => setDialog('pick')}>
          Pick…
        </button>
        <button
          type="button"
          className="danger"
          disabled={differing.length === 0}
          onClick={() => setDialog('reject')}
        >
          Reject differing… ({differing.length})
        </button>
        <button
          type="button"
          disabled={row.decisions.length === 0}
          onClick={() => {
            setNotice('');
            void undoDecision();
          }}
        >
          Undo last decision
        </button>
        <button
          type="button"
          onClick={() =>
            void runExport(() => exportGroupsAsCsv(result.groups, `${kind}-reconciliation.csv`)).then(
              setExportNote,
            )
          }
        >
          Export CSV
        </button>
        <button
          type="button"
          onClick={() =>
            void runExport(() => exportGroupsAsXlsx(result.groups, `${kind}-reconciliation.xlsx`)).then(
              setExportNote,
            )
          }
        >
          Export XLSX
        </button>
        <FileNoteText note={exportNote} />
      </div>
      {notice && (
        <p role="status" aria-label="Reconcile notice">
          {notice}
        </p>
      )}
      <div className="grid-frame" role="region" aria-label="Reconciliation grid">
        <AgGridReact<ReconcileGroup>
          {...gridDefaults}
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
          overlayNoRowsTemplate="<span>Nothing in this state.</span>"
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
            const failure = await queue(drafts, 'rejection(s)');
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
  const [text, setText] = useState<string | null>(null);
  return (
    <input
      type="text"
      inputMode="decimal"
      aria-label="Amount tolerance"
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
  const [keys, setKeys] = useState<Set<DocumentKey>>(new Set());
  const [lineIds, setLineIds] = useState<Set<string>>(new Set());
  const toggle = <T,>(set: Set<T>, value: T): Set<T> => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    return next;
  };
  return (
    <Dialog title="Pick what belongs together" onClose={onCancel}>
      <fieldset>
        <legend>Service documents</legend>
        {group.documents.map((doc) => (
          <label key={documentKey(doc)} className="pick-line">
            <input
              type="checkbox"
              checked={keys.has(documentKey(doc))}
              onChange={() => setKeys(toggle(keys, documentKey(doc)))}
            />{' '}
            {doc.number} · {doc.customerCode ?? ''} · {doc.date} · {formatCents(doc.amountCents)}{' '}
            {doc.currency}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>ERP register lines</legend>
        {group.lines.map((line) => (
          <label key={line.id} className="pick-line">
            <input
              type="checkbox"
              checked={lineIds.has(line.id)}
              onChange={() => setLineIds(toggle(lineIds, line.id))}
            />{' '}
            {line.erpNumber} · {line.serviceRef ?? ''} · {line.date ?? ''} · {formatCents(line.amountCents)}{' '}
            {line.currency}
          </label>
        ))}
      </fieldset>
      <div className="dialog-foot">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          disabled={keys.size === 0 || lineIds.size === 0}
          onClick={() => void onPick([...keys], [...lineIds])}
        >
          Pick these
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
  const reasons = useRejectReasons(kind);
  const [reasonCode, setReasonCode] = useState('AMOUNT_MISMATCH');
  const [error, setError] = useState('');
  const drafts: Array<AckDraft & { number: string }> = groups.flatMap((group) =>
    group.documents
      .filter((doc) => doc.isPending)
      .map((doc) => ({
        id: doc.id,
        outcome: 'REJECTED' as const,
        reasonCode,
        message:
          `ERP register ${group.lines.map((line) => line.erpNumber).join(', ')}: ${groupNotes(group)}`.slice(
            0,
            maxAckMessageLength,
          ),
        number: doc.number,
      })),
  );
  return (
    <Dialog title={`Reject ${drafts.length} differing document(s)`} onClose={onCancel}>
      <label className="field">
        Reason{' '}
        <select
          aria-label="Reason"
          value={reasonCode}
          onChange={(event) => setReasonCode(event.target.value)}
        >
          <ReasonOptions reasons={reasons} />
        </select>
      </label>
      <ul className="hint">
        {drafts.slice(0, 8).map((draft) => (
          <li key={draft.id}>
            {draft.number}: {draft.message}
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
          Cancel
        </button>
        <button
          type="button"
          className="primary danger"
          disabled={drafts.length === 0}
          onClick={() =>
            void onSubmit(drafts.map(({ number: _number, ...draft }) => draft)).then((failure) =>
              setError(failure ?? ''),
            )
          }
        >
          Reject {drafts.length}
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
  const linked = keys ? Object.keys(keys.byCustomerId).length : 0;
  const unknown = keys ? keys.asked.length - linked : 0;
  const said = [
    linked > 0 &&
      `${formatCount(linked)} customer${linked === 1 ? '' : 's'} the register names by ERP key linked through the service.`,
    unknown > 0 &&
      `${formatCount(unknown)} customer key${unknown === 1 ? '' : 's'} of the register the service does not know: ${unknown === 1 ? 'its' : 'their'} lines match no document.`,
  ].filter((sentence): sentence is string => typeof sentence === 'string');
  if (said.length === 0 && !error) return null;
  return (
    <p className="muted" role="status" aria-label="Customer keys">
      {said.join(' ')}
      {error && (
        <span className="error-text">
          {said.length > 0 ? ' ' : ''}Customer keys could not all be asked of the service:{' '}
          {deskErrorWords(error)}
        </span>
      )}
    </p>
  );
}
