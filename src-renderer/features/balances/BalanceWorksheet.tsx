import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PushOutcome, ResultProblem } from '../../../src-shared/domain/master-data';
import type { MessageId } from '../../messages/catalogue';
import { sayRich } from '../../messages/say-rich';
import { isolate, say } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { useDeskStore } from '../../state/store';
import type { FreshBalance, FreshPushOutcome } from '../../sync/balances';
import { describeProblem } from '../../words/problem-words';
import { formatCents, formatCount, formatTime } from '../ui/format';
import { BalanceDetail } from './BalanceDetail';
import { BalanceGrid } from './BalanceGrid';
import { FreshBalanceDialog } from './FreshBalanceDialog';
import { resultProblemWords, runReasonWords } from '../master-data/master-data-words';
import {
  isInView,
  useBalanceWorksheet,
  type WorksheetRow,
  type WorksheetView,
} from './use-balance-worksheet';
import '../ui/review.css';
import './balances.css';

const views: Array<{ id: WorksheetView; label: MessageId }> = [
  { id: 'all', label: 'balances.view.all' },
  { id: 'differences', label: 'balances.view.differences' },
  { id: 'fresh', label: 'balances.view.fresh' },
];

/**
 * What a balance push answered for one customer, in plain words, the customer's code in bold (spec: a
 * balance push answers `updated` or `stale`).
 */
function outcomeLine(
  code: string,
  outcome: PushOutcome,
  problem: ResultProblem | null,
  explanation: string | null,
): ReactNode {
  const id: MessageId =
    outcome === 'updated' || outcome === 'created' || outcome === 'unchanged'
      ? 'balances.outcome.updated'
      : `balances.outcome.${outcome}`;
  return sayRich(id, {
    code,
    explanation: (problem ? resultProblemWords(problem) : explanation) ?? say('balances.outcome.refused'),
    b: (chunks: ReactNode[]) => (
      <strong>
        <bdi dir="ltr">{chunks}</bdi>
      </strong>
    ),
  });
}

function PushOutcomeNote({ push, codeOf }: { push: FreshPushOutcome; codeOf: (id: string) => string }) {
  const say = useSay();
  const time = isolate.ltr(formatTime(push.asOf));
  return (
    <div className="fresh-outcome" role="status" aria-label={say('balances.outcome.label')}>
      <p>
        {push.state === 'done'
          ? say('balances.outcome.taken', { count: push.results.length, time })
          : say('balances.outcome.takenUnfinished', {
              count: push.results.length,
              time,
              state: push.state,
              hasReason: push.reason ? 'yes' : 'no',
              reason: push.reason ? runReasonWords(push.reason) : '',
            })}
      </p>
      <ul>
        {push.results.map((result) => (
          <li key={result.ref} data-outcome={result.outcome}>
            {outcomeLine(codeOf(result.id) || result.ref, result.outcome, result.problem, result.explanation)}
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
  const say = useSay();
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
    return <p className="empty">{say('balances.connectFirst')}</p>;
  }

  return (
    <div className="balances">
      <div className="balances-head">
        <p role="status" aria-label={say('balances.listed.label')}>
          {progress && state.isReading
            ? say('balances.listed.reading', { done: formatCount(progress.done), total: progress.total })
            : say('balances.listed.all', { count: rows.length })}
          {state.readAt && !state.isReading
            ? ` ${say('balances.listed.readAt', { time: isolate.ltr(formatTime(state.readAt)) })}`
            : ''}
        </p>
        {rows.length > 0 && !state.isReading && !isComputing && (
          <p
            role="status"
            aria-label={say('balances.unexplained.label')}
            className={unexplained === 0 ? 'muted' : 'warn-text'}
          >
            {unexplained === 0
              ? say('balances.unexplained.none')
              : say('balances.unexplained.some', { amount: isolate.ltr(formatCents(unexplained)) })}
          </p>
        )}
      </div>
      {state.error && (
        <p className="error-text" role="alert">
          {describeProblem(state.error).title} {describeProblem(state.error).next}
        </p>
      )}
      <div className="toolbar">
        <div className="views" role="group" aria-label={say('balances.views')}>
          {views.map((v) => (
            <button key={v.id} type="button" aria-pressed={view === v.id} onClick={() => setView(v.id)}>
              {say(v.label)}
              <span className="count">{formatCount(counts[v.id] ?? 0)}</span>
            </button>
          ))}
        </div>
        <div className="actions">
          <button type="button" disabled={state.isReading || !connected} onClick={() => void readAll()}>
            {say('balances.readAll')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={choosable.length === 0 || state.isPushing}
            onClick={() => setDialogRows(selected)}
          >
            {say('balances.pushChosen', { count: choosable.length })}
          </button>
        </div>
      </div>
      {state.isPushing && (
        <p className="muted" role="status" aria-label={say('balances.pushing.label')}>
          {say('balances.pushing')}
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
