import { describe, expect, it } from 'vitest';
import {
  acceptDraftsOf,
  defaultReconcileSettings,
  confirmSuggestion,
  discardSuggestion,
  pickCandidates,
  reconcile,
  withDecision,
  type ReconcileDecision,
  type ReconcileInput,
} from '../../../src-shared/domain/reconcile';
import { makeReconcileFixture } from '../../../src-shared/domain/reconcile/fixture';
import { doc, line, shuffled, view } from './support';

const input: ReconcileInput = {
  documents: [
    doc('inv_1'),
    doc('inv_2', { customerCode: 'C2', customerErpKey: null, amountCents: 5000 }),
    doc('inv_3', { customerCode: 'C2', customerErpKey: null, amountCents: 5000 }),
  ],
  register: {
    lines: [
      line('SI-1', { customer: 'K1', date: '2025-03-12' }),
      line('SI-2', { customer: 'C2', amountCents: 5000 }),
    ],
    isTaxIncluded: true,
  },
};
const first = reconcile(input);
const [suggestion, ambiguity] = first.groups;

describe("the clerk's decisions", () => {
  it('start from a suggestion and an ambiguous pair', () => {
    expect(view(first)).toEqual([
      { state: 'suggested', rule: 'amount-date', docs: ['inv_1'], lines: ['SI-1'] },
      {
        state: 'ambiguous',
        rule: 'amount-date',
        docs: ['inv_2', 'inv_3'],
        lines: ['SI-2'],
        differenceCents: -5000,
      },
    ]);
  });

  it('confirm a suggestion and pick a candidate: matched, and the rest goes back to the rules', () => {
    const decisions = [
      confirmSuggestion(suggestion!),
      pickCandidates(ambiguity!, ['invoices:inv_3'], ['SI-2']),
    ];
    const result = reconcile({ ...input, decisions });
    expect({
      groups: view(result),
      rule: result.rules['amount-date'],
      decisions: result.decisions,
      accepts: acceptDraftsOf(result, 'invoices'),
    }).toEqual({
      groups: [
        { state: 'matched', rule: 'amount-date', decision: 'confirm', docs: ['inv_1'], lines: ['SI-1'] },
        { state: 'matched', rule: 'amount-date', decision: 'pick', docs: ['inv_3'], lines: ['SI-2'] },
        { state: 'service-only', docs: ['inv_2'], lines: [], differenceCents: -5000 },
      ],
      rule: { isEnabled: true, matched: 0, suggested: 0, differs: 0, ambiguous: 0, decided: 2, capped: 0 },
      decisions: { applied: decisions, ignored: [] },
      accepts: [
        { id: 'inv_1', outcome: 'ACCEPTED', externalNumber: 'SI-1' },
        { id: 'inv_3', outcome: 'ACCEPTED', externalNumber: 'SI-2' },
      ],
    });
  });

  it('discard a suggestion: both sides are unmatched and the rule does not suggest them again', () => {
    const result = reconcile({ ...input, decisions: [discardSuggestion(suggestion!)] });
    expect(view(result)).toEqual([
      {
        state: 'ambiguous',
        rule: 'amount-date',
        docs: ['inv_2', 'inv_3'],
        lines: ['SI-2'],
        differenceCents: -5000,
      },
      { state: 'service-only', docs: ['inv_1'], lines: [], differenceCents: -10000 },
      { state: 'erp-only', docs: [], lines: ['SI-1'], differenceCents: 10000 },
    ]);
  });

  it('a discarded pair may be found again by another rule; a link that disagrees is a difference', () => {
    const withKeys: ReconcileInput = {
      documents: [
        doc('inv_1', { ack: { outcome: 'ACCEPTED', externalRef: 'G1' } }),
        ...input.documents.slice(1),
      ],
      register: {
        isTaxIncluded: true,
        lines: [
          line('SI-1', { customer: 'K1', serviceRef: 'INV_1', erpKey: 'G1', amountCents: 10002 }),
          ...input.register.lines.slice(1),
        ],
      },
      settings: { ...defaultReconcileSettings, toleranceCents: 5 },
    };
    const found = reconcile(withKeys);
    const discarded = reconcile({ ...withKeys, decisions: [discardSuggestion(found.groups[0]!)] });
    const linked = reconcile({
      ...withKeys,
      decisions: [
        { action: 'pick', rule: 'amount-date', documentKeys: ['invoices:inv_2'], lineIds: ['SI-1'] },
      ],
    });
    const amount = { field: 'amount', serviceCents: 10000, erpCents: 10002, differenceCents: 2 };
    expect([view(found)[0], view(discarded)[0], view(linked).find((group) => group.decision)]).toEqual([
      {
        state: 'suggested',
        rule: 'reference',
        docs: ['inv_1'],
        lines: ['SI-1'],
        differenceCents: 2,
        differences: [amount],
      },
      {
        state: 'suggested',
        rule: 'erp-key',
        docs: ['inv_1'],
        lines: ['SI-1'],
        differenceCents: 2,
        differences: [amount],
      },
      {
        state: 'differs',
        rule: 'amount-date',
        decision: 'pick',
        docs: ['inv_2'],
        lines: ['SI-1'],
        differenceCents: 5002,
        differences: [
          { field: 'amount', serviceCents: 5000, erpCents: 10002, differenceCents: 5002 },
          { field: 'customer', service: 'C2', erp: 'K1' },
        ],
      },
    ]);
  });

  it('ignores decisions that no longer fit, and says why', () => {
    const gone: ReconcileDecision = {
      action: 'confirm',
      rule: 'amount-date',
      documentKeys: ['invoices:inv_404'],
      lineIds: ['SI-1'],
    };
    const twice: ReconcileDecision = {
      action: 'pick',
      rule: 'amount-date',
      documentKeys: ['invoices:inv_2'],
      lineIds: ['SI-1'],
    };
    const mixed: ReconcileDecision = {
      action: 'pick',
      rule: 'amount-date',
      documentKeys: ['invoices:inv_3'],
      lineIds: [],
    };
    const result = reconcile({ ...input, decisions: [twice, gone, mixed, confirmSuggestion(suggestion!)] });
    expect(result.decisions).toEqual({
      applied: [confirmSuggestion(suggestion!)],
      ignored: [
        { decision: gone, reason: 'The document invoices:inv_404 is no longer in the comparison.' },
        { decision: twice, reason: 'SI-1 is already placed by another decision.' },
        { decision: mixed, reason: 'A decision names at least one document and one register line.' },
      ],
    });
  });

  it('keeps one decision per document and line, and the discards of other pairs', () => {
    const confirm = confirmSuggestion(suggestion!);
    const discard = discardSuggestion(suggestion!);
    const pick3 = pickCandidates(ambiguity!, ['invoices:inv_3'], ['SI-2']);
    const pick2 = pickCandidates(ambiguity!, ['invoices:inv_2'], ['SI-2']);
    const discard2 = { ...pick2, action: 'discard' } as const;
    let decisions: ReconcileDecision[] = [];
    for (const next of [confirm, pick3, discard2, discard, pick2]) decisions = withDecision(decisions, next);
    expect(decisions).toEqual([discard, pick2]);
    expect(() => pickCandidates(ambiguity!, ['invoices:inv_1'], [])).toThrow(/Not a candidate/);
  });

  it('give the same result whatever order documents, lines and decisions come in', () => {
    const { documents, register } = makeReconcileFixture(3000, 3);
    const before = reconcile({ documents, register });
    const suggested = before.groups.filter((group) => group.state === 'suggested');
    const ambiguous = before.groups.filter((group) => group.state === 'ambiguous');
    const decisions = [
      ...suggested.slice(0, 40).map(confirmSuggestion),
      ...suggested.slice(40, 80).map(discardSuggestion),
      ...ambiguous.map((group) =>
        pickCandidates(
          group,
          [`${group.documents[0]!.kind}:${group.documents[0]!.id}`],
          [group.lines[0]!.id],
        ),
      ),
    ];
    const after = reconcile({ documents, register, decisions });
    const again = reconcile({
      documents: shuffled(documents, 11),
      register: { ...register, lines: shuffled(register.lines, 12) },
      decisions: shuffled(decisions, 13),
    });
    const decided = Object.values(after.rules).reduce((sum, rule) => sum + rule.decided, 0);
    expect({ ambiguous: ambiguous.length > 0, decided, ignored: after.decisions.ignored }).toEqual({
      ambiguous: true,
      decided: 40 + ambiguous.length,
      ignored: [],
    });
    expect(again).toEqual(after);
  });
});
