import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { GridApi } from 'ag-grid-community';
import type { AckDraft } from '../../../src-shared/domain/acks';
import { reviewStates } from '../../../src-shared/domain/review';
import type { FeedKind } from '../../../src-shared/wire';
import type { ReviewRow } from '../../data/rows';
import type { ReviewView } from '../../data/review-rows/keys';
import { isFiltered } from '../../data/review-rows/filters';
import { compareRows, orderOf } from '../../data/review-rows/orders';
import { countReview, idsInQuery, readViewCounts } from '../../data/review-rows/pages';
import { defaultReviewSort, type ReviewCount, type ReviewQuery } from '../../data/review-rows/query';
import type { ViewAckProgress } from '../../state/slices/review-slice';
import { useDeskStore } from '../../state/store';
import { sayRich } from '../../messages/say-rich';
import { useSay } from '../../messages/use-say';
import { isExplainedByCheckup } from '../../words/problem-words';
import { missingReadNote } from '../connections/checkup-words';
import { useCommandTarget } from '../commands/use-command-target';
import { OpenCheckupButton } from '../connections/OpenCheckupButton';
import { runExport, type FileNote } from '../files/file-actions';
import { FileNoteText } from '../files/FileNoteText';
import { formatCount } from '../ui/format';
import { AcceptDialog } from './AcceptDialog';
import { DetailPanel } from './DetailPanel';
import { exportColumns, exportViewAsCsv, exportViewAsXlsx, xlsxRefusal } from './export-view';
import { RejectDialog } from './RejectDialog';
import { ReviewGrid, type SelectAllState } from './ReviewGrid';
import { reviewQueryOf, rowsKeyOf, sortModelOf, type ReviewReadState } from './review-datasource';
import {
  isSelectable,
  noSelection,
  restrictPicked,
  selectionForQuery,
  selectWhole,
  toggleRow,
  type ReviewSelection,
} from './review-selection';
import { formatReviewTotals, rowsInAckState, useHeldCounts, useSelectionTotals } from './use-selection-facts';
import { useRejectReasons } from './use-reject-reasons';
import { ackRefusalWords } from './ack-check-words';
import type { WholeAck } from './WholeViewProgress';
import '../ui/review.css';

const views: ReviewView[] = [...reviewStates, 'all'];

/** What the section said of answers it queued, kept as facts so it is said again on a language switch. */
interface QueuedNote {
  queued: number;
  alreadyQueued: number;
  isStopped: boolean;
}

const strong = (chunks: ReactNode[]): ReactNode => <strong>{chunks}</strong>;

/** The quick filter is applied this long after the last keystroke. */
const quickFilterDebounceMs = 150;

/**
 * The typed text, once typing rests `delayMs` (each keystroke of a word does not read); a text that
 * replaces the last one rather than adding or removing a character or two (a paste, a cleared field, a
 * word typed after a pause) applies at once.
 */
function useDebounced(text: string, delayMs: number): string {
  const [rested, setRested] = useState(text);
  const last = useRef({ text, at: 0 });
  useEffect(() => {
    if (text === rested) return;
    const now = performance.now();
    const before = last.current;
    last.current = { text, at: now };
    const isKeystroke =
      Math.abs(text.length - before.text.length) <= 2 &&
      (text.startsWith(before.text) || before.text.startsWith(text));
    if (!isKeystroke || now - before.at >= delayMs) {
      setRested(text);
      return;
    }
    const timer = setTimeout(() => setRested(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, rested, delayMs]);
  return rested;
}

/** Each view's count, from the counters kept with the rows, again whenever the staged data changes. */
function useViewCounts(kind: FeedKind, dataVersion: number): Record<ReviewView, number> | null {
  const [counts, setCounts] = useState<Record<ReviewView, number> | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void readViewCounts(kind).then((read) => {
      if (isCurrent) setCounts(read);
    });
    return () => {
      isCurrent = false;
    };
  }, [kind, dataVersion]);
  return counts;
}

/**
 * One feed's review: views with counts, quick filter, the grid (read in pages), the selection with its
 * count and totals (a whole view included), accept and reject (a whole view queued a page at a time),
 * exports, and the detail panel of the document clicked. Takes the menu's Accept, Reject and Find (and
 * their shortcuts) while shown.
 */
export function ReviewSection({ kind }: { kind: FeedKind }) {
  const say = useSay();
  const grid = useDeskStore((state) => state.reviewGrids[kind]);
  const setReviewView = useDeskStore((state) => state.setReviewView);
  const setQuickFilter = useDeskStore((state) => state.setQuickFilter);
  const openDetail = useDeskStore((state) => state.openDetail);
  const ack = useDeskStore((state) => state.ack);
  const ackView = useDeskStore((state) => state.ackView);
  const rowsToAck = useDeskStore((state) => state.rowsToAck);
  const dropHeld = useDeskStore((state) => state.dropHeld);
  const dropHeldInView = useDeskStore((state) => state.dropHeldInView);
  const queuedAcks = useDeskStore((state) => state.queuedAcks);
  const dataVersion = useDeskStore((state) => state.dataVersion);
  const counts = useViewCounts(kind, dataVersion);
  const quickFilter = useDebounced(grid.quickFilter, quickFilterDebounceMs);
  const [read, setRead] = useState<ReviewReadState | null>(null);
  const [selection, setSelection] = useState<ReviewSelection>(noSelection);
  const [dialog, setDialog] = useState<'accept' | 'reject' | null>(null);
  const [progress, setProgress] = useState<ViewAckProgress | null>(null);
  const isStopAsked = useRef(false);
  const [notice, setNotice] = useState<QueuedNote | null>(null);
  const [exportBusy, setExportBusy] = useState<'csv' | 'xlsx' | null>(null);
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

  /** The query the grid shows now: its view, quick filter, column filters and order. */
  const currentQuery = useCallback((): ReviewQuery => {
    const api = apiRef.current;
    return reviewQueryOf({
      kind,
      view: grid.view,
      quickFilter,
      sortModel: api ? sortModelOf(api) : [],
      filterModel: api?.getFilterModel() ?? {},
    });
  }, [kind, grid.view, quickFilter]);

  // The grid read a block: when its query holds other rows than before, the selection follows it
  // (ticked rows are kept to those the new query holds, found by a walk).
  const selectionRef = useRef(selection);
  useLayoutEffect(() => {
    selectionRef.current = selection;
  });
  const shownKey = useRef('');
  const onRead = useCallback((state: ReviewReadState) => {
    setRead(state);
    const key = rowsKeyOf(state.query);
    if (key === shownKey.current) return;
    shownKey.current = key;
    const next = selectionForQuery(selectionRef.current, state.query);
    setSelection(next);
    if (next.mode === 'rows' && next.rows.size > 0) {
      void idsInQuery(state.query, new Set(next.rows.keys())).then((shown) =>
        setSelection((now) => (now === next ? restrictPicked(next, shown) : now)),
      );
    }
  }, []);

  // Fresh copies of ticked rows (a sync may change an amount, an answer may be queued since).
  const onRows = useCallback((rows: ReviewRow[]) => {
    setSelection((current) => {
      if (current.mode !== 'rows' || current.rows.size === 0) return current;
      let next: Map<string, ReviewRow> | null = null;
      for (const row of rows) {
        const held = current.rows.get(row.id);
        if (!held || held === row) continue;
        next ??= new Map(current.rows);
        if (isSelectable(row)) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next ? { mode: 'rows', rows: next } : current;
    });
  }, []);

  const onToggle = useCallback(
    (row: ReviewRow, isTicked: boolean) => setSelection((current) => toggleRow(current, row, isTicked)),
    [],
  );
  const onOpen = useCallback((id: string) => openDetail(kind, id), [kind, openDetail]);
  const onApi = useCallback((api: GridApi<ReviewRow> | null) => {
    apiRef.current = api;
  }, []);

  const totals = useSelectionTotals(selection, dataVersion);
  // Counted from the view and quick filter at once; with the column filters once the grid has read.
  const shownQuery = useMemo(
    (): ReviewQuery =>
      read?.query ?? {
        kind,
        view: grid.view,
        sort: defaultReviewSort,
        quickFilter: quickFilter.trim(),
        filters: [],
      },
    [read, kind, grid.view, quickFilter],
  );
  const held = useHeldCounts(counts === null || counts.all === 0 ? null : shownQuery, dataVersion);
  // A select all of the view shown has walked it: its count is then the view's exact count (the rows
  // selected and those unticked since, all of them rows of the view).
  const viewCount = useMemo((): ReviewCount | null => {
    if (
      read &&
      !read.count.isExact &&
      selection.mode === 'query' &&
      totals !== null &&
      rowsKeyOf(selection.query) === rowsKeyOf(read.query)
    )
      return { count: totals.count + selection.except.size, isExact: true };
    return read?.count ?? (counts ? { count: counts[grid.view], isExact: true } : null);
  }, [read, counts, grid.view, selection, totals]);
  const selectedCount = totals?.count ?? 0;
  const hasSelection = selection.mode === 'query' || selection.rows.size > 0;
  // In the order the grid shows them (an ERP number series numbers them in that order), not ticked.
  const pickedRows = useMemo(
    () =>
      selection.mode === 'rows' ? [...selection.rows.values()].sort(compareRows(orderOf(shownQuery))) : [],
    [selection, shownQuery],
  );

  // Said on each render, so the header's checkbox is named again when the clerk switches language.
  const selectAllLabel = viewCount?.isExact
    ? say('review.selectAll.count', { count: formatCount(viewCount.count) })
    : say('review.selectAll.matching');
  const selectAll: SelectAllState = useMemo(
    () => ({
      state:
        selection.mode === 'query'
          ? selection.except.size === 0
            ? 'all'
            : 'some'
          : selection.rows.size > 0
            ? 'some'
            : 'none',
      isDisabled: viewCount?.count === 0,
      label: selectAllLabel,
      onChange: (isTicked: boolean) => setSelection(isTicked ? selectWhole(currentQuery()) : noSelection),
    }),
    [selection, viewCount, selectAllLabel, currentQuery],
  );

  // Closing the dialog while a whole view's answers are queued stops the walk after its page: the
  // dialog then closes with what was queued.
  const closeDialog = (): void => {
    if (progress !== null) isStopAsked.current = true;
    else setDialog(null);
  };

  const closeAfterQueueing = (note: QueuedNote): void => {
    setDialog(null);
    setProgress(null);
    setSelection(noSelection);
    setNotice(note);
  };

  const submit = async (drafts: AckDraft[]): Promise<string | null> => {
    const outcome = await ack(kind, drafts);
    if (!outcome.ok) return ackRefusalWords(outcome.refusal);
    closeAfterQueueing({ queued: outcome.queued, alreadyQueued: 0, isStopped: false });
    return null;
  };

  const submitWhole = async (
    draftOf: (row: ReviewRow) => AckDraft,
    numbered?: ReadonlySet<string>,
  ): Promise<string | null> => {
    if (selection.mode !== 'query') return null;
    isStopAsked.current = false;
    setProgress({ queued: 0, alreadyQueued: 0, walked: 0 });
    const outcome = await ackView(kind, {
      query: selection.query,
      except: selection.except,
      draftOf,
      numbered,
      onProgress: setProgress,
      shouldStop: () => isStopAsked.current,
    });
    if (!outcome.ok) {
      setProgress(null);
      return ackRefusalWords(outcome.refusal);
    }
    closeAfterQueueing({
      queued: outcome.queued,
      alreadyQueued: outcome.alreadyQueued,
      isStopped: outcome.isStopped,
    });
    return null;
  };

  // A whole view's answer as both dialogs show it.
  const whole: WholeAck | null =
    selection.mode === 'query'
      ? {
          count: selectedCount,
          totals,
          progress,
          onStop: () => (isStopAsked.current = true),
          rowsToAck: (limits) => rowsToAck(selection.query, selection.except, limits),
        }
      : null;

  const selectByAckState = async (state: 'failed' | 'changed'): Promise<void> => {
    const rows = await rowsInAckState(currentQuery(), state);
    setSelection({ mode: 'rows', rows });
  };

  const heldSelected = pickedRows.filter((row) => row.answerState === 'changed');
  const heldInSelection = selection.mode === 'query' ? held.changed : heldSelected.length;
  const dropSelectedHeld = async (): Promise<void> => {
    if (selection.mode === 'query') await dropHeldInView(selection.query, selection.except);
    else
      await dropHeld(
        kind,
        heldSelected.map((row) => row.id),
      );
    setSelection(noSelection);
  };

  const exportName = (extension: string): string =>
    `${kind}-${grid.view}-${new Date().toISOString().slice(0, 10)}.${extension}`;
  const exportCsv = async (): Promise<void> => {
    const api = apiRef.current;
    if (!api) return;
    setExportNote(null);
    setExportBusy('csv');
    const note = await runExport(() =>
      exportViewAsCsv(currentQuery(), exportColumns(api), exportName('csv')),
    );
    setExportBusy(null);
    setExportNote(note);
  };
  const exportXlsx = async (): Promise<void> => {
    const api = apiRef.current;
    if (!api) return;
    setExportNote(null);
    const query = currentQuery();
    const refusal = xlsxRefusal((await countReview(query)).count);
    if (refusal) {
      setExportNote({ tone: 'failed', text: refusal });
      return;
    }
    setExportBusy('xlsx');
    const note = await runExport(() => exportViewAsXlsx(query, exportColumns(api), exportName('xlsx')));
    setExportBusy(null);
    setExportNote(note);
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
    if (!hasSelection) return say('review.command.selectFirst', { kind, command });
    setDialog(command);
    return null;
  });

  const canExport = (viewCount?.count ?? 0) > 0;
  const isViewFiltered = read !== null && isFiltered(read.query);

  return (
    <div className="review">
      {lacksRead && (
        <div className="scope-note" role="alert">
          <p>{missingReadNote(kind, clientName)}</p>
          <OpenCheckupButton />
        </div>
      )}
      {isRefusalExplained && (
        <div className="scope-note" role="note" aria-label={say('review.refusal.label')}>
          <p>{say('review.refusal.note')}</p>
          <OpenCheckupButton />
        </div>
      )}
      <div className="toolbar" role="toolbar" aria-label={say('review.toolbar.label', { kind })}>
        <div className="views" role="group" aria-label={say('review.views.label')}>
          {views.map((view) => (
            <button
              key={view}
              type="button"
              aria-pressed={grid.view === view}
              onClick={() => {
                // Another view: nothing of the last one stays selected or counted.
                setReviewView(kind, view);
                setSelection(noSelection);
                setRead(null);
              }}
            >
              {say(`review.view.${view}`)}{' '}
              <span className="count">{counts ? formatCount(counts[view]) : '…'}</span>
            </button>
          ))}
        </div>
        <label className="quick-filter">
          <span className="visually-hidden">{say('review.quickFilter')}</span>
          <input
            ref={quickFilterRef}
            type="search"
            placeholder={say('review.quickFilter')}
            aria-label={say('review.quickFilter')}
            value={grid.quickFilter}
            onChange={(event) => setQuickFilter(kind, event.target.value)}
          />
        </label>
        <div className="actions">
          {held.failed > 0 && (
            <button type="button" onClick={() => void selectByAckState('failed')}>
              {say('review.selectFailed', { count: formatCount(held.failed) })}
            </button>
          )}
          {held.changed > 0 && (
            <button type="button" onClick={() => void selectByAckState('changed')}>
              {say('review.selectChanged', { count: formatCount(held.changed) })}
            </button>
          )}
          {heldInSelection > 0 && (
            <button type="button" onClick={() => void dropSelectedHeld()}>
              {say('review.dropHeld', { count: formatCount(heldInSelection) })}
            </button>
          )}
          <button
            type="button"
            className="primary"
            disabled={!hasSelection || selectedCount === 0}
            onClick={() => setDialog('accept')}
          >
            {say('review.toolbar.accept')}
          </button>
          <button
            type="button"
            className="danger"
            disabled={!hasSelection || selectedCount === 0}
            onClick={() => setDialog('reject')}
          >
            {say('review.toolbar.reject')}
          </button>
          <button type="button" onClick={() => void exportCsv()} disabled={!canExport}>
            {say('review.toolbar.exportCsv')}
          </button>
          <button type="button" onClick={() => void exportXlsx()} disabled={!canExport}>
            {say('review.toolbar.exportXlsx')}
          </button>
        </div>
      </div>
      <div className="selection-bar" aria-live="polite">
        {hasSelection && totals === null ? (
          <span role="status">
            {say('review.selection.counting', { isWhole: selection.mode === 'query' ? 'yes' : 'no' })}
          </span>
        ) : hasSelection && totals ? (
          <span>
            {sayRich('review.selection.summary', {
              count: formatCount(totals.count),
              isWhole: selection.mode === 'query' ? 'yes' : 'no',
              total: <bdi dir="ltr">{formatReviewTotals(totals)}</bdi>,
              b: strong,
            })}
            <button type="button" className="link" onClick={() => setSelection(noSelection)}>
              {say('review.selection.clear')}
            </button>
          </span>
        ) : (
          <span className="muted">{say('review.selection.none')}</span>
        )}
        {isViewFiltered && viewCount && (
          <span role="status" aria-label={say('review.matching.label')} className="muted">
            {say(viewCount.isExact ? 'review.matching.exact' : 'review.matching.atLeast', {
              count: viewCount.count,
            })}
          </span>
        )}
        {exportBusy && (
          <span role="status" aria-label={say('review.export.busyLabel')}>
            {say(exportBusy === 'csv' ? 'review.export.writingCsv' : 'review.export.writingXlsx')}
          </span>
        )}
        {notice && queuedAcks > 0 && (
          <span role="status">
            {say('review.queued', { ...notice, isStopped: notice.isStopped ? 'yes' : 'no' })}
          </span>
        )}
        <FileNoteText note={exportNote} />
      </div>
      <div className={grid.detailId ? 'review-body with-detail' : 'review-body'}>
        {counts === null ? (
          <p className="empty">{say('review.loading')}</p>
        ) : counts.all === 0 ? (
          <p className="empty">
            {say(lacksRead ? 'review.empty.cannotPull' : 'review.empty.notSynced', { kind })}
          </p>
        ) : (
          <ReviewGrid
            kind={kind}
            view={grid.view}
            quickFilter={quickFilter}
            dataVersion={dataVersion}
            selection={selection}
            selectAll={selectAll}
            onToggle={onToggle}
            onRead={onRead}
            onRows={onRows}
            onOpen={onOpen}
            onApi={onApi}
          />
        )}
        {grid.detailId && (
          <DetailPanel kind={kind} id={grid.detailId} onClose={() => openDetail(kind, null)} />
        )}
      </div>
      {dialog === 'accept' && (
        <AcceptDialog
          kind={kind}
          rows={pickedRows}
          whole={whole}
          onCancel={closeDialog}
          onSubmit={submit}
          onSubmitWhole={submitWhole}
        />
      )}
      {dialog === 'reject' && (
        <RejectDialog
          rows={pickedRows}
          whole={whole}
          reasons={reasons}
          onCancel={closeDialog}
          onSubmit={submit}
          onSubmitWhole={submitWhole}
        />
      )}
    </div>
  );
}
