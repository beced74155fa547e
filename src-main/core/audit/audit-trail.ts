/**
 * The audit trail (docs/decisions/110-audit-trail.md): every call the desk makes to a service, one JSON
 * line a call in a file a day (`calls-2026-11-27.jsonl`, the UTC day it was sent), in the core's data
 * folder.
 *
 * - Durable: each line is handed to the operating system in one `write` as the call ends, so a killed or
 *   crashed desk loses none; the file is flushed to the disk within a second (off the core's thread) and
 *   when the trail closes, so a power cut loses at most that second, and a line it cuts is skipped and
 *   counted when read.
 * - Never a secret: a call is kept as the API client tells it (`AttemptEvent`: no token, no body), its
 *   path with the query's names but not their values, and masked for tokens once more.
 * - Kept 90 days or 256 MiB, whichever comes first: older days' files are removed, oldest first, when a
 *   day starts and when the trail opens; the current day's file is never removed.
 * - A write the disk refuses (full) never stops the call: the trail counts what it could not keep and
 *   says so with every page it reads, and tries again with the next call.
 */
import {
  closeSync,
  fdatasync,
  fdatasyncSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditCall, AuditPage, AuditQuery } from '../../../src-shared/bridge/contract';
import { auditKeepDays, auditMaxBytes, maxAuditPage } from '../../../src-shared/bridge/contract';
import type { Clock } from '../ports';
import { logRedacted, redactText } from '../redact';
import { redactPath } from '../api/call-log';

/** A day's file: `calls-YYYY-MM-DD.jsonl`. */
const dayFilePattern = /^calls-(\d{4}-\d{2}-\d{2})\.jsonl$/;

/** The file of a UTC day. */
export function auditFileOf(day: string): string {
  return `calls-${day}.jsonl`;
}

export interface AuditTrailOptions {
  /** The trail's folder (created when missing, readable by this user only). */
  dir: string;
  clock: Clock;
  keepDays?: number;
  maxBytes?: number;
  /** How long a written line may wait for its flush to the disk (ms). */
  flushAfterMs?: number;
}

/** The fields of a call that words of a filter are looked for in, lowercase. */
function haystackOf(call: AuditCall): string {
  return [
    call.method,
    call.path,
    call.status ?? '',
    call.code ?? '',
    call.requestId ?? '',
    call.idempotencyKey ?? '',
    call.action,
    call.connection,
  ]
    .join(' ')
    .toLowerCase();
}

/** Whether a parsed line is a call as the trail writes them. */
function isAuditCall(value: unknown): value is AuditCall {
  if (typeof value !== 'object' || value === null) return false;
  const call = value as Record<string, unknown>;
  return (
    typeof call.at === 'string' &&
    typeof call.method === 'string' &&
    typeof call.path === 'string' &&
    typeof call.action === 'string' &&
    typeof call.connection === 'string'
  );
}

/** A query's time range as the trail's times are written (ISO 8601, UTC); null for an open end. */
function timesOf(query: AuditQuery): { from: string | null; to: string | null } {
  const iso = (time: string | undefined): string | null =>
    time === undefined ? null : new Date(time).toISOString();
  return { from: iso(query.from), to: iso(query.to) };
}

/** A query's filter, ready to test calls. */
function matcherOf(
  query: AuditQuery,
  { from, to }: ReturnType<typeof timesOf>,
): (call: AuditCall) => boolean {
  const words = (query.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const outcome = query.outcome ?? 'all';
  return (call) => {
    if (from !== null && call.at < from) return false;
    if (to !== null && call.at >= to) return false;
    if (query.connectionId !== undefined && call.connectionId !== query.connectionId) return false;
    if (outcome === 'failed' && call.status !== null && call.status < 400) return false;
    if (outcome === 'writes' && call.method === 'GET') return false;
    if (words.length === 0) return true;
    const haystack = haystackOf(call);
    return words.every((word) => haystack.includes(word));
  };
}

/** A day's lines read: the calls in file order, and how many lines could not be read. */
interface DayRead {
  calls: Array<AuditCall | null>;
  unreadable: number;
}

export class AuditTrail {
  readonly #dir: string;
  readonly #clock: Clock;
  readonly #keepDays: number;
  readonly #maxBytes: number;
  readonly #flushAfterMs: number;
  /** The open file of the day being written, and its day. */
  #file: { fd: number; day: string } | null = null;
  #flushTimer: ReturnType<typeof setTimeout> | null = null;
  /** Calls the disk refused since the trail opened (a full disk): said with every page. */
  #unwritten = 0;
  #flushFailed = false;

  constructor(options: AuditTrailOptions) {
    this.#dir = options.dir;
    this.#clock = options.clock;
    this.#keepDays = options.keepDays ?? auditKeepDays;
    this.#maxBytes = options.maxBytes ?? auditMaxBytes;
    this.#flushAfterMs = options.flushAfterMs ?? 1000;
    try {
      mkdirSync(this.#dir, { recursive: true, mode: 0o700 });
      this.prune();
    } catch (error) {
      logRedacted('warn', 'desk: the audit trail could not be opened', error);
    }
  }

  /**
   * Keeps one call: a line written now (one `write`), its flush to the disk within `flushAfterMs`.
   * Never throws: a refused write is counted (`unwritten`) and the call goes on.
   */
  append(call: AuditCall): void {
    const kept: AuditCall = {
      ...call,
      path: redactText(redactPath(call.path)),
      connection: redactText(call.connection),
    };
    try {
      const fd = this.#fileFor(kept.at.slice(0, 10));
      writeSync(fd, `${JSON.stringify(kept)}\n`);
      this.#flushSoon();
    } catch (error) {
      this.#unwritten += 1;
      if (this.#unwritten === 1) logRedacted('warn', 'desk: the audit trail could not write a call', error);
      this.#closeFile();
    }
  }

  /** A page of the trail, newest first (contract.ts `AuditQuery`). */
  async read(query: AuditQuery): Promise<AuditPage> {
    const limit = Math.min(query.limit ?? maxAuditPage, maxAuditPage);
    const times = timesOf(query);
    const matches = matcherOf(query, times);
    const days = this.#days();
    const fromDay = times.from?.slice(0, 10) ?? null;
    const toDay = times.to?.slice(0, 10) ?? null;
    const [afterDay, afterLine] = query.after?.split(':') ?? [];
    const calls: AuditCall[] = [];
    let unreadable = 0;
    let next: string | null = null;
    for (const day of [...days].reverse()) {
      if (fromDay !== null && day < fromDay) break;
      if (toDay !== null && day > toDay) continue;
      if (afterDay !== undefined && day > afterDay) continue;
      const read = await this.#readDay(day);
      unreadable += read.unreadable;
      let line = day === afterDay ? Math.min(Number(afterLine), read.calls.length) : read.calls.length;
      while (line > 0) {
        line -= 1;
        const call = read.calls[line];
        if (!call || !matches(call)) continue;
        if (calls.length === limit) {
          next = `${day}:${line + 1}`;
          break;
        }
        calls.push(call);
      }
      if (next !== null) break;
    }
    return { calls, next, unreadable, unwritten: this.#unwritten, keptFrom: days[0] ?? null };
  }

  /** Removes the days the trail no longer keeps: older than `keepDays`, then the oldest over `maxBytes`. */
  prune(): void {
    const today = new Date(this.#clock.now()).toISOString().slice(0, 10);
    const oldest = new Date(this.#clock.now() - (this.#keepDays - 1) * 86_400_000).toISOString().slice(0, 10);
    const days = this.#days();
    const sizes = new Map(days.map((day) => [day, statSync(join(this.#dir, auditFileOf(day))).size]));
    let total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
    for (const day of days) {
      if (day >= today) break;
      if (day >= oldest && total <= this.#maxBytes) break;
      unlinkSync(join(this.#dir, auditFileOf(day)));
      total -= sizes.get(day) ?? 0;
    }
  }

  /** Flushes and closes the day's file (the app quits). */
  close(): void {
    this.#closeFile();
  }

  /** The days the trail holds, oldest first. */
  #days(): string[] {
    let names: string[];
    try {
      names = readdirSync(this.#dir);
    } catch {
      return [];
    }
    return names.flatMap((name) => dayFilePattern.exec(name)?.[1] ?? []).sort();
  }

  async #readDay(day: string): Promise<DayRead> {
    let text: string;
    try {
      text = await readFile(join(this.#dir, auditFileOf(day)), 'utf8');
    } catch {
      return { calls: [], unreadable: 0 };
    }
    const lines = text.split('\n');
    // The text ends with a line break; a last piece without one is a line cut short.
    if (lines.at(-1) === '') lines.pop();
    let unreadable = 0;
    const calls = lines.map((line) => {
      try {
        const value: unknown = JSON.parse(line);
        if (isAuditCall(value)) return value;
      } catch {
        // counted below
      }
      unreadable += 1;
      return null;
    });
    return { calls, unreadable };
  }

  /** The open file of `day`, the previous day's flushed and closed and the trail pruned when it changes. */
  #fileFor(day: string): number {
    if (this.#file?.day === day) return this.#file.fd;
    this.#closeFile();
    mkdirSync(this.#dir, { recursive: true, mode: 0o700 });
    const fd = openSync(join(this.#dir, auditFileOf(day)), 'a+', 0o600);
    this.#file = { fd, day };
    // A line a power cut left without its end is ended, so the next call's line is whole.
    const size = fstatSync(fd).size;
    const last = Buffer.alloc(1);
    if (size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a) writeSync(fd, '\n');
    try {
      this.prune();
    } catch (error) {
      logRedacted('warn', 'desk: the audit trail could not remove its old days', error);
    }
    return fd;
  }

  #flushSoon(): void {
    if (this.#flushTimer !== null) return;
    this.#flushTimer = setTimeout(() => {
      this.#flushTimer = null;
      this.#flush();
    }, this.#flushAfterMs);
    this.#flushTimer.unref?.();
  }

  /** Flushes the day's file off the core's thread: a flush may take the disk a while, and calls go on. */
  #flush(): void {
    const file = this.#file;
    if (file === null) return;
    fdatasync(file.fd, (error) => {
      // Closed meanwhile (a new day, the app quits): closing flushed it.
      if (error && error.code !== 'EBADF') this.#flushFailedWith(error);
    });
  }

  #closeFile(): void {
    if (this.#flushTimer !== null) {
      clearTimeout(this.#flushTimer);
      this.#flushTimer = null;
    }
    const file = this.#file;
    this.#file = null;
    if (file === null) return;
    this.#flushFd(file.fd);
    try {
      closeSync(file.fd);
    } catch {
      // Already closed: nothing left to keep.
    }
  }

  /** Flushes a file's lines to the disk; one that cannot be is left with the system (and said once). */
  #flushFd(fd: number): void {
    try {
      fdatasyncSync(fd);
    } catch (error) {
      this.#flushFailedWith(error);
    }
  }

  #flushFailedWith(error: unknown): void {
    if (!this.#flushFailed) logRedacted('warn', 'desk: the audit trail could not flush its file', error);
    this.#flushFailed = true;
  }
}
