/**
 * The call log of one connection: what the check-up tells about the calls the core made on it
 * (docs/decisions/093-connection-check-up.md).
 *
 * Fed with every attempt the API client makes on the active connection (`AttemptEvent`, retries
 * included) and with every batch-ack receipt. It keeps the last 50 calls (method, the path with its
 * query's names but not their values, status, error code, request id, duration), the last answer's
 * `Date` header against this computer's clock when the answer arrived, the last `X-RateLimit-*`
 * headers and the 429s, and what the acks showed of the company's ERP mode. It never holds the
 * token: an attempt event carries none, and query values, where a caller could put anything, are
 * replaced before a path is kept.
 *
 * A log belongs to one connection (`connectionId`): the core starts a new one when another connection
 * becomes active.
 */
import type { AckReceipt, CallRecord, ConnectionCheckup } from '../../../src-shared/bridge/contract';
import type { AttemptEvent } from './client';
import type { RateLimitInfo } from './pacing';

/** How many calls the log keeps, newest first (the bridge contract: at most 50). */
export const callLogSize = 50;

/** What the check-up takes from the log; `checkedAt` and `status` come from the check-up's own `GET /me`. */
export type CallLogFacts = Omit<ConnectionCheckup, 'checkedAt' | 'status'>;

/** Facts of a connection nothing was called on yet. */
export function emptyCallLogFacts(): CallLogFacts {
  return {
    clock: { serviceDate: null, localAt: null, skewSeconds: null },
    rate: { limit: null, remaining: null, resetSeconds: null, last429At: null, refused429: 0 },
    erpMode: { state: 'unknown', seenAt: null, requestId: null },
    recentCalls: [],
  };
}

/**
 * The path as the log keeps it: the query's names with each value replaced by `…`, names decoded
 * (`/invoices?filter[version_after]=…&per_page=…`). Path segments are kept: they hold the service's
 * ids and the ERP's keys, which support needs and which are no secret.
 */
export function redactPath(path: string): string {
  const queryAt = path.indexOf('?');
  if (queryAt < 0) return path;
  const names = path
    .slice(queryAt + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      try {
        return decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        return name;
      }
    });
  const base = path.slice(0, queryAt);
  return names.length === 0 ? base : `${base}?${names.map((name) => `${name}=…`).join('&')}`;
}

/**
 * Service minus local, in whole seconds, from an answer's `Date` header and this computer's clock when
 * the answer arrived; null when the header is absent or unreadable.
 *
 * An HTTP date is cut to the second (RFC 9110), so the service's moment is taken as the middle of
 * that second (+500 ms): the difference is then off by at most half a second plus the answer's travel.
 */
export function skewSecondsOf(serviceDate: string | null, localMs: number): number | null {
  if (serviceDate === null) return null;
  const serviceMs = Date.parse(serviceDate);
  if (Number.isNaN(serviceMs)) return null;
  return Math.round((serviceMs + 500 - localMs) / 1000);
}

/**
 * An attempt as a call the check-up and the audit trail list: when it went, method, path without its
 * query's values, status, the error code the service answered (none for an answer under 400), request id
 * and time taken. Never the token or a body: an attempt carries neither.
 */
export function callRecordOf(event: AttemptEvent): CallRecord {
  return {
    at: new Date(event.sentAtMs).toISOString(),
    method: event.method,
    path: redactPath(event.path),
    status: event.status,
    code: event.status === null || event.status >= 400 ? event.code : null,
    requestId: event.requestId,
    durationMs: Math.round(event.durationMs),
  };
}

/** Paths of acks: `POST /acks` and `POST /{kind}/{id}/ack` (spec, Acknowledge documents). */
function isAckPath(method: string, path: string): boolean {
  if (method !== 'POST') return false;
  const bare = path.split('?')[0] ?? '';
  return bare === '/acks' || /^\/(?:orders|invoices|payments|returns)\/[^/]+\/ack$/.test(bare);
}

/** The call log of one connection. */
export class CallLog {
  readonly #calls: CallRecord[] = [];
  #clock: CallLogFacts['clock'] = emptyCallLogFacts().clock;
  #rate: { info: RateLimitInfo; atMs: number } | null = null;
  #last429At: string | null = null;
  #refused429 = 0;
  #erpMode: CallLogFacts['erpMode'] = emptyCallLogFacts().erpMode;

  constructor(readonly connectionId: string) {}

  /** Records one attempt of a call (a retry is an attempt of its own). */
  record(event: AttemptEvent): void {
    const respondedAtMs = event.sentAtMs + event.durationMs;
    const answeredAt = new Date(respondedAtMs).toISOString();
    this.#calls.unshift(callRecordOf(event));
    if (this.#calls.length > callLogSize) this.#calls.length = callLogSize;
    const skewSeconds = skewSecondsOf(event.serviceDate, respondedAtMs);
    if (skewSeconds !== null) {
      this.#clock = { serviceDate: event.serviceDate, localAt: answeredAt, skewSeconds };
    }
    if (event.rateLimit) this.#rate = { info: event.rateLimit, atMs: respondedAtMs };
    if (event.status === 429) {
      this.#last429At = answeredAt;
      this.#refused429 += 1;
    }
    // A replayed answer is the answer of an earlier send: it tells nothing of the mode now.
    if (!isAckPath(event.method, event.path) || event.replayed) return;
    if (event.code === 'ERP_MODE_NOT_API') this.#noteErpMode('not-api', answeredAt, event.requestId);
    // A single ack that answered 2xx was applied; `POST /acks` answers 200 with per-item results,
    // which `recordAckReceipt` reads.
    else if (event.status !== null && event.status < 300 && !event.path.startsWith('/acks')) {
      this.#noteErpMode('api', answeredAt, event.requestId);
    }
  }

  /**
   * Reads a batch-ack answer: an item refused with `ERP_MODE_NOT_API` shows the mode is not API; an
   * item applied shows it is. `atMs`: this computer's clock when the receipt came.
   */
  recordAckReceipt(receipt: AckReceipt, atMs: number): void {
    if (receipt.isReplay) return;
    const at = new Date(atMs).toISOString();
    const items = receipt.response.data;
    if (items.some((item) => item.error?.code === 'ERP_MODE_NOT_API')) {
      this.#noteErpMode('not-api', at, receipt.requestId);
    } else if (items.some((item) => item.result === 'applied')) {
      this.#noteErpMode('api', at, receipt.requestId);
    }
  }

  /** What the log knows, as of `nowMs` (this computer's clock): the reset counts down from the answer. */
  facts(nowMs: number): CallLogFacts {
    const rate = this.#rate;
    const resetSeconds =
      rate === null ? null : Math.max(0, Math.round(rate.info.resetSec - (nowMs - rate.atMs) / 1000));
    return {
      clock: { ...this.#clock },
      rate: {
        limit: rate?.info.limit ?? null,
        remaining: rate?.info.remaining ?? null,
        resetSeconds,
        last429At: this.#last429At,
        refused429: this.#refused429,
      },
      erpMode: { ...this.#erpMode },
      recentCalls: this.#calls.map((call) => ({ ...call })),
    };
  }

  #noteErpMode(state: 'api' | 'not-api', at: string, requestId: string | null): void {
    this.#erpMode = { state, seenAt: at, requestId };
  }
}
