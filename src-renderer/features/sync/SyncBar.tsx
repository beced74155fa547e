import type { ConnectionStatus } from '../../../src-shared/bridge/contract';
import { feedKinds } from '../../../src-shared/wire';
import { useShallow } from 'zustand/react/shallow';
import { useSay } from '../../messages/use-say';
import { isolate, say } from '../../messages/intl';
import { useDeskStore } from '../../state/store';
import { deskErrorWords, syncErrorWords } from '../../words/problem-words';
import { formatTime } from '../ui/format';
import type { FeedSyncProgress } from '../../sync/feed-sync';
import { filledGapWords, seqGapAlarmWords } from './seq-gap-words';
import './sync-bar.css';

/** The poll intervals offered, in milliseconds (0: off). */
const intervals = [0, 30_000, 60_000, 300_000, 900_000] as const;

/** A feed's progress in words; a caught-up feed with a seq gap open is not "up to date" (decision 091). */
function progressText(progress: FeedSyncProgress, hasGap: boolean): string {
  const feed = say(`sync.kind.${progress.kind}`);
  if (progress.state === 'running') {
    const values = {
      feed,
      fetched: progress.fetched,
      total: progress.estimatedTotal ?? 0,
      // Whole percents, as the bar always showed them.
      percent: Math.round(progress.fraction * 100) / 100,
    };
    return progress.estimatedTotal !== null
      ? say('sync.progress.runningOf', values)
      : say('sync.progress.running', values);
  }
  return say('sync.progress.stopped', {
    feed,
    fetched: progress.fetched,
    state: progress.state === 'done' && hasGap ? 'gap' : progress.state,
  });
}

/** The connection's budget and token in plain words (spec, Limits; Authentication 4). */
function connectionFacts(status: ConnectionStatus | null): string {
  if (!status?.client) return '';
  const parts = [say('sync.facts.budget', { limit: status.client.rateLimitPerMinute })];
  if (status.tokenExpiry) {
    const days = status.tokenExpiry.daysLeft;
    parts.push(
      days < 0
        ? say('sync.facts.tokenExpired')
        : status.tokenExpiry.isExpiringSoon
          ? say('sync.facts.tokenExpiring', { days })
          : say('sync.facts.tokenValid', { days }),
    );
  }
  return parts.join(' · ');
}

/**
 * Online or offline, the last sync, progress per feed, answers waiting, and the sync controls.
 */
export function SyncBar() {
  const say = useSay();
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
    <section className="sync-bar" aria-label={say('sync.bar')}>
      <div className="sync-line">
        <span className={`net net-${online}`} role="status" aria-label={say('sync.network')}>
          <span className="dot" aria-hidden="true" />
          {say(`sync.network.${online}`)}
        </span>
        <span aria-label={say('sync.lastSync')}>
          {lastSyncAt
            ? say('sync.lastSync.at', { time: isolate.ltr(formatTime(lastSyncAt)) })
            : say('sync.lastSync.never')}
        </span>
        {queuedAcks > 0 && (
          <span className="queued" role="status" aria-label={say('sync.queued')}>
            {say('sync.queued.count', { count: queuedAcks })}
          </span>
        )}
        <span className="muted">{connectionFacts(connection)}</span>
        <span className="spacer" />
        <label>
          {say('sync.poll')}{' '}
          <select
            aria-label={say('sync.poll.interval')}
            value={pollIntervalMs}
            onChange={(event) => state.setPollInterval(Number(event.target.value))}
          >
            {intervals.map((ms) => (
              <option key={ms} value={ms}>
                {say(`sync.poll.${ms}`)}
              </option>
            ))}
          </select>
        </label>
        {isSyncing ? (
          <>
            <button type="button" onClick={state.pauseSync}>
              {say('sync.pause')}
            </button>
            <button type="button" onClick={state.cancelSync}>
              {say('sync.cancel')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="primary"
            onClick={() => void state.syncNow()}
            disabled={!connection?.connection}
          >
            {running.some((progress) => progress.state === 'paused') ? say('sync.resume') : say('sync.now')}
          </button>
        )}
        {queuedAcks > 0 && !isSyncing && (
          <button type="button" onClick={() => void state.sendAcks()}>
            {say('sync.sendNow')}
          </button>
        )}
      </div>
      {running.length > 0 && (
        <ul className="sync-progress" aria-label={say('sync.progress')}>
          {running.map((progress) => (
            <li key={progress.kind} className={`feed-${progress.state}`}>
              {progressText(progress, seqGaps[progress.kind] !== undefined)}
              {progress.state === 'running' && (
                <progress
                  max={1}
                  value={progress.fraction}
                  aria-label={say('sync.progress.of', { feed: say(`sync.kind.${progress.kind}`) })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {gapAlarms.map((alarm) => (
        <p
          key={alarm.gap.kind}
          role="alert"
          aria-label={say('sync.gap.label')}
          className="error-text gap-alarm"
        >
          {seqGapAlarmWords(alarm.gap, alarm)}
        </p>
      ))}
      {filledGaps.length > 0 && (
        <div role="status" aria-label={say('sync.filled.label')} className="sync-notice">
          <div>
            {filledGapWords(filledGaps).map((words) => (
              <p key={words}>{words}</p>
            ))}
          </div>
          <button type="button" onClick={state.dismissFilledGaps}>
            {say('sync.dismiss')}
          </button>
        </div>
      )}
      {syncError && (
        <p role="alert" className="error-text">
          {say('sync.stopped', { words: syncErrorWords(syncError) })}
        </p>
      )}
      {stoppedBy && stoppedBy.code !== 'NETWORK_UNREACHABLE' && (
        <p role="alert" className="error-text">
          {say('sync.answersWaiting', { words: deskErrorWords(stoppedBy) })}
        </p>
      )}
      {lastSend && lastSend.batchesSent > 0 && (
        <p role="status" aria-label={say('sync.lastSend')} className="muted">
          {say(lastSend.failed > 0 ? 'sync.lastSend.failed' : 'sync.lastSend.ok', {
            applied: lastSend.applied,
            unchanged: lastSend.unchanged,
            failed: lastSend.failed,
          })}
        </p>
      )}
      {lastSend && lastSend.held + lastSend.elsewhere > 0 && (
        <p role="status" aria-label={say('sync.notSent')} className="warn-text">
          {lastSend.held > 0 && say('sync.notSent.held', { count: lastSend.held })}
          {lastSend.elsewhere > 0 && say('sync.notSent.elsewhere', { count: lastSend.elsewhere })}
        </p>
      )}
    </section>
  );
}
