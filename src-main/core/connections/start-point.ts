/**
 * Where a new connection's feeds start (docs/decisions/090-where-to-start.md): the user's choice, made
 * once when the connection is added, pinned into what the connection keeps. A start from now is asked
 * of each feed's cursor (`GET /{feed}/cursor`) at that moment, so that a store dropped and synced again
 * (another connection used in between) starts at the same place.
 */
import type { StartChoice, StartPoint } from '../../../src-shared/bridge/contract';
import { feedKinds, type FeedCursor, type FeedKind } from '../../../src-shared/wire';
import { ApiClient, type AttemptEvent } from '../api/client';
import { ServiceError } from '../api/errors';
import type { FeedClient } from '../feeds/feed-pages';
import { LocalError } from '../local-error';

/** Whether `date` (`YYYY-MM-DD`) is a day of the calendar (not 2026-02-30). */
export function isCalendarDay(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === date;
}

/**
 * The start a connection keeps for the user's choice: everything when none was made; a date checked to
 * be a day of the calendar; now as each feed's cursor read through `client` at `nowMs`. A feed the
 * client may not read (`SCOPE_MISSING`) is left out (its sync would be refused anyway); any other
 * failure throws, so nothing is saved.
 */
export async function pinStart(
  choice: StartChoice | undefined,
  client: Pick<FeedClient, 'feedCursor'>,
  nowMs: number,
): Promise<StartPoint> {
  if (!choice || choice.mode === 'everything') return { mode: 'everything' };
  if (choice.mode === 'date') {
    if (!isCalendarDay(choice.date))
      throw new LocalError(
        'INVALID_ARGUMENT',
        `"${choice.date}" is not a day of the calendar. Choose the day to start from again.`,
        false,
        [{ field: 'start.date', code: 'INVALID' }],
      );
    return { mode: 'date', date: choice.date };
  }
  const cursors: Partial<Record<FeedKind, FeedCursor>> = {};
  for (const kind of feedKinds) {
    try {
      cursors[kind] = (await client.feedCursor(kind)).data;
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'SCOPE_MISSING') continue;
      throw error;
    }
  }
  return { mode: 'now', at: new Date(nowMs).toISOString(), cursors };
}

/**
 * `pinStart` for a connection not saved yet: a start from now reads the cursors on a pool of its own,
 * closed after (the user waits on the form: `timeoutMs` each call, as the verification's).
 */
export async function pinNewConnectionStart(
  choice: StartChoice | undefined,
  connection: {
    baseUrl: string;
    token: string;
    nowMs: number;
    timeoutMs?: number;
    /** Told after every attempt (the audit trail). */
    onAttempt?: (event: AttemptEvent) => void;
  },
): Promise<StartPoint> {
  if (choice?.mode !== 'now') return pinStart(choice, { feedCursor: () => unused() }, connection.nowMs);
  const client = new ApiClient({
    baseUrl: connection.baseUrl,
    token: connection.token,
    timeoutMs: connection.timeoutMs ?? 15_000,
    connections: 1,
    // One quick second try for a blip, as the verification's: not the two minutes of a sync's policy.
    retryPolicy: { maxAttempts: 2, maxElapsedMs: 5_000, baseDelayMs: 250, maxDelayMs: 1_000 },
    ...(connection.onAttempt ? { onAttempt: connection.onAttempt } : {}),
  });
  try {
    return await pinStart(choice, client, connection.nowMs);
  } finally {
    await client.close();
  }
}

function unused(): never {
  throw new Error('Only a start from now reads the cursors.');
}
