import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { db } from '../../../src-renderer/data/db';
import { serviceDocuments } from '../../../src-renderer/data/reconciliations';
import { serviceCustomers } from '../../../src-renderer/data/service-customers';
import { row } from '../review/fixtures';
import { useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';

useConnectedDesk();

describe("the service's customers a register's names are matched to", () => {
  it('are the staged customers of every feed, named as their documents name them, with their looked-up names', async () => {
    await putRows('invoices', [
      row('a', { customerId: 'cu-1', customer: 'C-1' }),
      row('b', { customerId: 'cu-2', customer: 'ERP-2' }),
    ]);
    await putRows('orders', [row('o', { customerId: 'cu-3', customer: 'C-3' })]);
    await db.customerNames.bulkPut([
      { id: 'cu-1', code: 'C-1', name: { en: 'Al Nour', ar: 'النور' }, fetchedAt: 'now' },
      { id: 'cu-2', code: null, name: { en: 'Keyed' }, fetchedAt: 'now' },
      { id: 'cu-3', code: 'C-3', name: { en: 'Orders Only' }, fetchedAt: 'now' },
      // A customer of a connection used before: no staged document names it.
      { id: 'cu-old', code: 'C-1', name: { en: 'Al Nour' }, fetchedAt: 'now' },
    ]);
    const customers = await serviceCustomers(await serviceDocuments('invoices'), { 'cu-1': 'ERP-1' });
    expect(customers.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'cu-1', code: 'C-1', erpKey: 'ERP-1', name: { en: 'Al Nour', ar: 'النور' } },
      { id: 'cu-2', code: 'ERP-2', erpKey: null, name: { en: 'Keyed' } },
      { id: 'cu-3', code: 'C-3', erpKey: null, name: { en: 'Orders Only' } },
    ]);
  });
});
