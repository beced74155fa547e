/**
 * Which scopes each screen of the desk needs, and what a client's scopes leave working.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Authentication (the Scopes table: `<kind>:read`
 * pulls a feed, `<kind>:write` acks it; `customers:read`/`customers:write` look up and push customers
 * and branches; `catalog:write` units, products and their sellable units; `prices:write` price lists
 * and prices; `balances:write` balances; "`GET /lookup` accepts any scope of the record's family")
 * and the Endpoints tables. The scopes are read from the wire's endpoint rows, not spelled again, so
 * the check-up names exactly what a call would be refused for (docs/decisions/093-connection-check-up.md).
 */
import { endpoints, feedKinds, feedScope, lookupScopes, type FeedKind, type Scope } from '../wire';
import type { RecordKind } from './master-data/kinds';

/** The screens the check-up speaks of (the app's sections that call the service). */
export const checkupScreens = [
  'invoices',
  'payments',
  'returns',
  'orders',
  'reconcile',
  'day-end',
  'balances',
  'master-data',
] as const;

/** One screen of the check-up. */
export type CheckupScreen = (typeof checkupScreens)[number];

/**
 * One thing a screen does with the service, and the scopes that allow it (any one of `anyOf`).
 *
 * `pull`: staging a feed (`GET /{kind}`); `ack`: Accept and Reject (`POST /acks`); `look-up`: reading
 * customers' current balances (`GET /lookup?entity=customer`); `push`: pushing master data by the
 * ERP's keys.
 */
export type ScreenNeed =
  | { screen: CheckupScreen; action: 'pull' | 'ack'; feed: FeedKind; anyOf: readonly Scope[] }
  | { screen: CheckupScreen; action: 'look-up'; records: 'customers'; anyOf: readonly Scope[] }
  | { screen: CheckupScreen; action: 'push'; records: readonly RecordKind[]; anyOf: readonly Scope[] };

/** A need with whether the client's scopes meet it. */
export type CheckedNeed = ScreenNeed & { isMet: boolean };

/** The scope of a push endpoint row (every push row names one scope). */
function pushScope(
  name: 'unitPush' | 'productPush' | 'priceListPush' | 'customerPush' | 'balancePush',
): Scope {
  return endpoints[name].scope;
}

function feedNeeds(screen: CheckupScreen, kind: FeedKind, withAck: boolean): ScreenNeed[] {
  const { read, write } = feedScope(kind);
  const pull: ScreenNeed = { screen, action: 'pull', feed: kind, anyOf: [read] };
  return withAck ? [pull, { screen, action: 'ack', feed: kind, anyOf: [write] }] : [pull];
}

/** Every screen's needs, in the order of the app's sections. */
export const screenNeeds: readonly ScreenNeed[] = [
  // The four review sections: `<kind>:read` to see, `<kind>:write` to Accept and Reject.
  ...(['invoices', 'payments', 'returns', 'orders'] as const).flatMap((kind) => feedNeeds(kind, kind, true)),
  // Reconcile matches a register against the staged documents and answers the matches: the same per kind.
  ...feedKinds.flatMap((kind) => feedNeeds('reconcile', kind, true)),
  // The day-end report reads what the feeds staged.
  ...feedKinds.flatMap((kind) => feedNeeds('day-end', kind, false)),
  // The balance worksheet reads customers' balances with GET /lookup and pushes fresh ones.
  { screen: 'balances', action: 'look-up', records: 'customers', anyOf: lookupScopes('customer') },
  { screen: 'balances', action: 'push', records: ['balances'], anyOf: [pushScope('balancePush')] },
  // Master data: each entity's write scope (spec, Push master data).
  {
    screen: 'master-data',
    action: 'push',
    records: ['units', 'products', 'product-units'],
    anyOf: [pushScope('unitPush')],
  },
  {
    screen: 'master-data',
    action: 'push',
    records: ['price-lists', 'prices'],
    anyOf: [pushScope('priceListPush')],
  },
  {
    screen: 'master-data',
    action: 'push',
    records: ['customers', 'branches'],
    anyOf: [pushScope('customerPush')],
  },
  { screen: 'master-data', action: 'push', records: ['balances'], anyOf: [pushScope('balancePush')] },
];

/** Each need of every screen, with whether `scopes` (as `GET /me` answered them) meet it. */
export function checkScreenNeeds(scopes: readonly string[]): CheckedNeed[] {
  const held = new Set(scopes);
  return screenNeeds.map((need) => ({ ...need, isMet: need.anyOf.some((scope) => held.has(scope)) }));
}

/** The feeds whose `:read` scope is missing: the sync skips them (a pull would answer 403). */
export function unreadableFeeds(scopes: readonly string[]): FeedKind[] {
  const held = new Set(scopes);
  return feedKinds.filter((kind) => !held.has(feedScope(kind).read));
}
