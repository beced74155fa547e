import { expect, it } from 'vitest';
import { reconcile } from '../../../src-shared/domain/reconcile';
import { makeReconcileFixture } from '../../../src-shared/domain/reconcile/fixture';

// A micro-measure, not a timing assertion: the time is logged for the record (docs/benchmarks.md),
// what is asserted is that every document and every line lands in exactly one group.
it('reconciles 100,000 documents against about as many register lines', () => {
  const { documents, register } = makeReconcileFixture(100_000, 7);
  const timesMs: number[] = [];
  let result = reconcile({ documents, register });
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    result = reconcile({ documents, register });
    timesMs.push(Math.round(performance.now() - started));
  }
  console.log(
    `reconcile: ${documents.length} documents × ${register.lines.length} lines in ${timesMs.join(' / ')} ms`,
    Object.fromEntries(Object.entries(result.states).map(([state, summary]) => [state, summary.groups])),
  );
  const docIds = result.groups.flatMap((group) => group.documents.map((doc) => `${doc.kind}:${doc.id}`));
  const lineIds = result.groups.flatMap((group) => group.lines.map((line) => line.id));
  expect({
    documents: new Set(docIds).size,
    docIds: docIds.length,
    lines: new Set(lineIds).size,
    lineIds: lineIds.length,
  }).toEqual({
    documents: documents.length,
    docIds: documents.length,
    lines: register.lines.length,
    lineIds: register.lines.length,
  });
});
