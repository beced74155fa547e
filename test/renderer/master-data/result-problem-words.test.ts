// A push's refusals are codes made from what a run keeps with each record (src-shared/domain/master-data/
// results.ts `resultProblemOf`), worded here: in English exactly as the domain's explainError keeps them
// with the record, and in Arabic with no English word but what the service said, set apart.
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  recordsOfCall,
  resultProblemOf,
  settleRecords,
  type PushCall,
  type PushRecordError,
} from '../../../src-shared/domain/master-data';
import { resultExplanationWords } from '../../../src-renderer/features/master-data/master-data-words';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { englishWordsOf, hasArabic } from '../support/arabic-words';

/** Calls of each shape a refusal is explained for (only the fields the explanations read are real). */
const customer = { call: 'customer', file: 'c.csv', line: 2, ref: 'C-1', body: {} } as unknown as PushCall;
const branch = {
  call: 'branch-delete',
  file: 'removals',
  ref: 'C-1',
  branchRef: 'B-1',
} as unknown as PushCall;
const prices = {
  call: 'prices',
  file: 'p.csv',
  lines: [2, 3],
  ref: 'RETAIL',
  mode: 'merge',
  body: { prices: [{}, {}] },
} as unknown as PushCall;

function error(code: string, message: string, details: Array<Record<string, string>> = []): PushRecordError {
  return { code, message, details, status: 400 };
}

const refusals: Array<[PushCall, PushRecordError]> = [
  [
    prices,
    error('UNKNOWN_REFERENCE', 'push the products first', [
      { field: 'body.prices[0].product_ref', value: 'P1' },
      { field: 'body.prices[1].product_ref', value: 'P2' },
      { field: 'ref', value: 'RETAIL' },
      { field: 'body.x', code: 'other', value: 'Q' },
    ]),
  ],
  [customer, error('UNKNOWN_REFERENCE', 'the price list is unknown')],
  [customer, error('EXTERNAL_REF_CONFLICT', 'code taken; send "service_id": "cus_9"')],
  [branch, error('EXTERNAL_REF_CONFLICT', 'key linked elsewhere')],
  [branch, error('BRANCH_ON_ROUTE', 'route R-4 visits it')],
  [
    customer,
    error('INVALID_REQUEST', 'invalid body', [{ field: 'body.credit_limit', code: 'minimum', value: '-1' }]),
  ],
  [customer, error('INVALID_REQUEST', 'invalid body')],
  [prices, error('SCOPE_MISSING', 'needs master:write')],
  [customer, error('IP_NOT_ALLOWED', '10.0.0.9 not allowed')],
  [customer, error('TOKEN_REVOKED', 'revoked')],
  [customer, error('IDEMPOTENCY_KEY_REUSED', 'different body')],
  [branch, error('NOT_FOUND', 'no branch B-1')],
  [customer, error('RATE_LIMITED', 'slow down')],
];

/** The failed record a run keeps for a refusal, its English explanation made by the domain. */
function failedRecord(call: PushCall, refused: PushRecordError) {
  return settleRecords(call, recordsOfCall(call, 0, 0), { type: 'error', error: refused })[0]!;
}

describe("a push's refusals in the clerk's words", () => {
  it('says each refusal in English as the domain keeps it with the record', () => {
    const records = refusals.map(([call, refused]) => failedRecord(call, refused));
    expect(records.map((record) => resultProblemOf(record)?.code)).toEqual([
      'unknown-reference',
      'unknown-reference',
      'adoptable',
      'ref-conflict',
      'branch-on-route',
      'invalid',
      'invalid',
      'scope-missing',
      'ip-not-allowed',
      'token',
      'key-reused',
      'not-found',
      'other',
    ]);
    expect(records.map(resultExplanationWords)).toEqual(records.map((record) => record.explanation));
    expect(records[0]!.explanation).toBe(
      'Not on the service yet: products P1, P2 — push the products file first; price list RETAIL — push the price lists file first; Q (push the products first). Nothing of this call was written.',
    );
  });

  it('says each refusal in Arabic, with no English word but what the service said', () => {
    act(() => useLanguageStore.getState().change({ language: 'ar' }));
    const words = refusals.map(([call, refused]) => resultExplanationWords(failedRecord(call, refused))!);
    expect(words.filter((text) => !hasArabic(text))).toEqual(['\u2068slow down\u2069']);
    expect(words.flatMap(englishWordsOf)).toEqual([]);
  });
});
