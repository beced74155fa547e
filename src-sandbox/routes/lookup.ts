import {
  endpoints,
  lookupScopes,
  type BranchEffective,
  type LookupQuery,
  type LookupRecord,
  type NameMap,
} from '../../src-shared/wire';
import { requireScope } from '../auth';
import type { SandboxApp } from '../context';
import { ApiError } from '../errors';
import { createBalanceStore } from '../store/balances';
import { createMasterDataStore, type MasterDataStore, type RecordRow } from '../store/master-data';

/** The stored body of a record as an object (records are written by the sandbox as JSON objects). */
function bodyOf(row: RecordRow): Record<string, unknown> {
  const parsed: unknown = JSON.parse(row.body);
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? Object.fromEntries(Object.entries(parsed))
    : {};
}

/** The record's name map; a record stored without one (not pushed) is named by its code. */
function nameOf(row: RecordRow, body: Record<string, unknown>): NameMap {
  const name = body['name'];
  const entries =
    name !== null && typeof name === 'object'
      ? Object.entries(name).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      : typeof name === 'string'
        ? [['en', name] as [string, string]]
        : [];
  return entries.length > 0 ? Object.fromEntries(entries) : { en: row.code ?? row.id };
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
function number(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

/**
 * A branch's effective values: each null override reads the customer account's value (spec, Push
 * bodies: Branch); a branch is blocked when it or its customer is
 * (docs/decisions/034-branch-effective-values.md).
 */
function effectiveOf(branch: Record<string, unknown>, customer: Record<string, unknown>): BranchEffective {
  const inherit = (field: string): unknown => branch[field] ?? customer[field] ?? null;
  return {
    blocked: branch['blocked'] === true || customer['blocked'] === true,
    address: text(inherit('address')),
    contact_name: text(branch['contact_name']),
    phone: text(branch['phone']),
    credit_limit: number(inherit('credit_limit')),
    latitude: number(inherit('latitude')),
    longitude: number(inherit('longitude')),
    payment_terms_days: number(branch['payment_terms_days']),
    price_list_ref: text(inherit('price_list_ref')),
    radius_metres: number(inherit('radius_metres')),
  };
}

/**
 * Finds the record a lookup names: by ERP key (a branch by key needs `customer_ref`), service id or
 * code; tombstones are found too (docs/decisions/004-lookup-parameters-and-answer.md,
 * 037-lookup-addressing.md).
 */
function findRecord(store: MasterDataStore, companyId: string, query: LookupQuery): RecordRow | undefined {
  const given = (['ref', 'id', 'code'] as const).filter((name) => query[name] !== undefined);
  if (given.length !== 1) {
    throw new ApiError('INVALID_REQUEST', 'Give exactly one of ref, id or code.', {
      details: [
        { field: 'query', code: given.length === 0 ? 'missing' : 'ambiguous', value: given.join(',') },
      ],
    });
  }
  if (query.customer_ref !== undefined && query.entity !== 'branch') {
    throw new ApiError('INVALID_REQUEST', 'customer_ref is only taken with entity=branch.', {
      details: [{ field: 'query.customer_ref', code: 'not_allowed', value: query.entity }],
    });
  }
  let parentId: string | undefined;
  if (query.entity === 'branch' && query.customer_ref !== undefined) {
    const customer = store.byRef(companyId, 'customer', query.customer_ref);
    if (!customer) return undefined;
    parentId = customer.id;
  }
  if (query.id !== undefined) {
    const row = store.byId(companyId, query.entity, query.id);
    return parentId === undefined || row?.parent_id === parentId ? row : undefined;
  }
  if (query.code !== undefined) return store.byCode(companyId, query.entity, query.code, parentId);
  if (query.entity === 'branch' && parentId === undefined) {
    throw new ApiError(
      'INVALID_REQUEST',
      'A branch is found by ref together with customer_ref (branch keys are unique per customer).',
      {
        details: [{ field: 'query.customer_ref', code: 'required' }],
      },
    );
  }
  return store.byRef(companyId, query.entity, query.ref ?? '', parentId ?? '');
}

/**
 * `GET /lookup` (spec, Identity and lookup: "not shown"; docs/decisions/004-lookup-parameters-and-answer.md):
 * the record with its id, ERP key, code, version and tombstone flag; for a customer its current
 * balance, for a branch its effective values. Any scope of the record's family will do.
 */
export async function lookupRoutes(app: SandboxApp): Promise<void> {
  const { db, clock } = app.sandbox;
  const store = createMasterDataStore(db, clock);
  const balances = createBalanceStore(db, clock, store);
  const lookup = endpoints.lookup;

  app.get(
    lookup.path,
    { schema: { querystring: lookup.query, response: { 200: lookup.response } } },
    async (request) => {
      const query = request.query;
      requireScope(request, lookupScopes(query.entity));
      const companyId = request.principal?.companyId ?? '';
      const row = findRecord(store, companyId, query);
      if (!row) {
        const key = query.ref ?? query.id ?? query.code ?? '';
        throw new ApiError('NOT_FOUND', `No ${query.entity} answers to ${key}.`, {
          details: [
            { field: query.ref !== undefined ? 'ref' : query.id !== undefined ? 'id' : 'code', value: key },
          ],
        });
      }
      const body = bodyOf(row);
      const data: LookupRecord = {
        entity: query.entity,
        id: row.id,
        external_ref: row.external_ref,
        code: row.code,
        version: row.version,
        deleted: row.deleted === 1,
        name: nameOf(row, body),
      };
      if (query.entity === 'product' || query.entity === 'warehouse') data.active = body['active'] !== false;
      if (query.entity === 'customer') data.balance = balances.currentBalance(row);
      if (query.entity === 'branch') {
        const customer = store.byId(companyId, 'customer', row.parent_id);
        data.effective = effectiveOf(body, customer ? bodyOf(customer) : {});
      }
      return { data };
    },
  );
}
