import {
  ReferenceResponseSchema,
  ReferenceParamsSchema,
  referenceKinds,
  type NameMap,
  type ReferenceResponse,
  type ReferenceEntry,
  type ReferenceKind,
} from '../../src-shared/wire';
import type { SandboxApp } from '../context';
import { ApiError } from '../errors';

/** An entry of a fixed code list: code, names in English and Arabic, string attributes. */
function entry(
  code: string,
  en: string,
  ar: string,
  attributes: Record<string, string> = {},
): ReferenceEntry {
  return { code, name: { en, ar }, attributes };
}

/**
 * The fixed code lists (spec, Identity and lookup: `GET /reference/{kind}`; the contents are not shown
 * beyond the codes the spec names, decided in docs/decisions/015-reference-list-contents.md). The same
 * for every company. The simulator writes documents with these codes.
 */
export const staticReferenceLists = {
  // spec, Payment: each method has `needs_reference` ("true"/"false"); CASH needs none, CHEQUE needs one.
  'payment-methods': [
    entry('CASH', 'Cash', 'نقدي', { needs_reference: 'false' }),
    entry('CHEQUE', 'Cheque', 'شيك', { needs_reference: 'true' }),
    entry('BANK_TRANSFER', 'Bank transfer', 'تحويل بنكي', { needs_reference: 'true' }),
  ],
  'return-reasons': [
    entry('DAMAGED', 'Damaged', 'تالف'),
    entry('EXPIRED', 'Expired', 'منتهي الصلاحية'),
    entry('NEAR_EXPIRY', 'Near expiry', 'قارب على الانتهاء'),
    entry('WRONG_ITEM', 'Wrong item', 'صنف خاطئ'),
    entry('CUSTOMER_REFUSED', 'Customer refused', 'رفض العميل'),
  ],
  // spec, States and transitions: the order statuses the interface names.
  'order-statuses': [
    entry('ERP_PENDING', 'Awaiting the ERP', 'بانتظار نظام ERP', { awaiting_ack: 'true' }),
    entry('ERP_CONFIRMED', 'Confirmed by the ERP', 'مؤكد من نظام ERP', { awaiting_ack: 'false' }),
    entry('ERP_FAILED', 'Failed in the ERP', 'فشل في نظام ERP', { awaiting_ack: 'false' }),
    entry('DELIVERED', 'Delivered', 'تم التسليم', { awaiting_ack: 'false' }),
  ],
  'return-statuses': [entry('RECORDED', 'Recorded', 'مسجل')],
  // spec, Payment: cheque status IN_HAND seen; a cheque also has a bounce_reason.
  'cheque-statuses': [
    entry('IN_HAND', 'In hand', 'في العهدة', { final: 'false' }),
    entry('DEPOSITED', 'Deposited', 'مودع', { final: 'false' }),
    entry('CLEARED', 'Cleared', 'تم التحصيل', { final: 'true' }),
    entry('BOUNCED', 'Bounced', 'مرتد', { final: 'true' }),
  ],
  // `rate` is the percentage as the documents' tax lines carry it (a decimal string).
  'tax-codes': [
    entry('VAT14', 'VAT 14%', 'ضريبة القيمة المضافة 14%', { rate: '14.00' }),
    entry('VAT5', 'VAT 5%', 'ضريبة القيمة المضافة 5%', { rate: '5.00' }),
    entry('VAT0', 'Zero-rated', 'خاضع بنسبة صفر', { rate: '0.00' }),
    entry('EXEMPT', 'Exempt', 'معفى', { rate: '0.00' }),
  ],
  currencies: [
    entry('EGP', 'Egyptian pound', 'جنيه مصري', { decimals: '2', symbol: 'E£' }),
    entry('USD', 'US dollar', 'دولار أمريكي', { decimals: '2', symbol: '$' }),
    entry('EUR', 'Euro', 'يورو', { decimals: '2', symbol: '€' }),
    entry('SAR', 'Saudi riyal', 'ريال سعودي', { decimals: '2', symbol: 'SAR' }),
    entry('AED', 'UAE dirham', 'درهم إماراتي', { decimals: '2', symbol: 'AED' }),
  ],
} as const satisfies Record<string, readonly ReferenceEntry[]>;

/** The lists read from the caller's company's records, and the `records.entity` of each. */
const recordKinds = { units: 'unit', warehouses: 'warehouse', 'price-lists': 'price_list' } as const;

type StaticKind = keyof typeof staticReferenceLists;
type RecordKind = keyof typeof recordKinds;

function isStaticKind(kind: ReferenceKind): kind is StaticKind {
  return Object.hasOwn(staticReferenceLists, kind);
}

function isReferenceKind(kind: string): kind is ReferenceKind {
  return referenceKinds.some((k) => k === kind);
}

interface RecordRow {
  id: string;
  code: string | null;
  external_ref: string | null;
  body: string;
}

/** The member `name` of a stored body when it is a name map, else `fallback` as the English name. */
function nameOf(body: Record<string, unknown>, fallback: string): NameMap {
  const name = body.name;
  if (name !== null && typeof name === 'object' && !Array.isArray(name)) {
    const map: NameMap = {};
    for (const [language, text] of Object.entries(name)) if (typeof text === 'string') map[language] = text;
    if (Object.keys(map).length > 0) return map;
  }
  return { en: fallback };
}

/** What a stored record adds as attributes: a price list's currency, a warehouse's `active`. */
function attributesOf(kind: RecordKind, body: Record<string, unknown>): Record<string, string> {
  if (kind === 'price-lists' && typeof body.currency === 'string') return { currency: body.currency };
  if (kind === 'warehouses') return { active: body.active === false ? 'false' : 'true' };
  return {};
}

function parseBody(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  } catch {
    return {};
  }
}

/**
 * `GET /reference/{kind}` (spec, Identity and lookup): the ten code lists, `{data, meta: {count, kind}}`;
 * no scope needed; an unknown kind answers 404 `NOT_FOUND`. `units`, `warehouses` and `price-lists` are
 * the caller's company's records that are not deleted, by code.
 */
export async function referenceRoutes(app: SandboxApp): Promise<void> {
  const { db } = app.sandbox;
  const records = db.prepare(`
    SELECT id, code, external_ref, body FROM records
     WHERE company_id = ? AND entity = ? AND deleted = 0
     ORDER BY COALESCE(code, external_ref, id)`);

  app.get(
    '/reference/:kind',
    { schema: { params: ReferenceParamsSchema, response: { 200: ReferenceResponseSchema } } },
    async (request): Promise<ReferenceResponse> => {
      const kind = request.params.kind;
      if (!isReferenceKind(kind)) {
        throw new ApiError(
          'NOT_FOUND',
          `There is no reference list "${kind}". The lists are: ${referenceKinds.join(', ')}.`,
          {
            details: [{ field: 'kind', value: kind }],
          },
        );
      }
      const principal = request.principal;
      if (!principal)
        throw new ApiError('TOKEN_INVALID', 'Send the client token as "Authorization: Bearer <token>".');
      let data: ReferenceEntry[];
      if (isStaticKind(kind)) {
        data = [...staticReferenceLists[kind]];
      } else {
        const rows = records.all(principal.companyId, recordKinds[kind]) as RecordRow[];
        data = rows.map((row) => {
          const body = parseBody(row.body);
          const code = row.code ?? row.external_ref ?? row.id;
          return {
            code,
            name: nameOf(body, code),
            attributes: attributesOf(kind, body),
            external_ref: row.external_ref,
            id: row.id,
          };
        });
      }
      return { data, meta: { count: data.length, kind } };
    },
  );
}
