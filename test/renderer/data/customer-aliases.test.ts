import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src-renderer/data/db';
import {
  confirmCustomerAlias,
  readCustomerAliases,
  refuseCustomerAlias,
  type CustomerAliasPair,
} from '../../../src-renderer/data/customer-aliases';

beforeEach(async () => {
  await db.open();
});

afterEach(async () => {
  db.close();
  await db.delete();
});

/** The name "Al Nour" of connection conn-1 and a customer. */
function pair(customerId: string, connectionId = 'conn-1'): CustomerAliasPair {
  return { connectionId, name: 'alnour', shownName: 'Al Nour', customerId };
}

/** A connection's pairs as the clerk reads them: customer and word. */
async function pairs(connectionId = 'conn-1'): Promise<Array<[string, string, string]>> {
  return (await readCustomerAliases(connectionId)).map((row) => [row.name, row.customerId, row.state]);
}

describe('customer aliases of a connection', () => {
  it('keeps one confirmed customer a name, any number refused, and each connection its own', async () => {
    await confirmCustomerAlias(pair('cu-1'), '2025-03-06T08:00:00.000Z');
    await confirmCustomerAlias(pair('cu-9', 'conn-2'), '2025-03-06T08:00:00.000Z');
    expect(await readCustomerAliases('conn-1')).toEqual([
      { ...pair('cu-1'), state: 'confirmed', savedAt: '2025-03-06T08:00:00.000Z' },
    ]);
    // Another customer confirmed for the name replaces the first.
    await confirmCustomerAlias(pair('cu-2'), '2025-03-06T09:00:00.000Z');
    expect(await pairs()).toEqual([['alnour', 'cu-2', 'confirmed']]);
    // Refusals stay beside each other; refusing the confirmed customer replaces its confirmation.
    await refuseCustomerAlias(pair('cu-1'), '2025-03-06T10:00:00.000Z');
    await refuseCustomerAlias(pair('cu-2'), '2025-03-06T10:00:00.000Z');
    await refuseCustomerAlias(pair('cu-3'), '2025-03-06T10:00:00.000Z');
    expect(await pairs()).toEqual([
      ['alnour', 'cu-1', 'refused'],
      ['alnour', 'cu-2', 'refused'],
      ['alnour', 'cu-3', 'refused'],
    ]);
    // A confirmation of a refused customer replaces its refusal and leaves the others'.
    await confirmCustomerAlias(pair('cu-3'), '2025-03-06T11:00:00.000Z');
    expect(await pairs()).toEqual([
      ['alnour', 'cu-1', 'refused'],
      ['alnour', 'cu-2', 'refused'],
      ['alnour', 'cu-3', 'confirmed'],
    ]);
    expect(await pairs('conn-2')).toEqual([['alnour', 'cu-9', 'confirmed']]);
  });

  it('writes nothing by halves: a confirmation that fails leaves the earlier one', async () => {
    await confirmCustomerAlias(pair('cu-1'), '2025-03-06T08:00:00.000Z');
    // An id IndexedDB cannot take as a key fails the put after the earlier confirmation was deleted.
    const broken = { ...pair('cu-2'), customerId: null as unknown as string };
    await expect(confirmCustomerAlias(broken, '2025-03-06T09:00:00.000Z')).rejects.toThrow();
    expect(await pairs()).toEqual([['alnour', 'cu-1', 'confirmed']]);
  });
});
