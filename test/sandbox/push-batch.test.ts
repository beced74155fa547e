import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchPushResponseSchema, scopes } from '../../src-shared/wire';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { apiOf, errorOf, key, lookup, okBody, pushed, type Api } from './push-helpers';

describe('POST /batch/{products|units|balances}', () => {
  let sandbox: RunningSandbox;
  let api: Api;
  let unit: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0, rateLimit: 100_000 });
    api = apiOf(sandbox);
    unit = key('PCS');
    pushed(await api.put(`/units/${unit}`, { name: { en: 'Piece' } }));
  });
  afterAll(() => sandbox?.dispose());

  const product = (name: string, baseUnit = unit) => ({ name: { en: name }, base_unit_ref: baseUnit });

  it('applies each item on its own: 200 with per-item results, and a failed item writes nothing', async () => {
    const [a, b, c, d] = [key('P'), key('P'), key('P'), key('P')];
    pushed(await api.put(`/products/${b}`, product('Bravo')));
    const missingUnit = key('KG');
    const answer = await api.post('/batch/products', {
      items: [
        { ref: a, body: product('Alpha') },
        { ref: b, body: product('Bravo') },
        { ref: c, body: product('Charlie', missingUnit) },
        { ref: 'x/y', body: { name: { en: 'Bad key' }, base_unit_ref: unit } },
        { ref: d, body: { name: 'not a map' } },
      ],
    });
    const body = okBody(BatchPushResponseSchema, answer);
    expect(body.meta).toEqual({ applied: 2, failed: 3 });
    expect(body.data.map((item) => [item.ref, item.ok, item.result?.result ?? item.error?.code])).toEqual([
      [a, true, 'created'],
      [b, true, 'unchanged'],
      [c, false, 'UNKNOWN_REFERENCE'],
      ['x/y', false, 'INVALID_REQUEST'],
      [d, false, 'INVALID_REQUEST'],
    ]);
    expect(body.data[2]?.error).toMatchObject({
      details: [{ field: 'body.base_unit_ref', value: missingUnit }],
    });
    expect(body.data[2]?.error?.message).toContain('PUT /units/{ref}');
    expect(body.data[3]?.error?.details).toEqual([
      expect.objectContaining({ field: 'ref', code: 'pattern' }),
    ]);
    expect(body.data[4]?.error?.details.map((detail) => detail.field)).toEqual(
      expect.arrayContaining(['body.name', 'body.base_unit_ref']),
    );
    // Read-back: the good items are there, the failed ones are not.
    expect(await lookup(api, { entity: 'product', ref: a })).toMatchObject({
      name: { en: 'Alpha' },
      active: true,
    });
    expect(await lookup(api, { entity: 'product', ref: c })).toBeNull();
    expect(await lookup(api, { entity: 'product', ref: d })).toBeNull();
  });

  it('pushes units and balances; a stale balance counts as applied, an unknown customer fails', async () => {
    const units = okBody(
      BatchPushResponseSchema,
      await api.post('/batch/units', { items: [{ ref: key('U'), body: { name: { en: 'Carton' } } }] }),
    );
    expect(units.meta).toEqual({ applied: 1, failed: 0 });

    const customer = key('C');
    pushed(await api.put(`/customers/${customer}`, { name: { en: 'Shop' }, blocked: false }));
    const ghost = key('C');
    const balances = okBody(
      BatchPushResponseSchema,
      await api.post('/batch/balances', {
        items: [
          { ref: customer, body: { balance: 100, as_of: '2025-05-02T00:00:00Z' } },
          { ref: customer, body: { balance: 90, as_of: '2025-05-01T00:00:00Z' } },
          { ref: ghost, body: { balance: 5, as_of: '2025-05-01T00:00:00Z' } },
        ],
      }),
    );
    expect(balances.meta).toEqual({ applied: 2, failed: 1 });
    expect(balances.data.map((item) => item.result?.result ?? item.error?.code)).toEqual([
      'updated',
      'stale',
      'UNKNOWN_REFERENCE',
    ]);
    expect((await lookup(api, { entity: 'customer', ref: customer }))?.balance).toMatchObject({
      erp_balance: 100,
    });
  });

  it('refuses over 500 items, or an item without body, as a whole with 422; nothing is written', async () => {
    const refs = Array.from({ length: 501 }, () => key('P'));
    const tooMany = errorOf(
      await api.post('/batch/products', { items: refs.map((ref) => ({ ref, body: product(ref) })) }),
      422,
    );
    expect(tooMany).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [expect.objectContaining({ field: 'body.items', code: 'maxItems' })],
    });
    expect(await lookup(api, { entity: 'product', ref: refs[0] ?? '' })).toBeNull();

    const noBody = errorOf(await api.post('/batch/units', { items: [{ ref: key('U') }] }), 422);
    expect(noBody.details).toEqual([expect.objectContaining({ field: 'body.items.0.body' })]);
    expect(errorOf(await api.post('/batch/customers', { items: [] }), 404).code).toBe('NOT_FOUND');
  });

  it('counts a 500-item batch as one request, and replays it under the same Idempotency-Key', async () => {
    const { token } = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Slow ERP',
      system: 'OTHER',
      scopes: [...scopes],
      rate_limit_per_minute: 5,
    });
    const slow = apiOf(sandbox, token);
    const items = Array.from({ length: 500 }, (_, i) => ({ ref: key(`P${i}`), body: product(`Item ${i}`) }));
    // Both calls in one rate window (fixed minutes of the sandbox clock: decision 010): the clock is moved
    // to the start of the next one, so a loaded machine's slow push cannot see the window roll over
    // between them and count the replay in a fresh window.
    const { now } = await sandbox.admin<{ now: string }>('POST', '/clock', { advance_seconds: 0 });
    const intoWindowMs = Date.parse(now) % 60_000;
    await sandbox.admin('POST', '/clock', { advance_seconds: (60_000 - intoWindowMs + 100) / 1000 });
    const idempotencyKey = randomUUID();
    const first = await slow.call('POST', '/batch/products', { items }, idempotencyKey);
    expect(okBody(BatchPushResponseSchema, first).meta).toEqual({ applied: 500, failed: 0 });
    const remaining = Number(first.headers.get('x-ratelimit-remaining'));
    const version = (await lookup(api, { entity: 'product', ref: items[499]?.ref ?? '' }))?.version;

    const replay = await slow.call('POST', '/batch/products', { items }, idempotencyKey);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(Number(replay.headers.get('x-ratelimit-remaining'))).toBe(remaining - 1);
    expect((await lookup(api, { entity: 'product', ref: items[499]?.ref ?? '' }))?.version).toBe(version);

    // A new key with the same items: every item unchanged, counted as applied.
    const again = okBody(BatchPushResponseSchema, await slow.post('/batch/products', { items }));
    expect(again.meta).toEqual({ applied: 500, failed: 0 });
    expect(new Set(again.data.map((item) => item.result?.result))).toEqual(new Set(['unchanged']));
  });
});
