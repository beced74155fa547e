import { describe, expect, it } from 'vitest';
import {
  adoptionServiceId,
  countOutcomes,
  recordsOfCall,
  resultsToCsv,
  settleRecords,
  type PushCall,
} from '../../../src-shared/domain/master-data';

const productsBatch: PushCall = {
  call: 'products-batch',
  file: 'products.csv',
  items: [
    { ref: 'P1', body: { name: { en: 'Tea' }, base_unit_ref: 'PCS' }, line: 2 },
    { ref: 'P2', body: { name: { en: 'Rice' }, base_unit_ref: 'KG' }, line: 3 },
  ],
};
const customer: PushCall = {
  call: 'customer',
  file: 'customers.csv',
  line: 7,
  ref: 'C1',
  body: { name: { en: 'Nile' }, blocked: false },
};

describe('push results', () => {
  it('settles each item of a batch by its own answer, in plain words', () => {
    const records = settleRecords(productsBatch, recordsOfCall(productsBatch, 3, 10), {
      type: 'batch',
      isReplay: false,
      data: [
        {
          ref: 'P1',
          ok: true,
          result: { entity: 'product', external_ref: 'P1', id: 'prd_1', result: 'created' },
          error: null,
        },
        {
          ref: 'P2',
          ok: false,
          result: null,
          error: {
            code: 'UNKNOWN_REFERENCE',
            message: 'Not pushed yet: PUT /units/{ref} for KG.',
            details: [{ field: 'body.base_unit_ref', code: 'unknown_unit', value: 'KG' }],
          },
        },
      ],
    });
    expect(records.map((r) => [r.seq, r.call, r.key, r.line, r.outcome, r.serviceId, r.explanation])).toEqual(
      [
        [10, 3, 'P1', 2, 'created', 'prd_1', null],
        [
          11,
          3,
          'P2',
          3,
          'failed',
          null,
          'Not on the service yet: unit KG — push the units file first. Nothing of this call was written.',
        ],
      ],
    );
    expect(countOutcomes(records)).toMatchObject({ created: 1, failed: 1, pending: 0 });
  });

  it('names every missing key of a refused price push, grouped by the file to push first', () => {
    const prices: PushCall = {
      call: 'prices',
      file: 'prices.csv',
      lines: [2, 3, 4],
      ref: 'RETAIL',
      mode: 'merge',
      body: { prices: [] },
    };
    const [record] = settleRecords(prices, recordsOfCall(prices, 0, 0), {
      type: 'error',
      error: {
        code: 'UNKNOWN_REFERENCE',
        message: 'Not pushed yet.',
        status: 422,
        details: [
          { field: 'body.prices.0.product_ref', code: 'unknown_product', value: 'P8' },
          { field: 'body.prices.1.product_ref', code: 'unknown_product', value: 'P9' },
          { field: 'body.prices.1.unit_ref', value: 'CTN' },
        ],
      },
    });
    expect(record?.label).toBe('0 prices, lines 2–4, merge');
    expect(record?.explanation).toBe(
      'Not on the service yet: products P8, P9 — push the products file first; unit CTN — push the units file first. Nothing of this call was written.',
    );
  });

  it('counts a price push and marks a replayed answer', () => {
    const prices: PushCall = {
      call: 'prices',
      file: 'p.csv',
      lines: [2],
      ref: 'L',
      mode: 'replace',
      body: { prices: [] },
    };
    const [record] = settleRecords(prices, recordsOfCall(prices, 0, 0), {
      type: 'prices',
      isReplay: true,
      data: { list_id: 'pl_1', external_ref: 'L', written: 0, unchanged: 3, removed: 1 },
    });
    expect([record?.outcome, record?.note]).toEqual([
      'updated',
      '0 written, 3 unchanged, 1 removed; answer replayed by the service (sent before)',
    ]);
  });

  it("offers adoption when a customer's key is the code of a customer the service already has", () => {
    const fromDetails = {
      code: 'EXTERNAL_REF_CONFLICT',
      message: 'exists',
      status: 409,
      details: [{ field: 'body.service_id', code: 'required_to_adopt', value: 'cus_42' }],
    };
    const fromMessage = {
      code: 'EXTERNAL_REF_CONFLICT',
      message: 'A customer with the code C1 already exists. Push again with "service_id": "cus_77".',
      status: 409,
      details: [],
    };
    expect(adoptionServiceId(customer, fromDetails)).toBe('cus_42');
    expect(adoptionServiceId(customer, fromMessage)).toBe('cus_77');
    // Sent with a service_id already: the conflict is another one, nothing to adopt.
    const linked: PushCall = { ...customer, body: { ...customer.body, service_id: 'cus_42' } };
    expect(adoptionServiceId(linked, fromDetails)).toBeNull();
    const [record] = settleRecords(customer, recordsOfCall(customer, 0, 0), {
      type: 'error',
      error: fromDetails,
    });
    expect([record?.adoptServiceId, record?.explanation]).toEqual([
      'cus_42',
      'A customer with this code already exists in the service (service id cus_42). Link this ERP key to it if it is the same customer.',
    ]);
  });

  it('exports the results as CSV a spreadsheet reads', () => {
    const records = settleRecords(customer, recordsOfCall(customer, 0, 0), {
      type: 'push',
      isReplay: false,
      data: { entity: 'customer', external_ref: 'C1', id: 'cus_1', result: 'updated' },
    });
    expect(resultsToCsv(records)).toBe(
      '\ufeffKind,File,Line,Key,Record,Result,Service id,Note,Error code,Error,ERP balance\r\nCustomers,customers.csv,7,C1,customer,updated,cus_1,,,,\r\n',
    );
  });
});
