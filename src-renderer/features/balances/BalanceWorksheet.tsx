import { useCallback, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PushOutcome } from '../../../src-shared/domain/master-data';
import { useDeskStore } from '../../state/store';
import type { FreshBalance, FreshPushOutcome } from '../../sync/balances';
import { describeProblem } from '../../words/problem-words';
import { formatCents, formatCount, formatTime } from '../ui/format';
import { BalanceDetail } from './BalanceDetail';
import { BalanceGrid } from './BalanceGrid';
import { FreshBalanceDialog } from './FreshBalanceDialog';
import {
  isInView,
  useBalanceWorksheet,
  type WorksheetRow,
  type WorksheetView,
} from './use-balance-worksheet';
import '../ui/review.css';
import './balances.css';

const views: Array<{ id: WorksheetView; label: string }> = [
  { id: 'all', label: 'All customers' },
  { id: 'differences', label: 'Only differences' },
  { id: 'fresh', label: 'Only needing a fresh balance' },
];

/** What a balance push answered, in plain words (spec: a balance push answers `updated` or `stale`). */
function outcomeWords(outcome: PushOutcome, explanation: string | null): string {
  switch (outcome) {
    case 'updated':
    case 'created':
    case 'unchanged':
      return 'updated: the service took the fresh balance and counts from it';
    case 'stale':
      return 'stale: the service already holds a balance taken later, so this one was not written';
    case 'failed':
      return `not taken: ${explanation ?? 'the service refused it'}`;
    case 'pending':
      return 'not sent yet: the push did not finish';
    case 'deleted':
      return 'deleted';
  }
}

function PushOutcomeNote({ push, codeOf }: { push: FreshPushOutcome; codeOf: (id: string) => string }) {
  return (
    <div className="fresh-outcome" role="status" aria-label="Fresh balance push">
      <p>
        Fresh balance{push.results.length === 1 ? '' : 's'} taken as of {formatTime(push.asOf)}
        {push.state === 'done' ? '' : ` — the push is ${push.state}${push.reason ? `: ${push.reason}` : ''}`}:
      </p>
      <ul>
        {push.results.map((result) => (
          <li key={result.ref} data-outcome={result.outcome}>
            <strong>{codeOf(result.id) || result.ref}</strong>{' '}
            {outcomeWords(result.outcome, result.explanation)}.
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The balance worksheet (docs/decisions/094-balance-worksheet.md): every customer the desk knows, its
 * ERP balance last pushed against the service's current balance, the difference explained by the staged
 * documents, and fresh balances pushed for the customers that need one.
 */
export function BalanceWorksheet() {
  const state = useDeskStore(
    useShallow((s) => ({
      connected: s.connection?.state === 'connected',
      entries: s.balanceEntries,
      progress: s.balanceProgress,
      isReading: s.isReadingBalances,
      readAt: s.balancesReadAt,
      error: s.balanceError,
      freshPush: s.freshPush,
      isPushing: s.isPushingBalances,
      lastSyncAt: s.lastSyncAt,
      readAll: s.readAllBalances,
      reread: s.rereadBalances,
      pushFresh: s.pushFreshBalances,
    })),
  );
  const { connected, progress, readAll } = state;
  const [view, setView] = useState<WorksheetView>('all');
  const [selected, setSelected] = useState<WorksheetRow[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [dialogRows, setDialogRows] = useState<WorksheetRow[] | null>(null);
  const documentsKey = useMemo(() => Date.parse(state.lastSyncAt ?? '') || 0, [state.lastSyncAt]);
  const { rows, isComputing } = useBalanceWorksheet(state.entries, documentsKey);

  // Read once a session; afterwards on the clerk's word ("Read all again").
  useEffect(() => {
    if (connected && progress === null) void readAll();
  }, [connected, progress, readAll]);

  const shown = useMemo(() => rows.filter((row) => isInView(row, view)), [rows, view]);
  const counts = useMemo(
    () => Object.fromEntries(views.map((v) => [v.id, rows.filter((row) => isInView(row, v.id)).length])),
    [rows],
  );
  const open = rows.find((row) => row.id === openId) ?? null;
  const codeOf = useCallback((id: string) => rows.find((row) => row.id === id)?.code ?? '', [rows]);
  const unexplained = rows.reduce((sum, row) => sum + Math.abs(row.sheet?.unexplainedCents ?? 0), 0);
  const choosable = selected.filter((row) => row.ref !== null && row.sheet !== null);

  const push = async (balances: FreshBalance[]): Promise<void> => {
    setDialogRows(null);
    await state.pushFresh(balances);
  };

  if (!connected && rows.length === 0) {
    return (
      <p className="empty">
        Connect to the service first (Connections): the worksheet compares each customer&apos;s balance there.
      </p>
    );
  }

  return (
    <div className="balances">
      <div className="balances-head">
        <p role="status" aria-label="Customers listed">
          {progress && state.isReading
            ? `Read ${formatCount(progress.done)} of ${formatCount(progress.total)} customers…`
            : `${formatCount(rows.length)} customers, all listed: every customer named by a staged document or pushed from this desk.`}
          {state.readAt && !state.isReading ? ` Read from the service ${formatTime(state.readAt)}.` : ''}
        </p>
        {rows.length > 0 && !state.isReading && !isComputing && (
          <p
            role="status"
            aria-label="Unexplained in total"
            className={unexplained === 0 ? 'muted' : 'warn-text'}
          >
            {unexplained === 0
              ? 'Every difference is explained by the documents staged here.'
              : `${formatCents(unexplained)} is not explained: sync, then read again.`}
          </p>
        )}
      </div>
      {state.error && (
        <p className="error-text" role="alert">
          {describeProblem(state.error).title} {describeProblem(state.error).next}
        </p>
      )}
      <div className="toolbar">
        <div className="views" role="group" aria-label="Views">
          {views.map((v) => (
            <button key={v.id} type="button" aria-pressed={view === v.id} onClick={() => setView(v.id)}>
              {v.label}
              <span className="count">{formatCount(counts[v.id] ?? 0)}</span>
            </button>
          ))}
        </div>
        <div className="actions">
          <button type="button" disabled={state.isReading || !connected} onClick={() => void readAll()}>
            Read all again
          </button>
          <button
            type="button"
            className="primary"
            disabled={choosable.length === 0 || state.isPushing}
            onClick={() => setDialogRows(selected)}
          >
            Push a fresh balance{choosable.length > 0 ? ` (${choosable.length})` : '…'}
          </button>
        </div>
      </div>
      {state.isPushing && (
        <p className="muted" role="status" aria-label="Pushing">
          Pushing fresh balances…
        </p>
      )}
      {state.freshPush && !state.isPushing && <PushOutcomeNote push={state.freshPush} codeOf={codeOf} />}
      <div className={open ? 'balances-body with-detail' : 'balances-body'}>
        <BalanceGrid rows={shown} onSelection={setSelected} onOpen={setOpenId} />
        {open && (
          <BalanceDetail
            row={open}
            isBusy={state.isPushing || state.isReading}
            onClose={() => setOpenId(null)}
            onPush={() => setDialogRows([open])}
            onReread={() => void state.reread([open.id])}
          />
        )}
      </div>
      {dialogRows && (
        <FreshBalanceDialog
          rows={dialogRows}
          onClose={() => setDialogRows(null)}
          onPush={(b) => void push(b)}
        />
      )}
    </div>
  );
}
