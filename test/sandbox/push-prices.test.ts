import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PricePushResponseSchema, type PricePushResponseData } from '../../src-shared/wire';
import { startSandbox, type RunningSandbox } from '../support/sandbox';
import { apiOf, errorOf, key, lookup, okBody, pushed, type Answer, type Api } from './push-helpers';

function counts(answer: Answer): Pick<PricePushResponseData, 'written' | 'unchanged' | 'removed'> {
  const { written, unchanged, removed } = okBody(PricePushResponseSchema, answer).data;
  return { written, unchanged, removed };
}

describe('PUT /price-lists/{ref}/prices', () => {
  let sandbox: RunningSandbox;
  let api: Api;
  let unit: string;
  let products: string[];
  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 0, rateLimit: 100_000 });
    api = apiOf(sandbox);
    unit = key('PCS');
    pushed(await api.put(`/units/${unit}`, { name: { en: 'Piece' } }));
    products = [key('P'), key('P'), key('P')];
    for (const ref of products)
      pushed(await api.put(`/products/${ref}`, { name: { en: ref }, base_unit_ref: unit }));
  });
  afterAll(() => sandbox?.dispose());

  async function newList(): Promise<string> {
    const ref = key('PL');
    pushed(await api.put(`/price-lists/${ref}`, { currency: 'EGP', name: { en: ref } }));
    return ref;
  }
  const row = (i: number, price: number, validFrom = '2025-01-01') => ({
    product_ref: products[i] ?? '',
    unit_ref: unit,
    price,
    valid_from: validFrom,
  });

  it('merges by product, unit and valid_from; replace removes the rows not sent', async () => {
    const list = await newList();
    const v0 = (await lookup(api, { entity: 'price_list', ref: list }))?.version ?? 0;
    const first = okBody(
      PricePushResponseSchema,
      await api.put(`/price-lists/${list}/prices`, { prices: [row(0, 10), row(1, 20)] }),
    );
    expect(first.data).toMatchObject({ external_ref: list, written: 2, unchanged: 0, removed: 0 });
    const v1 = (await lookup(api, { entity: 'price_list', ref: list }))?.version ?? 0;
    expect(v1).toBeGreaterThan(v0);

    // Same rows again: unchanged, the list's version stays.
    expect(
      counts(await api.put(`/price-lists/${list}/prices?mode=merge`, { prices: [row(0, 10), row(1, 20)] })),
    ).toEqual({
      written: 0,
      unchanged: 2,
      removed: 0,
    });
    expect((await lookup(api, { entity: 'price_list', ref: list }))?.version).toBe(v1);

    // Merge (the default): one changed, one new dated row, the rest left alone.
    expect(
      counts(
        await api.put(`/price-lists/${list}/prices`, { prices: [row(0, 11), row(0, 12, '2025-06-01')] }),
      ),
    ).toEqual({
      written: 2,
      unchanged: 0,
      removed: 0,
    });
    // Replace: the rows not in the call (row 1 and the 2025-06-01 row) go.
    expect(
      counts(await api.put(`/price-lists/${list}/prices?mode=replace`, { prices: [row(0, 11), row(2, 30)] })),
    ).toEqual({
      written: 1,
      unchanged: 1,
      removed: 2,
    });
    expect(
      counts(await api.put(`/price-lists/${list}/prices?mode=replace`, { prices: [row(0, 11), row(2, 30)] })),
    ).toEqual({
      written: 0,
      unchanged: 2,
      removed: 0,
    });
    // Replace with nothing empties the list.
    expect(counts(await api.put(`/price-lists/${list}/prices?mode=replace`, { prices: [] }))).toEqual({
      written: 0,
      unchanged: 0,
      removed: 2,
    });
  });

  it('refuses the whole call when a product, unit or list was never pushed, naming each key; nothing is written', async () => {
    const list = await newList();
    okBody(PricePushResponseSchema, await api.put(`/price-lists/${list}/prices`, { prices: [row(0, 10)] }));
    const [p, u] = [key('NOPE'), key('NOBOX')];
    const error = errorOf(
      await api.put(`/price-lists/${list}/prices?mode=replace`, {
        prices: [
          row(1, 5),
          { ...row(0, 1), product_ref: p },
          { ...row(0, 1), unit_ref: u },
          { ...row(2, 1, '2025-02-01'), product_ref: p },
        ],
      }),
      422,
    );
    expect(error.code).toBe('UNKNOWN_REFERENCE');
    expect(error.message).toContain(`PUT /units/{ref} for ${u}`);
    expect(error.message).toContain(`PUT /products/{ref} for ${p}`);
    expect(error.details).toEqual([
      { field: 'body.prices.1.product_ref', code: 'unknown_product', value: p },
      { field: 'body.prices.2.unit_ref', code: 'unknown_unit', value: u },
    ]);
    // Read-back: the list still holds only its first row, unchanged (nothing added, nothing removed).
    expect(
      counts(await api.put(`/price-lists/${list}/prices?mode=replace`, { prices: [row(0, 10)] })),
    ).toEqual({
      written: 0,
      unchanged: 1,
      removed: 0,
    });

    const noList = key('PL');
    const unknownList = errorOf(await api.put(`/price-lists/${noList}/prices`, { prices: [row(0, 1)] }), 422);
    expect(unknownList).toMatchObject({
      code: 'UNKNOWN_REFERENCE',
      details: [{ field: 'ref', value: noList }],
    });
    expect(unknownList.message).toContain('PUT /price-lists/{ref}');
  });

  it('answers bad rows with 422 INVALID_REQUEST and field details, writing nothing', async () => {
    const list = await newList();
    okBody(PricePushResponseSchema, await api.put(`/price-lists/${list}/prices`, { prices: [row(0, 10)] }));
    const path = `/price-lists/${list}/prices?mode=replace`;

    const negative = errorOf(await api.put(path, { prices: [row(0, -1)] }), 422);
    expect(negative).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [expect.objectContaining({ field: 'body.prices.0.price' })],
    });

    const missing = errorOf(
      await api.put(path, { prices: [{ product_ref: products[0], unit_ref: unit }] }),
      422,
    );
    expect(missing.details.map((d) => d.field)).toEqual(
      expect.arrayContaining(['body.prices.0.price', 'body.prices.0.valid_from']),
    );

    const wrongType = errorOf(await api.put(path, { prices: [{ ...row(0, 1), price: '10' }] }), 422);
    expect(wrongType.details).toEqual([expect.objectContaining({ field: 'body.prices.0.price' })]);

    const rules = errorOf(
      await api.put(path, {
        prices: [
          { ...row(0, 5), valid_to: '2024-12-31' },
          { ...row(1, 5), min_price: 6 },
          row(2, 1, '2025-02-30'),
          row(0, 7),
        ],
      }),
      422,
    );
    expect(rules.details).toEqual([
      { field: 'body.prices.0.valid_to', code: 'before_valid_from', value: '2024-12-31' },
      { field: 'body.prices.1.min_price', code: 'above_price', value: '6' },
      { field: 'body.prices.2.valid_from', code: 'invalid_date', value: '2025-02-30' },
      { field: 'body.prices.3', code: 'duplicate_row', value: `${products[0]} ${unit} 2025-01-01` },
    ]);

    const tooMany = errorOf(
      await api.put(path, {
        prices: Array.from({ length: 501 }, (_, i) =>
          row(0, 1, `2030-01-${String((i % 28) + 1).padStart(2, '0')}`),
        ),
      }),
      422,
    );
    expect(tooMany.details).toEqual([expect.objectContaining({ field: 'body.prices', code: 'maxItems' })]);

    const badMode = errorOf(await api.put(`/price-lists/${list}/prices?mode=wipe`, { prices: [] }), 400);
    expect(new Set(badMode.details.map((d) => d.field))).toEqual(new Set(['query.mode']));

    // Read-back: none of the refused calls replaced or removed the row.
    expect(counts(await api.put(`/price-lists/${list}/prices`, { prices: [row(0, 10)] }))).toEqual({
      written: 0,
      unchanged: 1,
      removed: 0,
    });
  });
});
