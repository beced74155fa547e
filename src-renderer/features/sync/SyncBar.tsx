import type { ConnectionStatus } from '../../../src-shared/bridge/contract';
import { feedKinds } from '../../../src-shared/wire';
import { useShallow } from 'zustand/react/shallow';
import { useDeskStore } from '../../state/store';
import { deskErrorWords, syncErrorWords } from '../../words/problem-words';
import { formatCount, formatTime } from '../ui/format';
import type { FeedSyncProgress } from '../../sync/feed-sync';
import { filledGapWords, seqGapAlarmWords } from './seq-gap-words';
import './sync-bar.css';

const intervals: Array<[number, string]> = [
  [0, 'Off'],
  [30_000, 'every 30 s'],
  [60_000, 'every minute'],
  [300_000, 'every 5 minutes'],
  [900_000, 'every 15 minutes'],
];

/** A feed's progress in words; a caught-up feed with a seq gap open is not "up to date" (decision 091). */
function progressText(progress: FeedSyncProgress, hasGap: boolean): string {
  const of =
    progress.estimatedTotal !== null && progress.state === 'running'
      ? ` of about ${formatCount(progress.estimatedTotal)}`
      : '';
  const percent = progress.state === 'running' ? ` (${Math.round(progress.fraction * 100)}%)` : '';
  const words = {
    running: 'syncing',
    done: hasGap ? 'caught up, but a document is missing' : 'up to date',
    paused: 'paused',
    cancelled: 'cancelled',
    failed: 'failed',
  }[progress.state];
  return `${progress.kind}: ${words}, ${formatCount(progress.fetched)} new${of}${percent}`;
}

/** The connection's budget and token in plain words (spec, Limits; Authentication 4). */
function connectionFacts(status: ConnectionStatus | null): string {
  if (!status?.client) return '';
  const parts = [`budget ${formatCount(status.client.rateLimitPerMinute)} requests a minute`];
  if (status.tokenExpiry) {
    parts.push(
      status.tokenExpiry.daysLeft < 0
        ? 'token expired: rotate it in Connections'
        : status.tokenExpiry.isExpiringSoon
          ? `token expires in ${status.tokenExpiry.daysLeft} days: rotate it in Connections`
          : `token valid ${status.tokenExpiry.daysLeft} more days`,
    );
  }
  return parts.join(' · ');
}

/**
 * Online or offline, the last sync, progress per feed, answers waiting, and the sync controls.
 */
export function SyncBar() {
  const state = useDeskStore(
    useShallow((store) => ({
      isOnline: store.isOnline,
      isSyncing: store.isSyncing,
      lastSyncAt: store.lastSyncAt,
      syncProgress: store.syncProgress,
      syncError: store.syncError,
      queuedAcks: store.queuedAcks,
      lastSend: store.lastSend,
      pollIntervalMs: store.pollIntervalMs,
      connection: store.connection,
      setPollInterval: store.setPollInterval,
      pauseSync: store.pauseSync,
      cancelSync: store.cancelSync,
      syncNow: store.syncNow,
      sendAcks: store.sendAcks,
      seqGaps: store.seqGaps,
      filledGaps: store.filledGaps,
      dismissFilledGaps: store.dismissFilledGaps,
    })),
  );
  const {
    isOnline,
    isSyncing,
    lastSyncAt,
    syncProgress,
    syncError,
    queuedAcks,
    lastSend,
    pollIntervalMs,
    connection,
    seqGaps,
    filledGaps,
  } = state;
  const gapAlarms = feedKinds.flatMap((kind) => {
    const alarm = seqGaps[kind];
    return alarm ? [alarm] : [];
  });
  const online =
    isOnline === false ? 'offline' : connection?.state === 'connected' || isOnline ? 'online' : 'unknown';
  const running = feedKinds
    .map((kind) => syncProgress[kind])
    .filter((p): p is FeedSyncProgress => p !== undefined);
  const stoppedBy = lastSend?.stoppedBy ?? null;
  return (
    <section className="sync-bar" aria-label="Sync">
      <div className="sync-line">
        <span className={`net net-${online}`} role="status" aria-label="Network">
          <span className="dot" aria-hidden="true" />
          {online === 'offline'
            ? 'Offline — review goes on; answers wait and go out when the service answers again'
            : online === 'online'
              ? 'Online'
              : 'Not connected yet'}
        </span>
        <span aria-label="Last sync">Last sync: {lastSyncAt ? formatTime(lastSyncAt) : 'never'}</span>
        {queuedAcks > 0 && (
          <span className="queued" role="status" aria-label="Answers waiting">
            {formatCount(queuedAcks)} answer{queuedAcks === 1 ? '' : 's'} waiting to be sent
          </span>
        )}
        <span className="muted">{connectionFacts(connection)}</span>
        <span className="spacer" />
        <label>
          Poll{' '}
          <select
            aria-label="Poll interval"
            value={pollIntervalMs}
            onChange={(event) => state.setPollInterval(Number(event.target.value))}
          >
            {intervals.map(([ms, label]) => (
              <option key={ms} value={ms}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {isSyncing ? (
          <>
            <button type="button" onClick={state.pauseSync}>
              Pause
            </button>
            <button type="button" onClick={state.cancelSync}>
              Cancel
            </button>
          </>
        ) : (
          <button
            type="button"
            className="primary"
            onClick={() => void state.syncNow()}
            disabled={!connection?.connection}
          >
            {running.some((progress) => progress.state === 'paused') ? 'Resume sync' : 'Sync now'}
          </button>
        )}
        {queuedAcks > 0 && !isSyncing && (
          <button type="button" onClick={() => void state.sendAcks()}>
            Send now
          </button>
        )}
      </div>
      {running.length > 0 && (
        <ul className="sync-progress" aria-label="Sync progress">
          {running.map((progress) => (
            <li key={progress.kind} className={`feed-${progress.state}`}>
              {progressText(progress, seqGaps[progress.kind] !== undefined)}
              {progress.state === 'running' && (
                <progress max={1} value={progress.fraction} aria-label={`${progress.kind} progress`} />
              )}
            </li>
          ))}
        </ul>
      )}
      {gapAlarms.map((alarm) => (
        <p key={alarm.gap.kind} role="alert" aria-label="Missing document" className="error-text gap-alarm">
          {seqGapAlarmWords(alarm.gap, alarm)}
        </p>
      ))}
      {filledGaps.length > 0 && (
        <div role="status" aria-label="Fetched documents" className="sync-notice">
          <div>
            {filledGapWords(filledGaps).map((words) => (
              <p key={words}>{words}</p>
            ))}
          </div>
          <button type="button" onClick={state.dismissFilledGaps}>
            Dismiss
          </button>
        </div>
      )}
      {syncError && (
        <p role="alert" className="error-text">
          Sync stopped: {syncErrorWords(syncError)}
        </p>
      )}
      {stoppedBy && stoppedBy.code !== 'NETWORK_UNREACHABLE' && (
        <p role="alert" className="error-text">
          Answers are waiting: {deskErrorWords(stoppedBy)}
        </p>
      )}
      {lastSend && lastSend.batchesSent > 0 && (
        <p role="status" aria-label="Last send" className="muted">
          Last send: {formatCount(lastSend.applied)} applied, {formatCount(lastSend.unchanged)} unchanged,{' '}
          {formatCount(lastSend.failed)} failed
          {lastSend.failed > 0
            ? ' — failed documents stay pending; use "Select failed" to answer them again.'
            : '.'}
        </p>
      )}
      {lastSend && lastSend.held + lastSend.elsewhere > 0 && (
        <p role="status" aria-label="Answers not sent" className="warn-text">
          {lastSend.held > 0 &&
            `${formatCount(lastSend.held)} answer(s) held: their documents changed since you answered; use "Select changed" to answer them again or drop them. `}
          {lastSend.elsewhere > 0 &&
            `${formatCount(lastSend.elsewhere)} answer(s) not sent: already answered elsewhere.`}
        </p>
      )}
    </section>
  );
}
