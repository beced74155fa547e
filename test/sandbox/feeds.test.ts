import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import {
  InvoiceFeedPageSchema,
  OrderFeedPageSchema,
  PaymentFeedPageSchema,
  ReturnFeedPageSchema,
} from '../../src-shared/wire';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { client, type Doc, type Page } from './doc-client';

// Feeds (spec, Pull documents; docs/decisions/005 and 021): version mode, first load by time, ack,
// id and external_ref filters, seq mode, meta and cursors, over loopback against the real sandbox.

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;
const docs = 20;

beforeAll(async () => {
  sandbox = await startSandbox({ docs, rateLimit: 100_000 });
  api = client(sandbox);
});
afterAll(async () => {
  await sandbox?.dispose();
});

const versions = (page: Doc[]): number[] => page.map((d) => d.version);

describe('version mode', () => {
  it('pages through every document once, in version order, with consistent meta', async () => {
    const seen: Doc[] = [];
    let after = 0;
    let pages = 0;
    for (;;) {
      const page = await api.get<Page>(`/invoices?per_page=7&filter[version_after]=${after}`);
      expect(page.status).toBe(200);
      expect(Compile(InvoiceFeedPageSchema).Check(page.body)).toBe(true);
      expect(page.body.meta.per_page).toBe(7);
      seen.push(...page.body.data);
      pages += 1;
      expect(page.body.meta.next_version_after).toBe(page.body.data.at(-1)?.version ?? after);
      if (!page.body.meta.has_more) break;
      after = page.body.meta.next_version_after;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(docs);
    const v = versions(seen);
    expect(v).toEqual([...v].sort((a, b) => a - b));
    expect(new Set(v).size).toBe(v.length);
    const cursor = await api.get<{ data: { high_water: number; last_seq: number } }>('/invoices/cursor');
    expect(cursor.body.data).toEqual({ high_water: Math.max(...v), last_seq: docs });
  });

  it('takes version_after as the same cursor, refuses two different ones, and defaults per_page to 100', async () => {
    const all = await api.all('orders');
    const pivot = all[10]!.version;
    const a = await api.get<Page>(`/orders?filter[version_after]=${pivot}`);
    const b = await api.get<Page>(`/orders?version_after=${pivot}`);
    expect(b.body).toEqual(a.body);
    expect(a.body.meta.per_page).toBe(100);
    expect(Compile(OrderFeedPageSchema).Check(a.body)).toBe(true);
    expect(versions(a.body.data)).toEqual(versions(all.filter((d) => d.version > pivot)));
    const both = await api.get<{ error: { code: string } }>(
      `/orders?filter[version_after]=${pivot}&version_after=1`,
    );
    expect(both.status).toBe(400);
    expect(both.body.error.code).toBe('INVALID_REQUEST');
    const empty = await api.get<Page>(`/orders?filter[version_after]=999999999`);
    expect(empty.body.data).toEqual([]);
    expect(empty.body.meta).toMatchObject({ has_more: false, next_version_after: 999999999 });
  });

  it('refuses per_page outside 1..500 and unknown filters, naming the known ones', async () => {
    for (const bad of ['0', '501', 'x']) {
      const answer = await api.get<{ error: { code: string } }>(`/payments?per_page=${bad}`);
      expect([answer.status, answer.body.error.code]).toEqual([400, 'INVALID_REQUEST']);
    }
    expect((await api.get<Page>('/payments?per_page=500')).status).toBe(200);
    const unknown = await api.get<{
      error: { code: string; message: string; details: Array<{ field: string }> };
    }>('/returns?filter[status]=RECORDED');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('INVALID_REQUEST');
    expect(unknown.body.error.message).toContain('filter[status]');
    for (const known of [
      'filter[version_after]',
      'filter[updated_after]',
      'filter[ack]',
      'filter[id]',
      'filter[external_ref]',
      'per_page',
      'filter[seq_after]',
    ]) {
      expect(unknown.body.error.message).toContain(known);
    }
    expect(unknown.body.error.details[0]?.field).toBe('query.filter[status]');
  });

  it('starts a first load at the first change from a time, and refuses it with a cursor', async () => {
    const all = await api.all('payments');
    const from = all[5]!;
    const page = await api.get<Page>(
      `/payments?filter[updated_after]=${encodeURIComponent(from.updated_at)}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.data[0]?.id).toBe(from.id);
    expect(versions(page.body.data)).toEqual(versions(all.slice(5)));
    const withCursor = await api.get<{ error: { code: string } }>(
      `/payments?filter[updated_after]=${encodeURIComponent(from.updated_at)}&filter[version_after]=1`,
    );
    expect([withCursor.status, withCursor.body.error.code]).toEqual([400, 'INVALID_REQUEST']);
    const later = await api.get<Page>('/payments?filter[updated_after]=2999-01-01T00:00:00Z');
    expect(later.body.data).toEqual([]);
    expect(later.body.meta.next_version_after).toBe(later.body.meta.high_water);
  });

  it('filters by id (at most 100) and by the external_ref of the ack', async () => {
    const all = await api.all('returns');
    const picked = [all[3]!.id, all[0]!.id];
    const byId = await api.get<Page>(`/returns?filter[id]=${picked.join(',')}`);
    expect(byId.body.data.map((d) => d.id)).toEqual([all[0]!.id, all[3]!.id]);
    const tooMany = await api.get<{ error: { code: string } }>(
      `/returns?filter[id]=${Array.from({ length: 101 }, (_, i) => `ret_${i}`).join(',')}`,
    );
    expect([tooMany.status, tooMany.body.error.code]).toEqual([400, 'INVALID_REQUEST']);

    const ack = await api.post(`/returns/${all[7]!.id}/ack`, {
      outcome: 'ACCEPTED',
      external_ref: 'CN-ERP-77',
      external_number: 'CN-77',
    });
    expect(ack.status).toBe(200);
    const byRef = await api.get<Page>('/returns?filter[external_ref]=CN-ERP-77');
    expect(byRef.body.data.map((d) => [d.id, d.external_ref, d.external_number])).toEqual([
      [all[7]!.id, 'CN-ERP-77', 'CN-77'],
    ]);
    expect(Compile(ReturnFeedPageSchema).Check(byRef.body)).toBe(true);
  });

  it('filters by ack state: pending, accepted, rejected', async () => {
    const all = await api.all('payments');
    const [accept, reject] = [all[1]!, all[2]!];
    expect(
      (await api.post(`/payments/${accept.id}/ack`, { outcome: 'ACCEPTED', external_number: 'GL-1' })).status,
    ).toBe(200);
    expect(
      (await api.post(`/payments/${reject.id}/ack`, { outcome: 'REJECTED', reason_code: 'UNKNOWN_CUSTOMER' }))
        .status,
    ).toBe(200);
    const ids = async (ack: string): Promise<string[]> =>
      (await api.get<Page>(`/payments?filter[ack]=${ack}&per_page=500`)).body.data.map((d) => d.id);
    expect(await ids('accepted')).toContain(accept.id);
    expect(await ids('accepted')).not.toContain(reject.id);
    expect(await ids('rejected')).toEqual([reject.id]);
    const pending = await ids('pending');
    expect(pending).not.toContain(accept.id);
    expect(pending).not.toContain(reject.id);
    expect((await ids('any')).length).toBe(all.length);
    expect((await api.get(`/payments?filter[ack]=maybe`)).status).toBe(400);
  });

  it('lists every change by version: a reversal moves the payment past the old high water', async () => {
    const high = (await api.get<Page>('/payments?per_page=1')).body.meta.high_water;
    const created = await sandbox.admin<{ created: { reversals: string[] } }>('POST', '/simulate', {
      reversals: 1,
    });
    const reversed = created.created.reversals[0]!;
    const after = await api.get<Page>(`/payments?filter[version_after]=${high}`);
    expect(after.body.data.map((d) => [d.id, d.status])).toEqual([[reversed, 'REVERSED']]);
    expect(after.body.data[0]!.version).toBeGreaterThan(high);
    expect(after.body.meta.high_water).toBe(after.body.data[0]!.version);
  });
});

describe('seq mode', () => {
  it('lists each issued document once, in issue order, with no gaps', async () => {
    const seqs: number[] = [];
    let after = 0;
    for (;;) {
      const page = await api.get<Page>(`/payments?filter[seq_after]=${after}&per_page=6`);
      expect(page.status).toBe(200);
      expect(Compile(PaymentFeedPageSchema).Check(page.body)).toBe(true);
      seqs.push(...page.body.data.map((d) => d.seq ?? -1));
      expect(page.body.meta.last_seq).toBe(page.body.data.at(-1)?.seq ?? after);
      if (!page.body.meta.has_more) break;
      after = page.body.meta.last_seq ?? 0;
    }
    const payments = (await api.get<{ data: { last_seq: number } }>('/payments/cursor')).body.data.last_seq;
    expect(seqs).toEqual(Array.from({ length: payments }, (_, i) => i + 1));
    const end = await api.get<Page>(`/payments?filter[seq_after]=${payments}`);
    expect(end.body.data).toEqual([]);
    expect(end.body.meta.last_seq).toBe(payments);
  });

  it('is used on its own, and not on orders', async () => {
    const combined = await api.get<{ error: { code: string } }>(
      '/invoices?filter[seq_after]=1&filter[ack]=pending',
    );
    expect([combined.status, combined.body.error.code]).toEqual([400, 'INVALID_REQUEST']);
    const orders = await api.get<{ error: { code: string } }>('/orders?filter[seq_after]=0');
    expect([orders.status, orders.body.error.code]).toEqual([400, 'INVALID_REQUEST']);
  });
});

describe('cursors', () => {
  it('answer the highest version and last seq of each feed', async () => {
    for (const feed of ['orders', 'invoices', 'payments', 'returns']) {
      const all = await api.all(feed);
      const cursor = await api.get<{ data: { high_water: number; last_seq: number } }>(`/${feed}/cursor`);
      expect(cursor.status).toBe(200);
      const lastSeq = feed === 'orders' ? 0 : Math.max(...all.map((d) => d.seq ?? 0));
      expect(cursor.body.data).toEqual({ high_water: Math.max(...versions(all)), last_seq: lastSeq });
      const page = await api.get<Page>(`/${feed}?per_page=1`);
      expect(page.body.meta.high_water).toBe(cursor.body.data.high_water);
    }
  });
});
