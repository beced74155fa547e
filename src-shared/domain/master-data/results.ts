/**
 * What happened to each record of a push: the records a call carries, their outcome once the call
 * is answered, the service's errors in plain words, and the adoption a conflict offers.
 *
 * Spec: ../shared/spec/integration-interface-v1.md, Push answer (`created`, `updated`, `unchanged`,
 * `stale`, `deleted`; price push counts), Push master data (Batch: per-item `ok`, `result`,
 * `error`), Push semantics (adoption with `service_id`; `UNKNOWN_REFERENCE` names the missing keys
 * in `details`), Errors.
 */
import type { BatchPushItemResult, PricePushResponseData, PushResponseData, PushResult } from '../../wire';
import { kindDefs, type RecordKind } from './kinds';
import { writeCsv } from './csv';
import type { PushCall, PushCallName } from './push-plan';

/** Where a record stands: not answered yet, the service's result, or refused. */
export type PushOutcome = 'pending' | PushResult | 'failed';

/** Every outcome, in the order the results screen lists them. */
export const pushOutcomes: readonly PushOutcome[] = [
  'created',
  'updated',
  'unchanged',
  'stale',
  'deleted',
  'failed',
  'pending',
];

/** A refusal as the service gave it (spec, Errors: `code`, `message`, `details`), with the HTTP status when known. */
export interface PushRecordError {
  code: string;
  message: string;
  details: Array<Record<string, string>>;
  status: number | null;
}

/**
 * What a record is, as facts the desk words in the clerk's language (`label` keeps their English, for
 * the English export and for records an earlier build kept with `label` only).
 */
export type PushRecordWhat =
  /** One record of its kind: a unit, a product, a branch. */
  | { kind: 'record' }
  | { kind: 'balance'; asOf: string }
  | { kind: 'price-list'; currency: string }
  /** A customer; `linkedTo`: the service customer it is pushed to link to. */
  | { kind: 'customer'; linkedTo: string | null }
  | { kind: 'sellable-units'; units: string[] }
  /** A price push: how many prices, from which file lines, in which mode (`merge`, `replace`). */
  | { kind: 'prices'; count: number; firstLine: number | null; lastLine: number | null; mode: string }
  /** A removal (the service keeps a tombstone). */
  | { kind: 'remove' };

/** Facts about an answer beside its outcome: a replayed answer, a price push's counts. */
export interface PushNoteFacts {
  isReplay: boolean;
  prices: { written: number; unchanged: number; removed: number } | null;
}

/** One record of a run and what happened to it. */
export interface PushRecordResult {
  /** Position in the run (0-based). */
  seq: number;
  /** The call (0-based) that carries it. */
  call: number;
  kind: RecordKind;
  /** The ERP key (`customer / branch` for a branch). */
  key: string;
  /** What the record is, in English words ("remove", "3 units", "500 prices, lines 2–501, merge"). */
  label: string;
  /** What the record is, as facts (absent from records an earlier build kept). */
  what?: PushRecordWhat;
  file: string;
  /** The file line, or null for a record the app made (a removal). */
  line: number | null;
  outcome: PushOutcome;
  /** The service's id once answered. */
  serviceId: string | null;
  /** Extra English words about the answer (price counts, a replayed answer). */
  note: string | null;
  /** The same as facts (absent from records an earlier build kept; null: nothing to say). */
  noteFacts?: PushNoteFacts | null;
  error: PushRecordError | null;
  /** The error in plain words with what to do. */
  explanation: string | null;
  /** When the service offers to link this ERP key to an existing customer: that customer's `service_id`. */
  adoptServiceId: string | null;
  /** A balance record: the balance the ERP sent. */
  erpBalance: number | null;
}

/** A call's answer, in the words the results need. */
export type CallOutcome =
  | { type: 'push'; data: PushResponseData; isReplay: boolean }
  | { type: 'prices'; data: PricePushResponseData; isReplay: boolean }
  | { type: 'batch'; data: BatchPushItemResult[]; isReplay: boolean }
  | { type: 'error'; error: PushRecordError };

const kindOfCall: Record<PushCallName, RecordKind> = {
  'units-batch': 'units',
  'price-list': 'price-lists',
  'products-batch': 'products',
  'product-units': 'product-units',
  prices: 'prices',
  customer: 'customers',
  branch: 'branches',
  'balances-batch': 'balances',
  'branch-delete': 'branches',
  'customer-delete': 'customers',
};

/** The kind of record a call pushes. */
export function kindOfCallName(call: PushCallName): RecordKind {
  return kindOfCall[call];
}

function pending(
  call: PushCall,
  callIndex: number,
  seq: number,
  key: string,
  what: PushRecordWhat,
  line: number | null,
  erpBalance: number | null = null,
): PushRecordResult {
  const kind = kindOfCall[call.call];
  return {
    seq,
    call: callIndex,
    kind,
    key,
    label: englishLabelOf(kind, what),
    what,
    file: call.file,
    line,
    outcome: 'pending',
    serviceId: null,
    note: null,
    noteFacts: null,
    error: null,
    explanation: null,
    adoptServiceId: null,
    erpBalance,
  };
}

/** A record's `what` in English words (the label records have always kept). */
function englishLabelOf(kind: RecordKind, what: PushRecordWhat): string {
  switch (what.kind) {
    case 'record':
      return kindDefs[kind].noun;
    case 'balance':
      return `balance as of ${what.asOf}`;
    case 'price-list':
      return `price list (${what.currency})`;
    case 'customer':
      return what.linkedTo ? `customer, linked to ${what.linkedTo}` : 'customer';
    case 'sellable-units':
      return `${what.units.length} sellable units (${what.units.join(', ')})`;
    case 'prices': {
      const { firstLine: first, lastLine: last } = what;
      const span =
        first === null || last === null ? '' : first === last ? `line ${first}` : `lines ${first}–${last}`;
      return `${what.count} prices, ${span}, ${what.mode}`;
    }
    case 'remove':
      return 'remove (tombstone)';
  }
}

/** A record's answer facts in English words (the note records have always kept). */
function englishNoteOf(facts: PushNoteFacts): string | null {
  const replay = facts.isReplay ? 'answer replayed by the service (sent before)' : null;
  if (!facts.prices) return replay;
  const { written, unchanged, removed } = facts.prices;
  const counts = `${written} written, ${unchanged} unchanged, ${removed} removed`;
  return replay ? `${counts}; ${replay}` : counts;
}

/** The records a call carries, not yet answered; `firstSeq` is the run position of the first. */
export function recordsOfCall(call: PushCall, callIndex: number, firstSeq: number): PushRecordResult[] {
  switch (call.call) {
    case 'units-batch':
    case 'products-batch':
      return call.items.map((item, i) =>
        pending(call, callIndex, firstSeq + i, item.ref, { kind: 'record' }, item.line || null),
      );
    case 'balances-batch':
      return call.items.map((item, i) =>
        pending(
          call,
          callIndex,
          firstSeq + i,
          item.ref,
          { kind: 'balance', asOf: item.body.as_of },
          item.line || null,
          item.body.balance,
        ),
      );
    case 'price-list':
      return [
        pending(
          call,
          callIndex,
          firstSeq,
          call.ref,
          { kind: 'price-list', currency: call.body.currency },
          call.line || null,
        ),
      ];
    case 'customer':
      return [
        pending(
          call,
          callIndex,
          firstSeq,
          call.ref,
          { kind: 'customer', linkedTo: call.body.service_id ?? null },
          call.line || null,
        ),
      ];
    case 'branch':
      return [
        pending(
          call,
          callIndex,
          firstSeq,
          `${call.ref} / ${call.branchRef}`,
          { kind: 'record' },
          call.line || null,
        ),
      ];
    case 'product-units':
      return [
        pending(
          call,
          callIndex,
          firstSeq,
          call.ref,
          { kind: 'sellable-units', units: call.body.units.map((u) => u.unit_ref) },
          call.lines[0] || null,
        ),
      ];
    case 'prices':
      return [
        pending(
          call,
          callIndex,
          firstSeq,
          call.ref,
          {
            kind: 'prices',
            count: call.body.prices.length,
            firstLine: call.lines[0] ?? null,
            lastLine: call.lines.at(-1) ?? null,
            mode: call.mode,
          },
          call.lines[0] || null,
        ),
      ];
    case 'customer-delete':
      return [pending(call, callIndex, firstSeq, call.ref, { kind: 'remove' }, null)];
    case 'branch-delete':
      return [
        pending(call, callIndex, firstSeq, `${call.ref} / ${call.branchRef}`, { kind: 'remove' }, null),
      ];
  }
}

function failed(record: PushRecordResult, call: PushCall, error: PushRecordError): PushRecordResult {
  return {
    ...record,
    outcome: 'failed',
    error,
    explanation: explainError(call, error),
    adoptServiceId: adoptionServiceId(call, error),
  };
}

/**
 * The records of a call as its answer settles them.
 *
 * A batch answers per item, in the order sent (spec, Push master data: Batch); a price push answers
 * counts for the whole call; a refused call refuses every record it carries (spec, Push semantics:
 * "nothing is written").
 */
export function settleRecords(
  call: PushCall,
  records: readonly PushRecordResult[],
  outcome: CallOutcome,
): PushRecordResult[] {
  const replay: PushNoteFacts | null =
    outcome.type !== 'error' && outcome.isReplay ? { isReplay: true, prices: null } : null;
  const note = replay === null ? null : englishNoteOf(replay);
  switch (outcome.type) {
    case 'error':
      return records.map((record) => failed(record, call, outcome.error));
    case 'push':
      return records.map((record) => ({
        ...record,
        outcome: outcome.data.result,
        serviceId: outcome.data.id,
        note,
        noteFacts: replay,
        error: null,
        explanation: null,
        adoptServiceId: null,
      }));
    case 'prices': {
      const { written, unchanged, removed, list_id: listId } = outcome.data;
      const facts: PushNoteFacts = { isReplay: outcome.isReplay, prices: { written, unchanged, removed } };
      return records.map((record) => ({
        ...record,
        outcome: written + removed > 0 ? 'updated' : 'unchanged',
        serviceId: listId,
        note: englishNoteOf(facts),
        noteFacts: facts,
        error: null,
        explanation: null,
        adoptServiceId: null,
      }));
    }
    case 'batch':
      return records.map((record, index) => {
        const item = outcome.data[index];
        if (!item)
          return failed(record, call, {
            code: 'WIRE_MISMATCH',
            message: 'The batch answer has no result for this item.',
            details: [],
            status: null,
          });
        if (item.ok && item.result)
          return {
            ...record,
            outcome: item.result.result,
            serviceId: item.result.id,
            note,
            noteFacts: replay,
            error: null,
            explanation: null,
            adoptServiceId: null,
          };
        const error = item.error ?? {
          code: 'INTERNAL',
          message: 'The service refused this item without saying why.',
          details: [],
        };
        return failed(record, call, {
          code: error.code,
          message: error.message,
          details: error.details.map((d) => ({ ...d })),
          status: null,
        });
      });
  }
}

const entityKinds: Record<string, RecordKind> = {
  unit: 'units',
  product: 'products',
  price_list: 'price-lists',
  customer: 'customers',
  branch: 'branches',
};

/** The kinds of records whose `ref` field names another record, by the call that pushes them. */
const refKindOfCall: Partial<Record<PushCall['call'], RecordKind>> = {
  branch: 'branches',
  'branch-delete': 'branches',
  prices: 'prices',
  'product-units': 'product-units',
};

/** The kind a missing reference names: from the detail's `code` (`unknown_unit`) or else its field. */
function missingKind(call: PushCall, detail: Record<string, string>): RecordKind | null {
  return missingKindOfRecord(refKindOfCall[call.call] ?? null, detail);
}

/**
 * An `UNKNOWN_REFERENCE` in plain words: each missing key by kind, and the file to push first.
 *
 * Spec, Push semantics: "the message names the call to make first, each missing key is in `details`".
 */
function explainUnknownReference(call: PushCall, error: PushRecordError): string {
  const byKind = new Map<RecordKind | null, string[]>();
  for (const detail of error.details) {
    const kind = missingKind(call, detail);
    const keys = byKind.get(kind) ?? [];
    const value = detail.value ?? '';
    if (value !== '' && !keys.includes(value)) keys.push(value);
    byKind.set(kind, keys);
  }
  const parts = [...byKind.entries()].map(([kind, keys]) => {
    if (kind === null) return keys.length > 0 ? `${keys.join(', ')} (${error.message})` : error.message;
    const def = kindDefs[kind];
    return `${keys.length === 1 ? def.noun : def.label.toLowerCase()} ${keys.join(', ')} — push the ${def.label.toLowerCase()} file first`;
  });
  if (parts.length === 0) return `Something this record names is not on the service yet: ${error.message}`;
  return `Not on the service yet: ${parts.join('; ')}. Nothing of this call was written.`;
}

/**
 * A service refusal as a code with what the clerk needs, for the renderer to word: the missing keys
 * by kind of an `UNKNOWN_REFERENCE` (or what the service said when none is named), a customer to
 * link, a key linked elsewhere, a branch still on a route, refused data (its fields), a scope or an
 * address refused, a refused token, a call key seen with other data, a record the service does not
 * have, or anything else as the service said it. Made from what a run keeps with each record (its
 * kind, its error, the `service_id` offered), so runs kept before are worded the same.
 */
export type ResultProblem =
  | {
      code: 'unknown-reference';
      missing: Array<{ kind: RecordKind | null; keys: string[] }>;
      message: string;
    }
  | { code: 'adoptable'; serviceId: string }
  | {
      code:
        | 'ref-conflict'
        | 'branch-on-route'
        | 'scope-missing'
        | 'ip-not-allowed'
        | 'key-reused'
        | 'not-found'
        | 'other';
      kind: RecordKind;
      message: string;
    }
  | { code: 'invalid'; kind: RecordKind; fields: string; message: string }
  | { code: 'token'; token: string };

/** The missing kind of an `UNKNOWN_REFERENCE` detail: from the detail's `code` (`unknown_unit`), else its field and the kind of the record it is of. */
function missingKindOfRecord(kind: RecordKind | null, detail: Record<string, string>): RecordKind | null {
  const entity = /^unknown_(\w+)$/.exec(detail.code ?? '')?.[1];
  if (entity && entityKinds[entity]) return entityKinds[entity] ?? null;
  const field = detail.field ?? '';
  if (/unit_ref$/.test(field)) return 'units';
  if (/product_ref$/.test(field)) return 'products';
  if (/price_list_ref$/.test(field)) return 'price-lists';
  if (field === 'ref' && kind === 'branches') return 'customers';
  if (field === 'ref' && kind === 'prices') return 'price-lists';
  if (field === 'ref' && kind === 'product-units') return 'products';
  return null;
}

/** A failed record's refusal as a code with its values (`explainError`'s cases), or null when it did not fail. */
export function resultProblemOf(
  record: Pick<PushRecordResult, 'kind' | 'error' | 'adoptServiceId'>,
): ResultProblem | null {
  const { kind, error } = record;
  if (error === null) return null;
  const message = error.message;
  switch (error.code) {
    case 'UNKNOWN_REFERENCE': {
      const byKind = new Map<RecordKind | null, string[]>();
      for (const detail of error.details) {
        const missingKind = missingKindOfRecord(kind, detail);
        const keys = byKind.get(missingKind) ?? [];
        const value = detail.value ?? '';
        if (value !== '' && !keys.includes(value)) keys.push(value);
        byKind.set(missingKind, keys);
      }
      return {
        code: 'unknown-reference',
        missing: [...byKind.entries()].map(([missingKind, keys]) => ({ kind: missingKind, keys })),
        message,
      };
    }
    case 'EXTERNAL_REF_CONFLICT':
      return record.adoptServiceId
        ? { code: 'adoptable', serviceId: record.adoptServiceId }
        : { code: 'ref-conflict', kind, message };
    case 'BRANCH_ON_ROUTE':
      return { code: 'branch-on-route', kind, message };
    case 'INVALID_REQUEST': {
      const fields = error.details
        .map((d) => [d.field, d.code, d.value].filter((part) => part !== undefined && part !== '').join(' '))
        .filter((text) => text !== '')
        .join('; ');
      return { code: 'invalid', kind, fields, message };
    }
    case 'SCOPE_MISSING':
      return { code: 'scope-missing', kind, message };
    case 'IP_NOT_ALLOWED':
      return { code: 'ip-not-allowed', kind, message };
    case 'TOKEN_INVALID':
    case 'TOKEN_EXPIRED':
    case 'TOKEN_REVOKED':
    case 'COMPANY_SUSPENDED':
      return { code: 'token', token: error.code };
    case 'IDEMPOTENCY_KEY_REUSED':
      return { code: 'key-reused', kind, message };
    case 'NOT_FOUND':
      return { code: 'not-found', kind, message };
    default:
      return { code: 'other', kind, message };
  }
}

/**
 * A service refusal in plain English words, with what to do next: kept with each record for the core's
 * log and runs read without the desk; the screens and the results file say `resultProblemOf` instead.
 */
export function explainError(call: PushCall, error: PushRecordError): string {
  const noun = kindDefs[kindOfCall[call.call]].noun;
  const fields = error.details
    .map((d) => [d.field, d.code, d.value].filter((part) => part !== undefined && part !== '').join(' '))
    .filter((text) => text !== '')
    .join('; ');
  switch (error.code) {
    case 'UNKNOWN_REFERENCE':
      return explainUnknownReference(call, error);
    case 'EXTERNAL_REF_CONFLICT': {
      const serviceId = adoptionServiceId(call, error);
      if (serviceId)
        return `A customer with this code already exists in the service (service id ${serviceId}). Link this ERP key to it if it is the same customer.`;
      return `The key is already linked to another record in the service: ${error.message}`;
    }
    case 'BRANCH_ON_ROUTE':
      return `A sales route still visits this branch, so the service keeps it. Take it off the route in the office first, then remove it again. ${error.message}`;
    case 'INVALID_REQUEST':
      return `The service refused the ${noun}'s data${fields ? ` (${fields})` : ''}: ${error.message} Fix the row in the ERP and push the file again.`;
    case 'SCOPE_MISSING':
      return `This connection's client may not push ${kindDefs[kindOfCall[call.call]].label.toLowerCase()}: ${error.message} An administrator adds the scope to the client in the console.`;
    case 'IP_NOT_ALLOWED':
      return `The service does not take calls from this computer's address. An administrator adds it to the client's allow-list. ${error.message}`;
    case 'TOKEN_INVALID':
    case 'TOKEN_EXPIRED':
    case 'TOKEN_REVOKED':
    case 'COMPANY_SUSPENDED':
      return `The service refused the connection's token (${error.code}). Fix the connection in Connections, then resume the push.`;
    case 'IDEMPOTENCY_KEY_REUSED':
      return `The service saw this call's key with other data before: ${error.message}`;
    case 'NOT_FOUND':
      return `The service has no such ${noun}: ${error.message}`;
    default:
      return error.message;
  }
}

/**
 * The `service_id` an `EXTERNAL_REF_CONFLICT` offers for adoption, or null.
 *
 * Spec, Push semantics: "Pushing a customer key that equals the code of an existing customer,
 * without `service_id`, is also 409 `EXTERNAL_REF_CONFLICT`; its message gives the `service_id` to
 * send." Only a customer push sent without `service_id` can be adopted this way; the id is taken
 * from a `details` entry on `body.service_id` or else from the message.
 */
export function adoptionServiceId(call: PushCall, error: PushRecordError): string | null {
  if (call.call !== 'customer' || error.code !== 'EXTERNAL_REF_CONFLICT' || call.body.service_id) return null;
  const detail = error.details.find((d) => d.field === 'body.service_id' && (d.value ?? '') !== '');
  if (detail?.value) return detail.value;
  const quoted = /"service_id"\s*:\s*"([^"]{1,100})"/.exec(error.message);
  if (quoted?.[1]) return quoted[1];
  const named = /service_id\s+([A-Za-z0-9][A-Za-z0-9_-]*[0-9_][A-Za-z0-9_-]*)/.exec(error.message);
  return named?.[1] ?? null;
}

/** Counts of records by outcome. */
export function countOutcomes(
  records: readonly Pick<PushRecordResult, 'outcome'>[],
): Record<PushOutcome, number> {
  const counts: Record<PushOutcome, number> = {
    pending: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    stale: 0,
    deleted: 0,
    failed: 0,
  };
  for (const record of records) counts[record.outcome] += 1;
  return counts;
}

/** The words of a results file: its header row, each record kind's name, and a failure's explanation. */
export interface ResultsCsvWords {
  /** Kind, File, Line, Key, Record, Result, Service id, Note, Error code, Error, ERP balance. */
  header: readonly string[];
  kind: (kind: PushRecordResult['kind']) => string;
  /** A record's explanation in the file's language (else the English kept with it). */
  explanation?: (record: PushRecordResult) => string | null;
  /** What a record is, in the file's language (else the English kept with it). */
  label?: (record: PushRecordResult) => string;
  /** A record's note, in the file's language (else the English kept with it). */
  note?: (record: PushRecordResult) => string | null;
}

/** The results file's words in English (the desk passes the clerk's language). */
export const englishResultsCsvWords: ResultsCsvWords = {
  header: [
    'Kind',
    'File',
    'Line',
    'Key',
    'Record',
    'Result',
    'Service id',
    'Note',
    'Error code',
    'Error',
    'ERP balance',
  ],
  kind: (kind) => kindDefs[kind].label,
};

/**
 * The results as a CSV file the clerk can open in a spreadsheet: the header row and the kinds in
 * `words`, the rest as the desk keeps it (the outcome as its code, the service's error code).
 */
export function resultsToCsv(
  records: readonly PushRecordResult[],
  words: ResultsCsvWords = englishResultsCsvWords,
): string {
  return writeCsv([
    [...words.header],
    ...records.map((r) => [
      words.kind(r.kind),
      r.file,
      r.line === null ? '' : String(r.line),
      r.key,
      words.label ? words.label(r) : r.label,
      r.outcome,
      r.serviceId ?? '',
      (words.note ? words.note(r) : r.note) ?? '',
      r.error?.code ?? '',
      (words.explanation ? words.explanation(r) : r.explanation) ?? '',
      r.erpBalance === null ? '' : String(r.erpBalance),
    ]),
  ]);
}
