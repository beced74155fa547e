import type { Database } from 'better-sqlite3';
import type { ProductUnitsBody, PushResponseData } from '../../../src-shared/wire';
import { ApiError, type ErrorDetail } from '../../errors';
import { stableJson, type RecordStore } from './records';
import { refuseMissing, resolve, type MissingReference } from './references';

/**
 * A product's sellable units (spec, Push master data: `PUT /products/{ref}/units`), kept in
 * `product_units` in the order sent.
 */
export function createProductUnitStore(db: Database, records: RecordStore) {
  const q = {
    productUnits: db.prepare(
      'SELECT unit_id, factor_to_base, order_default FROM product_units WHERE product_id = ? ORDER BY position',
    ),
    clearProductUnits: db.prepare('DELETE FROM product_units WHERE product_id = ?'),
    insertProductUnit: db.prepare(
      'INSERT INTO product_units(product_id, unit_id, factor_to_base, order_default, position) VALUES (?, ?, ?, ?, ?)',
    ),
  };

  /**
   * The whole list of a product's sellable units replaces the stored one (spec, Push bodies:
   * Product units). Identical list: `unchanged`; otherwise `updated` and the product's version
   * moves (docs/decisions/033-price-and-product-unit-rules.md).
   */
  function pushProductUnits(companyId: string, ref: string, body: ProductUnitsBody): PushResponseData {
    const missing: MissingReference[] = [];
    const product = resolve(records, companyId, 'product', ref, 'ref', missing);
    const details: ErrorDetail[] = [];
    const seen = new Set<string>();
    let defaults = 0;
    body.units.forEach((unit, i) => {
      if (seen.has(unit.unit_ref)) {
        details.push({ field: `body.units.${i}.unit_ref`, code: 'duplicate', value: unit.unit_ref });
      }
      seen.add(unit.unit_ref);
      if (unit.order_default) defaults += 1;
    });
    if (defaults > 1)
      details.push({ field: 'body.units', code: 'more_than_one_order_default', value: String(defaults) });
    if (details.length > 0) {
      throw new ApiError(
        'INVALID_REQUEST',
        'Each unit may appear once, and at most one unit may be the order default.',
        {
          status: 422,
          details,
        },
      );
    }
    const unitIds = body.units.map(
      (unit, i) =>
        resolve(records, companyId, 'unit', unit.unit_ref, `body.units.${i}.unit_ref`, missing)?.id,
    );
    refuseMissing(missing);
    if (!product) throw new Error('unreachable: refuseMissing throws when the product is missing');
    const rows = body.units.map((unit, i) => ({
      unit_id: unitIds[i] ?? '',
      factor_to_base: unit.factor_to_base,
      order_default: unit.order_default ? 1 : 0,
    }));
    if (stableJson(q.productUnits.all(product.id)) === stableJson(rows)) {
      return records.itemResult(product, 'product', ref, 'unchanged');
    }
    q.clearProductUnits.run(product.id);
    rows.forEach((row, position) =>
      q.insertProductUnit.run(product.id, row.unit_id, row.factor_to_base, row.order_default, position),
    );
    records.touch(companyId, product.id);
    return records.itemResult(product, 'product', ref, 'updated');
  }

  return { pushProductUnits };
}
