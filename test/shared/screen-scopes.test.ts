import { describe, expect, it } from 'vitest';
import {
  checkScreenNeeds,
  checkupScreens,
  screenNeeds,
  unreadableFeeds,
} from '../../src-shared/domain/screen-scopes';
import { scopes as everyScope } from '../../src-shared/wire';

/**
 * The spec's Scopes table (../shared/spec/integration-interface-v1.md, Authentication), copied word for
 * word: the spec lives beside the repository, not in it, and the suite runs from a clone alone.
 */
const specScopes = `
| Scope | Allows |
|---|---|
| orders:read / orders:write | pull orders / ack them |
| invoices:read / invoices:write | pull invoices / ack them |
| payments:read / payments:write | pull payments (receipts, cheques, reversals) / ack them |
| returns:read / returns:write | pull returns / ack them |
| customers:read / customers:write | look up / push customers and branches |
| catalog:write | push units, products and their sellable units |
| prices:write | push price lists and prices |
| balances:write | push customer balances |
| stock:read / stock:write | look up warehouses only; no stock operations in v1 |
| visits:read, webhooks:manage | nothing in v1 |
`;

/** The Scopes table read as scope -> what it allows. */
function specScopesTable(): Map<string, string> {
  const table = specScopes;
  const rows = new Map<string, string>();
  for (const line of table.split('\n')) {
    const match = /^\| ([a-z:, /]+) \| (.+) \|$/.exec(line);
    if (!match || match[1] === 'Scope') continue;
    const names = match[1]!.split(/ \/ |, /);
    const allows = match[2]!.split(' / ');
    names.forEach((name, index) => rows.set(name.trim(), (allows[index] ?? allows[0]!).trim()));
  }
  return rows;
}

describe('the scopes each screen needs', () => {
  it("names, per action, the scope the spec's table gives for it", () => {
    const table = specScopesTable();
    // Every scope the check-up names is a scope of the spec, allowing what the need says.
    const allows = (need: (typeof screenNeeds)[number]): string[] =>
      need.anyOf.map((s) => table.get(s) ?? '?');
    for (const need of screenNeeds) {
      if (need.action === 'pull')
        expect(allows(need)).toEqual([
          `pull ${need.feed}${need.feed === 'payments' ? ' (receipts, cheques, reversals)' : ''}`,
        ]);
      if (need.action === 'ack') expect(allows(need)).toEqual(['ack them']);
      if (need.action === 'look-up') expect(allows(need)).toEqual(['look up', 'push customers and branches']);
    }
    const pushes = screenNeeds
      .filter((need) => need.action === 'push')
      .map((need) => [
        need.screen,
        need.action === 'push' ? need.records.join('+') : '',
        need.anyOf.join('|'),
        allows(need).join('|'),
      ]);
    expect(pushes).toEqual([
      ['balances', 'balances', 'balances:write', 'push customer balances'],
      [
        'master-data',
        'units+products+product-units',
        'catalog:write',
        'push units, products and their sellable units',
      ],
      ['master-data', 'price-lists+prices', 'prices:write', 'push price lists and prices'],
      ['master-data', 'customers+branches', 'customers:write', 'push customers and branches'],
      ['master-data', 'balances', 'balances:write', 'push customer balances'],
    ]);
    expect([...table.keys()].sort()).toEqual([...everyScope].sort());
  });

  it('gives every screen at least one need, the review sections a read and a write of their own kind', () => {
    expect(new Set(screenNeeds.map((need) => need.screen))).toEqual(new Set(checkupScreens));
    for (const kind of ['invoices', 'payments', 'returns', 'orders'] as const) {
      expect(
        screenNeeds.filter((need) => need.screen === kind).map((need) => [need.action, need.anyOf]),
      ).toEqual([
        ['pull', [`${kind}:read`]],
        ['ack', [`${kind}:write`]],
      ]);
    }
  });

  it('a client without payments:read: payments are not pulled anywhere, everything else works', () => {
    const scopes = everyScope.filter((scope) => scope !== 'payments:read');
    const unmet = checkScreenNeeds(scopes)
      .filter((need) => !need.isMet)
      .map((need) => `${need.screen} ${need.action} ${need.action === 'pull' ? need.feed : ''}`);
    expect(unmet).toEqual(['payments pull payments', 'reconcile pull payments', 'day-end pull payments']);
    expect(unreadableFeeds(scopes)).toEqual(['payments']);
  });

  it('a client with the reads only: nothing can be answered or pushed; balances can be looked up with customers:read', () => {
    const scopes = ['orders:read', 'invoices:read', 'payments:read', 'returns:read', 'customers:read'];
    const checked = checkScreenNeeds(scopes);
    expect(
      checked
        .filter((need) => need.isMet)
        .map((need) => need.action)
        .sort(),
    ).toEqual(['look-up', ...Array<string>(12).fill('pull')]);
    expect(checked.filter((need) => !need.isMet && need.action === 'ack')).toHaveLength(8);
    expect(checked.filter((need) => !need.isMet && need.action === 'push')).toHaveLength(5);
    expect(unreadableFeeds(scopes)).toEqual([]);
    expect(unreadableFeeds([])).toEqual(['orders', 'invoices', 'payments', 'returns']);
  });
});
