import { useCallback, useMemo, useRef, useState } from 'react';
import type { GridApi } from 'ag-grid-community';
import type { AckDraft } from '../../../src-shared/domain/acks';
import { reviewStates } from '../../../src-shared/domain/review';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../../data/db';
import type { ReviewView } from '../../data/documents';
import { useDeskStore } from '../../state/store';
import { isExplainedByCheckup } from '../../words/problem-words';
import { missingReadNote } from '../connections/checkup-words';
import { useCommandTarget } from '../commands/use-command-target';
import { OpenCheckupButton } from '../connections/OpenCheckupButton';
import { runExport, type FileNote } from '../files/file-actions';
import { FileNoteText } from '../files/FileNoteText';
import { formatCount, formatTotals } from '../ui/format';
import { AcceptDialog } from './AcceptDialog';
import { DetailPanel } from './DetailPanel';
import { exportViewAsCsv, exportViewAsXlsx } from './export-view';
import { RejectDialog } from './RejectDialog';
import { ReviewGrid } from './ReviewGrid';
import { useRejectReasons } from './use-reject-reasons';
import { useReviewRows } from './use-review-rows';
import '../ui/review.css';

const viewLabels: Record<ReviewView, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  all: 'All',
};
const views: ReviewView[] = [...reviewStates, 'all'];
const nouns: Record<FeedKind, string> = {
  orders: 'orders',
  invoices: 'invoices',
  payments: 'payments',
  returns: 'returns',
};

/**
 * One feed's review: views with counts, quick filter, the grid, totals of the selection, accept and
 * reject, CSV export, and the detail panel of the document clicked. Takes the menu's Accept, Reject
 * and Find (and their shortcuts) while shown.
 */
export function ReviewSection({ kind }: { kind: FeedKind }) {
  const grid = useDeskStore((state) => state.reviewGrids[kind]);
  const setReviewView = useDeskStore((state) => state.setReviewView);
  const setQuickFilter = useDeskStore((state) => state.setQuickFilter);
  const openDetail = useDeskStore((state) => state.openDetail);
  const ack = useDeskStore((state) => state.ack);
  const dropHeld = useDeskStore((state) => state.dropHeld);
  const queuedAcks = useDeskStore((state) => state.queuedAcks);
  const { rows, counts, complete } = useReviewRows(kind, grid.view);
  const [selected, setSelected] = useState<ReviewRow[]>([]);
  const [dialog, setDialog] = useState<'accept' | 'reject' | null>(null);
  const [notice, setNotice] = useState('');
  const [exportNote, setExportNote] = useState<FileNote | null>(null);
  const apiRef = useRef<GridApi<ReviewRow> | null>(null);
  const quickFilterRef = useRef<HTMLInputElement | null>(null);
  const reasons = useRejectReasons(kind);
  // The sync skips a feed the client may not read (it would answer 403): say so, and why.
  const lacksRead = useDeskStore((state) => {
    const scopes = state.connection?.state === 'connected' ? state.connection.scopes : undefined;
    return scopes !== undefined && !scopes.includes(`${kind}:read`);
  });
  const clientName = useDeskStore((state) => state.connection?.client?.name ?? '');
  // A sync or a send the service refused for a reason the check-up explains (a scope, the ERP mode,
  // the allow-list, the token): the sync bar says what happened; this is the way to the why.
  const isRefusalExplained = useDeskStore((state) =>
    [state.syncError?.code, state.lastSend?.stoppedBy?.code].some(
      (code) => code !== undefined && isExplainedByCheckup(code),
    ),
  );

  const onSelection = useCallback((picked: ReviewRow[]) => setSelected(picked), []);
  const onOpen = useCallback((id: string) => openDetail(kind, id), [kind, openDetail]);
  const onApi = useCallback((api: GridApi<ReviewRow> | null) => {
    apiRef.current = api;
  }, []);

  const submit = async (drafts: AckDraft[]): Promise<string | null> => {
    const outcome = await ack(kind, drafts);
    if (!outcome.ok) return outcome.message;
    setDialog(null);
    apiRef.current?.deselectAll();
    setNotice(
      `${formatCount(outcome.queued)} answer(s) queued; they are sent now, or as soon as the service answers.`,
    );
    return null;
  };

  const selectByAckState = (state: 'failed' | 'changed'): void => {
    const api = apiRef.current;
    if (!api) return;
    api.deselectAll();
    const picked: string[] = [];
    api.forEachNodeAfterFilter((node) => {
      if (node.data?.answerState === state) picked.push(node.data.id);
    });
    for (const id of picked) api.getRowNode(id)?.setSelected(true);
  };

  const heldSelected = selected.filter((row) => row.answerState === 'changed');
  const dropSelectedHeld = async (): Promise<void> => {
    const dropped = await dropHeld(
      kind,
      heldSelected.map((row) => row.id),
    );
    apiRef.current?.deselectAll();
    setNotice(dropped > 0 ? '' : notice);
  };

  const exportName = (extension: string): string =>
    `${kind}-${grid.view}-${new Date().toISOString().slice(0, 10)}.${extension}`;
  const exportCsv = (): void => {
    const api = apiRef.current;
    if (api) void runExport(() => exportViewAsCsv(api, exportName('csv'))).then(setExportNote);
  };
  const exportXlsx = (): void => {
    const api = apiRef.current;
    if (api) void runExport(() => exportViewAsXlsx(api, exportName('xlsx'))).then(setExportNote);
  };

  // The menu's Accept…, Reject… and Find (docs/decisions/102-files-and-shortcuts.md): as the toolbar's
  // buttons and field, on this feed's selection.
  useCommandTarget((command) => {
    if (command === 'find') {
      quickFilterRef.current?.focus();
      quickFilterRef.current?.select();
      return null;
    }
    if (dialog !== null) return null;
    if (selected.length === 0)
      return `Select ${nouns[kind]} with the checkboxes first, then ${command === 'accept' ? 'Accept' : 'Reject'}.`;
    setDialog(command);
    return null;
  });

  // An export is of the whole view: not while only its first rows are in.
  const canExport = complete && rows !== null && rows.length > 0;
  const failedCount = useMemo(() => rows?.filter((row) => row.answerState === 'failed').length ?? 0, [rows]);
  const changedCount = useMemo(
    () => rows?.filter((row) => row.answerState === 'changed').length ?? 0,
    [rows],
  );

  return (
    <div className="review">
      {lacksRead && (
        <div className="scope-note" role="alert">
          <p>{missingReadNote(kind, clientName)}</p>
          <OpenCheckupButton />
        </div>
      )}
      {isRefusalExplained && (
        <div className="scope-note" role="note" aria-label="Why the service refuses">
          <p>The check-up shows why the service refuses calls on this connection, and what to change.</p>
          <OpenCheckupButton />
        </div>
      )}
      <div className="toolbar" role="toolbar" aria-label={`${nouns[kind]} tools`}>
        <div className="views" role="group" aria-label="Views">
          {views.map((view) => (
            <button
              key={view}
              type="button"
              aria-pressed={grid.view === view}
              onClick={() => setReviewView(kind, view)}
            >
              {viewLabels[view]} <span className="count">{counts ? formatCount(counts[view]) : '…'}</span>
            </button>
          ))}
        </div>
        <label className="quick-filter">
          <span className="visually-hidden">Quick filter</span>
          <input
            ref={quickFilterRef}
            type="search"
            placeholder="Quick filter"
            aria-label="Quick filter"
            value={grid.quickFilter}
            onChange={(event) => setQuickFilter(kind, event.target.value)}
          />
        </label>
        <div className="actions">
          {failedCount > 0 && (
            <button type="button" onClick={() => selectByAckState('failed')}>
              Select failed ({failedCount})
            </button>
          )}
          {changedCount > 0 && (
            <button type="button" onClick={() => selectByAckState('changed')}>
              Select changed ({changedCount})
            </button>
          )}
          {heldSelected.length > 0 && (
            <button type="button" onClick={() => void dropSelectedHeld()}>
              Drop answer ({heldSelected.length})
            </button>
          )}
          <button
            type="button"
            className="primary"
            disabled={selected.length === 0}
            onClick={() => setDialog('accept')}
          >
            Accept…
          </button>
          <button
            type="button"
            className="danger"
            disabled={selected.length === 0}
            onClick={() => setDialog('reject')}
          >
            Reject…
          </button>
          <button type="button" onClick={exportCsv} disabled={!canExport}>
            Export CSV
          </button>
          <button type="button" onClick={exportXlsx} disabled={!canExport}>
            Export XLSX
          </button>
        </div>
      </div>
      <div className="selection-bar" aria-live="polite">
        {selected.length > 0 ? (
          <span>
            <strong>{formatCount(selected.length)}</strong> selected · total{' '}
            <strong>{formatTotals(selected)}</strong>
          </span>
        ) : (
          <span className="muted">Select documents with the checkboxes to accept or reject them.</span>
        )}
        {!complete && rows && counts && (
          <span role="status" className="muted">
            Showing the newest {formatCount(rows.length)} of {formatCount(counts[grid.view])}; reading the
            rest…
          </span>
        )}
        {notice && queuedAcks > 0 && <span role="status">{notice}</span>}
        <FileNoteText note={exportNote} />
      </div>
      <div className={grid.detailId ? 'review-body with-detail' : 'review-body'}>
        {rows === null ? (
          <p className="empty">Loading…</p>
        ) : counts?.all === 0 ? (
          <p className="empty">
            {lacksRead
              ? `No ${nouns[kind]} are staged: this connection may not pull them (see above).`
              : `No ${nouns[kind]} are staged yet. Press Sync now to pull them from the service.`}
          </p>
        ) : (
          <ReviewGrid
            kind={kind}
            rows={rows}
            busy={!complete}
            quickFilter={grid.quickFilter}
            onSelection={onSelection}
            onOpen={onOpen}
            onApi={onApi}
          />
        )}
        {grid.detailId && (
          <DetailPanel kind={kind} id={grid.detailId} onClose={() => openDetail(kind, null)} />
        )}
      </div>
      {dialog === 'accept' && (
        <AcceptDialog kind={kind} rows={selected} onCancel={() => setDialog(null)} onSubmit={submit} />
      )}
      {dialog === 'reject' && (
        <RejectDialog rows={selected} reasons={reasons} onCancel={() => setDialog(null)} onSubmit={submit} />
      )}
    </div>
  );
}
