import type { Database } from 'better-sqlite3';
import type {
  PriceListBody,
  PriceMode,
  PricePushResponseData,
  PricesBody,
  PushResponseData,
} from '../../../src-shared/wire';
import { ApiError, type ErrorDetail } from '../../errors';
import type { RecordStore } from './records';
import { adoptByCode, refuseMissing, resolve, type MissingReference } from './references';

/** The canonical stored body of a price list: every known field, absent ones as null. */
function priceListRecord(body: PriceListBody) {
  return { currency: body.currency, name: body.name };
}

/** A price row as stored. */
interface PriceRow {
  product_id: string;
  unit_id: string;
  valid_from: string;
  valid_to: string | null;
  price: number;
  min_price: number | null;
}

/** Whether `YYYY-MM-DD` names a real calendar day (the schema checks only the pattern). */
function isCalendarDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * The problems of a price push's rows that its schema cannot see: a row key sent twice, a date
 * that is no calendar day, `valid_to` before `valid_from`, `min_price` above `price`.
 */
function priceRowProblems(body: PricesBody): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const keys = new Set<string>();
  body.prices.forEach((row, i) => {
    const key = `${row.product_ref}\u0000${row.unit_ref}\u0000${row.valid_from}`;
    if (keys.has(key)) {
      details.push({
        field: `body.prices.${i}`,
        code: 'duplicate_row',
        value: `${row.product_ref} ${row.unit_ref} ${row.valid_from}`,
      });
    }
    keys.add(key);
    if (!isCalendarDate(row.valid_from))
      details.push({ field: `body.prices.${i}.valid_from`, code: 'invalid_date', value: row.valid_from });
    if (row.valid_to != null) {
      if (!isCalendarDate(row.valid_to))
        details.push({ field: `body.prices.${i}.valid_to`, code: 'invalid_date', value: row.valid_to });
      else if (row.valid_to < row.valid_from) {
        details.push({
          field: `body.prices.${i}.valid_to`,
          code: 'before_valid_from',
          value: row.valid_to,
        });
      }
    }
    if (row.min_price != null && row.min_price > row.price) {
      details.push({
        field: `body.prices.${i}.min_price`,
        code: 'above_price',
        value: String(row.min_price),
      });
    }
  });
  return details;
}

/**
 * Price lists and their prices (spec, Push master data: `PUT /price-lists/{ref}` and
 * `PUT /price-lists/{ref}/prices`); prices are kept in `prices`.
 */
export function createPriceListStore(db: Database, records: RecordStore) {
  const q = {
    prices: db.prepare(
      'SELECT product_id, unit_id, valid_from, valid_to, price, min_price FROM prices WHERE list_id = ?',
    ),
    upsertPrice:
      db.prepare(`INSERT INTO prices(list_id, product_id, unit_id, valid_from, valid_to, price, min_price)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT(list_id, product_id, unit_id, valid_from) DO UPDATE SET
        valid_to = excluded.valid_to, price = excluded.price, min_price = excluded.min_price`),
    deletePrice: db.prepare(
      'DELETE FROM prices WHERE list_id = ? AND product_id = ? AND unit_id = ? AND valid_from = ?',
    ),
  };

  function pushPriceList(companyId: string, ref: string, body: PriceListBody): PushResponseData {
    return records.upsert({
      companyId,
      entity: 'price_list',
      parentId: '',
      ref,
      body: priceListRecord(body),
      sourceVersion: body.source_version,
      adopt: adoptByCode(records, companyId, 'price_list', ref),
    });
  }

  /**
   * Prices of a list, merged or replacing (spec, Push master data: Prices). Rows are keyed by
   * product, unit and `valid_from`; `written` counts rows added or changed, `unchanged` identical
   * rows, `removed` the list's rows a `replace` dropped. The list's version moves when anything
   * was written or removed (docs/decisions/033-price-and-product-unit-rules.md).
   */
  function pushPrices(
    companyId: string,
    ref: string,
    mode: PriceMode,
    body: PricesBody,
  ): PricePushResponseData {
    const details = priceRowProblems(body);
    if (details.length > 0) {
      throw new ApiError(
        'INVALID_REQUEST',
        `${details.length} price row problem(s); see details. Nothing was written.`,
        {
          status: 422,
          details,
        },
      );
    }

    const missing: MissingReference[] = [];
    const list = resolve(records, companyId, 'price_list', ref, 'ref', missing);
    const products = new Map<string, string>();
    const units = new Map<string, string>();
    body.prices.forEach((row, i) => {
      if (
        !products.has(row.product_ref) &&
        !missing.some((m) => m.entity === 'product' && m.ref === row.product_ref)
      ) {
        const found = resolve(
          records,
          companyId,
          'product',
          row.product_ref,
          `body.prices.${i}.product_ref`,
          missing,
        );
        if (found) products.set(row.product_ref, found.id);
      }
      if (!units.has(row.unit_ref) && !missing.some((m) => m.entity === 'unit' && m.ref === row.unit_ref)) {
        const found = resolve(records, companyId, 'unit', row.unit_ref, `body.prices.${i}.unit_ref`, missing);
        if (found) units.set(row.unit_ref, found.id);
      }
    });
    refuseMissing(missing);
    if (!list) throw new Error('unreachable: refuseMissing throws when the list is missing');

    const stored = new Map<string, PriceRow>();
    for (const row of q.prices.all(list.id) as PriceRow[]) {
      stored.set(`${row.product_id}\u0000${row.unit_id}\u0000${row.valid_from}`, row);
    }
    let written = 0;
    let unchanged = 0;
    const sent = new Set<string>();
    for (const row of body.prices) {
      const productId = products.get(row.product_ref) ?? '';
      const unitId = units.get(row.unit_ref) ?? '';
      const key = `${productId}\u0000${unitId}\u0000${row.valid_from}`;
      sent.add(key);
      const before = stored.get(key);
      const validTo = row.valid_to ?? null;
      const minPrice = row.min_price ?? null;
      if (
        before &&
        before.valid_to === validTo &&
        before.price === row.price &&
        before.min_price === minPrice
      ) {
        unchanged += 1;
        continue;
      }
      q.upsertPrice.run(list.id, productId, unitId, row.valid_from, validTo, row.price, minPrice);
      written += 1;
    }
    let removed = 0;
    if (mode === 'replace') {
      for (const [key, row] of stored) {
        if (sent.has(key)) continue;
        q.deletePrice.run(list.id, row.product_id, row.unit_id, row.valid_from);
        removed += 1;
      }
    }
    if (written + removed > 0) records.touch(companyId, list.id);
    return { list_id: list.id, external_ref: ref, written, unchanged, removed };
  }

  return { pushPriceList, pushPrices };
}
