import { describe, expect, it } from 'vitest';
import {
  addSeqs,
  confirmedDateFrom,
  countSeqs,
  emptySeqLedger,
  firstSeqs,
  isInRanges,
  ledgerOfSeqs,
  lowerFrom,
  missingSeqs,
  recordCheck,
  settleFrom,
  type FilledGap,
} from '../../src-shared/domain/seq-ledger';

/** Every seq 1..highest not in `staged`, as ranges, computed the slow way (one number at a time). */
function slowMissing(staged: readonly number[]): Array<[number, number]> {
  const set = new Set(staged);
  const highest = Math.max(0, ...staged);
  const ranges: Array<[number, number]> = [];
  for (let seq = 1; seq <= highest; seq += 1) {
    if (set.has(seq)) continue;
    const last = ranges.at(-1);
    if (last && last[1] === seq - 1) last[1] = seq;
    else ranges.push([seq, seq]);
  }
  return ranges;
}

describe('the seq ledger', () => {
  it('opens a range above the highest, closes a seq inside one, and keeps ranges compressed', () => {
    let ledger = emptySeqLedger(0);
    ledger = addSeqs(ledger, [3]);
    expect(ledger).toMatchObject({ highest: 3, missing: [[1, 2]] });
    ledger = addSeqs(ledger, [10, 7]);
    expect(ledger).toMatchObject({
      highest: 10,
      missing: [
        [1, 2],
        [4, 6],
        [8, 9],
      ],
    });
    ledger = addSeqs(ledger, [5, 1, 9, 9, 10]);
    expect(ledger).toMatchObject({
      highest: 10,
      missing: [
        [2, 2],
        [4, 4],
        [6, 6],
        [8, 8],
      ],
    });
    ledger = addSeqs(ledger, [2, 4, 6, 8]);
    expect(ledger).toMatchObject({ highest: 10, missing: [] });
    // Not a seq: nothing changes.
    expect(addSeqs(ledger, [0, -3, 1.5, Number.NaN])).toEqual(ledger);
  });

  it('ends as the slow way would, whatever the order the seqs come in, in few ranges', () => {
    // A first load by version: a shuffled 2,000 seqs of which every seventh never arrives.
    let state = 7;
    const random = (): number => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const staged = Array.from({ length: 2000 }, (_, index) => index + 1).filter((seq) => seq % 7 !== 0);
    const shuffled = [...staged].sort(() => random() - 0.5);
    let ledger = emptySeqLedger(0);
    for (let start = 0; start < shuffled.length; start += 37)
      ledger = addSeqs(ledger, shuffled.slice(start, start + 37));
    expect(ledger.missing).toEqual(slowMissing(staged));
    expect(ledger.missing).toHaveLength(285);
    expect(ledgerOfSeqs(0, shuffled)).toEqual(ledger);
  });

  it('lists gaps above `from` only, and the service being ahead as a trailing range', () => {
    const ledger = addSeqs(emptySeqLedger(0), [1, 2, 4, 6]);
    expect(missingSeqs(ledger, null)).toEqual([
      [3, 3],
      [5, 5],
    ]);
    expect(missingSeqs(ledger, 6)).toEqual([
      [3, 3],
      [5, 5],
    ]);
    expect(missingSeqs(ledger, 9)).toEqual([
      [3, 3],
      [5, 5],
      [7, 9],
    ]);
    expect(missingSeqs({ ...ledger, from: 4 }, 7)).toEqual([
      [5, 5],
      [7, 7],
    ]);
    expect(countSeqs(missingSeqs(ledger, 9))).toBe(5);
    expect(firstSeqs(missingSeqs(ledger, 9), 3)).toEqual([3, 5, 7]);
    expect(isInRanges(ledger.missing, 5)).toBe(true);
    expect(isInRanges(ledger.missing, 4)).toBe(false);
  });

  it('starts from now at the service last seq: older documents changing later are not gaps', () => {
    let ledger = emptySeqLedger(1042);
    ledger = addSeqs(ledger, [17, 1043, 1045]);
    expect(ledger).toMatchObject({ from: 1042, highest: 1045, missing: [[1044, 1044]] });
    expect(missingSeqs(ledger, 1046)).toEqual([
      [1044, 1044],
      [1046, 1046],
    ]);
  });

  it('learns a date start boundary from its first load, and settles it', () => {
    // Seqs 1..9 were issued before the day, 10..14 on or after it. The first load brings, by version:
    // 12 and 10 (issued after), then 4 (an older document changed after the day), then 14.
    let ledger = emptySeqLedger(null);
    ledger = lowerFrom(addSeqs(ledger, [12]), 11);
    expect(missingSeqs(ledger, null)).toEqual([]);
    ledger = lowerFrom(addSeqs(ledger, [10]), 9);
    ledger = addSeqs(ledger, [4]);
    ledger = lowerFrom(addSeqs(ledger, [14]), 13);
    expect(ledger.from).toBe(9);
    expect(missingSeqs(ledger, 14)).toEqual([
      [11, 11],
      [13, 13],
    ]);
    const settled = settleFrom(ledger, 14);
    expect(settled).toMatchObject({
      from: 9,
      highest: 14,
      missing: [
        [11, 11],
        [13, 13],
      ],
    });
    // A change of an older document later is no gap, and does not reopen anything.
    expect(addSeqs(settled, [3])).toEqual(settled);
  });

  it('settles a date start that saw nothing issued since the day at the service last seq', () => {
    const ledger = addSeqs(emptySeqLedger(null), [3, 8]);
    expect(settleFrom(ledger, 20)).toMatchObject({ from: 20, highest: 20, missing: [] });
    expect(missingSeqs(settleFrom(ledger, 20), 22)).toEqual([[21, 22]]);
  });

  it('records a check and the documents it fetched, the newest last', () => {
    const gap: FilledGap = {
      seq: 5,
      id: 'pay-5',
      number: 'PAY-5',
      foundAt: '2026-11-24T09:10:00.000Z',
      filledAt: '2026-11-24T09:10:01.000Z',
    };
    const first = recordCheck(emptySeqLedger(0), { checkedAt: 'a', serviceLastSeq: 5, filled: [gap] });
    const second = recordCheck(first, { checkedAt: 'b', serviceLastSeq: 6 });
    expect(second).toMatchObject({ checkedAt: 'b', serviceLastSeq: 6, filled: [gap] });
  });

  it('confirms a date start boundary against the seq stream: one read when it holds, a few when it does not', async () => {
    // Seqs 1..n issued in order; the first `firstOfDay` is the first issued on or after the day.
    const search = async (n: number, firstOfDay: number, candidate: number) => {
      const reads: number[] = [];
      const from = await confirmedDateFrom(candidate, async (seq) => {
        expect(seq).toBeGreaterThanOrEqual(1);
        expect(seq).toBeLessThanOrEqual(n);
        reads.push(seq);
        return seq < firstOfDay;
      });
      return { from, reads };
    };
    // The first load learnt the right boundary: one read.
    expect(await search(1_000, 601, 600)).toEqual({ from: 600, reads: [600] });
    // The first document of the day (601) never arrived: the first load learnt 601 and the search
    // goes below it.
    expect(await search(1_000, 601, 601)).toEqual({ from: 600, reads: [601, 600] });
    // Several of the day's first documents never arrived, or none of the day arrived at all (the
    // candidate is the service's last seq): every answer is exact, in a logarithmic number of reads.
    for (const [n, firstOfDay, candidate] of [
      [1_000, 601, 640],
      [1_000, 1, 1_000],
      [1_000, 1_001, 1_000],
      [1_000_000, 123_457, 1_000_000],
      [1_000_000, 999_999, 1_000_000],
    ] as const) {
      const { from, reads } = await search(n, firstOfDay, candidate);
      expect(from, `${n} ${firstOfDay} ${candidate}`).toBe(Math.min(firstOfDay - 1, candidate));
      expect(reads.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(candidate + 1)) + 1);
    }
    // Nothing issued at all.
    expect(await search(0, 1, 0)).toEqual({ from: 0, reads: [] });
  });
});
