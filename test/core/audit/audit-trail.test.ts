import { spawn } from 'node:child_process';
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditCall } from '../../../src-shared/bridge/contract';
import { AuditTrail, auditFileOf } from '../../../src-main/core/audit/audit-trail';

const root = resolve(import.meta.dirname, '../../..');
const day = 86_400_000;

/** A call as the core keeps it, sent at `at`. */
function call(at: string, patch: Partial<AuditCall> = {}): AuditCall {
  return {
    at,
    connectionId: 'c-1',
    connection: 'Live',
    action: 'feeds.pull',
    method: 'GET',
    path: '/invoices?filter[version_after]=10&per_page=500',
    attempt: 1,
    status: 200,
    code: null,
    requestId: `req-${at}`,
    idempotencyKey: null,
    replayed: false,
    durationMs: 12,
    ...patch,
  };
}

let dir: string;
let now: number;
const clock = { now: () => now };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'desk-audit-'));
  now = Date.parse('2026-11-27T10:00:00Z');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the audit trail', () => {
  it('keeps every call, a file a day, and reads them newest first with filters and pages', async () => {
    const trail = new AuditTrail({ dir, clock });
    trail.append(call('2026-11-26T08:00:00.000Z', { requestId: 'a' }));
    trail.append(
      call('2026-11-26T09:00:00.000Z', {
        requestId: 'b',
        method: 'POST',
        path: '/acks',
        status: 429,
        code: 'RATE_LIMITED',
        idempotencyKey: 'key-1',
        action: 'acks.send',
      }),
    );
    trail.append(
      call('2026-11-27T08:00:00.000Z', { requestId: 'c', connectionId: 'c-2', connection: 'Test' }),
    );
    trail.append(call('2026-11-27T09:00:00.000Z', { requestId: 'd', status: null, code: 'NetworkError' }));
    trail.close();
    expect(readdirSync(dir).sort()).toEqual([auditFileOf('2026-11-26'), auditFileOf('2026-11-27')]);

    const ids = async (query: Parameters<AuditTrail['read']>[0]) =>
      (await trail.read(query)).calls.map((kept) => kept.requestId);
    expect(await ids({})).toEqual(['d', 'c', 'b', 'a']);
    expect(await ids({ from: '2026-11-26T08:30:00Z', to: '2026-11-27T08:00:00Z' })).toEqual(['b']);
    expect(await ids({ connectionId: 'c-2' })).toEqual(['c']);
    expect(await ids({ outcome: 'failed' })).toEqual(['d', 'b']);
    expect(await ids({ outcome: 'writes' })).toEqual(['b']);
    expect(await ids({ text: 'rate_limited KEY-1' })).toEqual(['b']);
    expect(await ids({ text: 'acks.send' })).toEqual(['b']);

    // A page at a time: the next page goes on where the last stopped, across days.
    const first = await trail.read({ limit: 3 });
    expect(first.calls.map((kept) => kept.requestId)).toEqual(['d', 'c', 'b']);
    const second = await trail.read({ limit: 3, after: first.next! });
    expect(second.calls.map((kept) => kept.requestId)).toEqual(['a']);
    expect(second.next).toBeNull();
    expect(first).toMatchObject({ unreadable: 0, unwritten: 0, keptFrom: '2026-11-26' });
  });

  it('keeps no query value and no token, even in a path', async () => {
    const token = `svc_live_abcdEFGH${'Qz9_-Kp'.repeat(5)}`;
    const trail = new AuditTrail({ dir, clock });
    trail.append(call('2026-11-27T08:00:00.000Z', { path: `/lookup?entity=customer&ref=${token}` }));
    trail.append(call('2026-11-27T08:00:01.000Z', { path: `/customers/${token}` }));
    trail.close();
    const text = readFileSync(join(dir, auditFileOf('2026-11-27')), 'utf8');
    expect(text).not.toContain('Qz9_-K');
    expect(text).toContain('/lookup?entity=…&ref=…');
    expect(text).toContain('/customers/svc_live_abcdEFGH…');
  });

  it('removes days older than 90 and, over its size, the oldest days, never the current one', () => {
    for (const offset of [120, 91, 90, 89, 2, 1]) {
      const old = new Date(now - offset * day).toISOString().slice(0, 10);
      writeFileSync(join(dir, auditFileOf(old)), `${JSON.stringify(call(`${old}T01:00:00.000Z`))}\n`);
    }
    new AuditTrail({ dir, clock }).close();
    const kept = () => readdirSync(dir).sort();
    // 90 days, today included: the day 89 days ago is the oldest kept.
    expect(kept()).toEqual(
      [89, 2, 1].map((offset) => auditFileOf(new Date(now - offset * day).toISOString().slice(0, 10))),
    );

    // Over the size cap: the oldest days go first when a new day starts; today's stays, however large.
    const size = statSync(join(dir, kept()[0]!)).size;
    const trail = new AuditTrail({ dir, clock, maxBytes: size * 2 + 10 });
    for (let index = 0; index < 5; index += 1) trail.append(call(`2026-11-27T08:00:0${index}.000Z`));
    trail.close();
    expect(kept()).toEqual([
      ...[2, 1].map((offset) => auditFileOf(new Date(now - offset * day).toISOString().slice(0, 10))),
      auditFileOf('2026-11-27'),
    ]);
    new AuditTrail({ dir, clock, maxBytes: 1 }).close();
    expect(kept()).toEqual([auditFileOf('2026-11-27')]);
  });

  it('skips and counts a line a power cut left short, and starts the next call on a line of its own', async () => {
    const trail = new AuditTrail({ dir, clock });
    trail.append(call('2026-11-27T08:00:00.000Z', { requestId: 'whole' }));
    trail.append(call('2026-11-27T08:00:01.000Z', { requestId: 'cut' }));
    trail.close();
    const file = join(dir, auditFileOf('2026-11-27'));
    truncateSync(file, statSync(file).size - 20);

    const reopened = new AuditTrail({ dir, clock });
    reopened.append(call('2026-11-27T08:00:02.000Z', { requestId: 'after' }));
    reopened.close();
    const page = await reopened.read({});
    expect(page.calls.map((kept) => kept.requestId)).toEqual(['after', 'whole']);
    expect(page.unreadable).toBe(1);
  });

  it('goes on when the disk refuses a call, and says how many it could not keep', async () => {
    // The trail's folder is a file: every write is refused, as a full disk refuses it.
    const blocked = join(dir, 'blocked');
    appendFileSync(blocked, 'not a folder');
    const trail = new AuditTrail({ dir: blocked, clock });
    expect(() => trail.append(call('2026-11-27T08:00:00.000Z'))).not.toThrow();
    trail.append(call('2026-11-27T08:00:01.000Z'));
    expect(await trail.read({})).toMatchObject({ calls: [], unwritten: 2 });
  });

  it('loses no call it took when the desk is killed while writing', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'test/core/audit/audit-writer-child.ts'), dir],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let printed = '';
    await new Promise<void>((done) => {
      child.stdout.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        if (printed.split('\n').length > 2000) done();
      });
    });
    child.kill('SIGKILL');
    await new Promise((done) => child.once('exit', done));
    const said = printed
      .split('\n')
      .filter((line) => /^\d+$/.test(line))
      .map(Number);
    const last = Math.max(...said);

    const page = await new AuditTrail({ dir, clock: { now: () => Date.now() } }).read({ limit: 500 });
    const kept = new Set<string>();
    let next: string | null = null;
    let read = page;
    for (;;) {
      for (const found of read.calls) kept.add(found.requestId ?? '');
      next = read.next;
      if (next === null) break;
      read = await new AuditTrail({ dir, clock: { now: () => Date.now() } }).read({
        limit: 500,
        after: next,
      });
    }
    const missing = Array.from({ length: last }, (_, index) => `req-${index + 1}`).filter(
      (id) => !kept.has(id),
    );
    expect(missing).toEqual([]);
    expect(page.unreadable).toBe(0);
  }, 30_000);
});
