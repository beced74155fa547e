import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toVersionCursor } from '../../../../src-shared/domain/feeds';
import { customerKeysOf, numberWordsOf, rowKeysOf } from '../../../../src-renderer/data/review-rows/keys';
import type { FeedKind } from '../../../../src-shared/wire';
import { db } from '../../../../src-renderer/data/db';
import {
  queueAckBatches,
  recordAttemptFailed,
  recordBatchResponse,
  dropHeldAcks,
} from '../../../../src-renderer/data/ack-outbox';
import { bindConnection } from '../../../../src-renderer/data/binding';
import { readCursor } from '../../../../src-renderer/data/cursors';
import { stageCurrentDocuments, stageFeedPage, StagingMemory } from '../../../../src-renderer/data/staging';
import { storeCustomerNames } from '../../../../src-renderer/data/names';
import { readViewCounts, reviewTotalsOf } from '../../../../src-renderer/data/review-rows/pages';
import type { ReviewQuery } from '../../../../src-renderer/data/review-rows/query';
import type { BatchAckItemResult } from '../../../../src-shared/wire';
import { ackAt, invoice, meta } from '../../../support/wire-documents';

const now = '2026-03-04T08:00:00.000Z';

beforeEach(async () => {
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * What the counters must say, recounted from the rows themselves; and every row's keys as its fields
 * give them (a name stored later, an ERP number queued: the keys follow).
 */
async function expectCountersTrue(kind: FeedKind, label: string): Promise<void> {
  const rows = await db.rowsOf(kind).toArray();
  const counts = { pending: 0, accepted: 0, rejected: 0, all: rows.length };
  const cents: Record<string, Record<string, number>> = { pending: {}, accepted: {}, rejected: {}, all: {} };
  for (const row of rows) {
    const views = row.review === 'not-awaiting' ? ['all'] : ['all', row.review];
    if (row.review !== 'not-awaiting') counts[row.review] += 1;
    for (const view of views)
      cents[view]![row.currency] = (cents[view]![row.currency] ?? 0) + row.amountCents;
    const { kDate, kNumber, kCustomer, kAmount, kCust, kSerial, kErp, kHeld } = row;
    expect(
      { kDate, kNumber, kCustomer, kAmount, kCust, kSerial, kErp, kHeld },
      `${label}: ${row.id} keys`,
    ).toEqual({
      kSerial: undefined,
      kErp: undefined,
      kHeld: undefined,
      ...rowKeysOf(row),
    });
    const tokens = (await db.customerTokens.get(row.customerId))?.tokens ?? [];
    expect(tokens, `${label}: ${row.customerId} search keys`).toEqual(
      expect.arrayContaining(customerKeysOf(row)),
    );
    const words = [...numberWordsOf(row.number), ...numberWordsOf(row.externalNumber)];
    expect((await db.numberWords.bulkGet(words)).every(Boolean), `${label}: ${row.id} number words`).toBe(
      true,
    );
  }
  expect(await readViewCounts(kind), `${label}: counts`).toEqual(counts);
  for (const view of ['pending', 'accepted', 'rejected', 'all'] as const) {
    const query: ReviewQuery = {
      kind,
      view,
      sort: { column: 'date', direction: 'desc' },
      quickFilter: '',
      filters: [],
    };
    const byCurrency = Object.fromEntries(Object.entries(cents[view]!).filter(([, value]) => value !== 0));
    expect(await reviewTotalsOf(query), `${label}: ${view} totals`).toEqual({
      count: counts[view],
      centsByCurrency: byCurrency,
    });
  }
}

describe('view counters', () => {
  it('equal a recount of the rows after random staging, answering, names, re-staging and clearing', async () => {
    const random = randomFrom(17);
    const versions = new Map<string, number>();
    const memory = new StagingMemory();
    let batchNo = 0;
    for (let step = 0; step < 60; step += 1) {
      const roll = random();
      let label = `step ${step}`;
      if (roll < 0.45) {
        // A feed page: new documents and new versions of some, answered or not, amounts moving.
        label += ': a feed page';
        const cursor = await readCursor('invoices');
        const docs = Array.from({ length: 1 + Math.floor(random() * 40) }, () => {
          const id = `i${Math.floor(random() * 120)}`;
          const version = cursor.versionAfter + 1 + Math.floor(random() * 5);
          versions.set(id, version);
          const answered = random();
          return invoice(id, version, {
            customer: `cu-${Math.floor(random() * 4)}`,
            total: `${Math.floor(random() * 5_000)}.${random() < 0.5 ? '00' : '25'}`,
            ack: answered < 0.3 ? ackAt(version) : answered < 0.45 ? ackAt(version, 'REJECTED') : null,
          });
        });
        const top = Math.max(...docs.map((doc) => doc.version));
        await stageFeedPage(
          { kind: 'invoices', data: docs, meta: meta(top, random() < 0.5) },
          toVersionCursor(cursor.versionAfter),
          now,
          memory,
        );
      } else if (roll < 0.6) {
        label += ': answers queued, then answered or refused';
        const pending = (await db.rowsOf('invoices').toArray())
          .filter((row) => row.review === 'pending')
          .slice(0, 30);
        if (pending.length === 0) continue;
        const [batch] = await queueAckBatches({
          connectionId: 'conn-1',
          kind: 'invoices',
          items: pending.map((row, index) =>
            index % 3 === 0
              ? { id: row.id, outcome: 'REJECTED', reason_code: 'DUPLICATE' }
              : { id: row.id, outcome: 'ACCEPTED', external_number: `ERP-${step}-${index}` },
          ),
          nowIso: now,
          newId: () => `batch-${++batchNo}`,
        });
        await expectCountersTrue('invoices', `${label} (queued)`);
        if (random() < 0.5) {
          await recordAttemptFailed(
            batch!,
            { code: 'INVALID_REQUEST', message: 'no', retryable: false },
            'Refused.',
            now,
            true,
          );
        } else {
          await recordBatchResponse(
            batch!,
            {
              batchId: batch!.id,
              isReplay: false,
              requestId: 'req-1',
              response: {
                data: batch!.items.map((item, index): BatchAckItemResult => {
                  const version = (versions.get(item.id) ?? 1) + 1;
                  versions.set(item.id, version);
                  return index % 5 === 4
                    ? {
                        result: 'failed',
                        error: {
                          status: 409,
                          code: 'STALE_VERSION',
                          message: 'moved',
                          details: [],
                          retryable: false,
                        },
                      }
                    : {
                        result: 'applied',
                        version,
                        ack: {
                          ...ackAt(version, item.outcome),
                          external_number: item.external_number ?? null,
                        },
                      };
                }),
                meta: { applied: 0, unchanged: 0, failed: 0 },
              },
            },
            now,
          );
        }
      } else if (roll < 0.7) {
        label += ': customer names stored';
        await storeCustomerNames(
          [
            {
              id: `cu-${Math.floor(random() * 4)}`,
              code: 'C',
              name: { en: `Name ${step}`, ar: `اسم ${step}` },
            },
          ],
          now,
        );
      } else if (roll < 0.8) {
        label += ': documents read by id';
        const ids = [...versions.keys()].slice(0, 10);
        await stageCurrentDocuments({
          kind: 'invoices',
          data: ids.map((id) => {
            const version = (versions.get(id) ?? 1) + 1;
            versions.set(id, version);
            return invoice(id, version, { ack: random() < 0.5 ? ackAt(version) : null, total: '77.70' });
          }),
          meta: meta(0),
        });
      } else if (roll < 0.9) {
        label += ': held answers dropped';
        await dropHeldAcks('invoices', [...versions.keys()]);
      } else {
        label += ': another connection (everything cleared)';
        await bindConnection(`conn-${step}`);
        versions.clear();
      }
      await expectCountersTrue('invoices', label);
    }
    // Not a test of an empty store.
    expect((await readViewCounts('invoices')).all).toBeGreaterThan(20);
  });
});
