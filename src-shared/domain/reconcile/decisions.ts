/**
 * The clerk's decisions on a reconciliation, made from its groups, kept as a list the renderer
 * stores and hands to every later run (./engine.ts `reconcile`), and the answers a result offers.
 */
import type { FeedKind } from '../../wire';
import type { AckDraft } from '../acks';
import {
  documentKey,
  type DocumentKey,
  type ReconcileDecision,
  type ReconcileGroup,
  type ReconcileResult,
} from './model';

function ruleOf(group: ReconcileGroup): NonNullable<ReconcileGroup['rule']> {
  if (group.rule === null) throw new RangeError(`The group ${group.id} was not found by a rule.`);
  return group.rule;
}

/** The decision that a group (a suggestion) is right: its documents and lines are matched. */
export function confirmSuggestion(group: ReconcileGroup): ReconcileDecision {
  return {
    action: 'confirm',
    rule: ruleOf(group),
    documentKeys: group.documents.map(documentKey),
    lineIds: group.lines.map((line) => line.id),
  };
}

/**
 * The decision that a group (a suggestion) is wrong: its documents and lines go back to the rules
 * and its rule never pairs them again.
 */
export function discardSuggestion(group: ReconcileGroup): ReconcileDecision {
  return { ...confirmSuggestion(group), action: 'discard' };
}

/**
 * The decision that, of an ambiguous group, these documents and lines belong together. Throws
 * RangeError when one of them is not a candidate of the group.
 */
export function pickCandidates(
  group: ReconcileGroup,
  documentKeys: readonly DocumentKey[],
  lineIds: readonly string[],
): ReconcileDecision {
  const keys = new Set(group.documents.map(documentKey));
  const ids = new Set(group.lines.map((line) => line.id));
  const stranger = [...documentKeys.filter((key) => !keys.has(key)), ...lineIds.filter((id) => !ids.has(id))];
  if (stranger.length > 0) throw new RangeError(`Not a candidate of ${group.id}: ${stranger.join(', ')}.`);
  return { action: 'pick', rule: ruleOf(group), documentKeys: [...documentKeys], lineIds: [...lineIds] };
}

function isLink(decision: ReconcileDecision): boolean {
  return decision.action !== 'discard';
}

function sharesMember(a: ReconcileDecision, b: ReconcileDecision): boolean {
  return (
    a.documentKeys.some((key) => b.documentKeys.includes(key)) ||
    a.lineIds.some((id) => b.lineIds.includes(id))
  );
}

function sharesPair(a: ReconcileDecision, b: ReconcileDecision): boolean {
  return (
    a.documentKeys.some((key) => b.documentKeys.includes(key)) &&
    a.lineIds.some((id) => b.lineIds.includes(id))
  );
}

/**
 * The decisions with `next` added, and the earlier ones it overrules removed: a confirm or pick
 * replaces any earlier confirm or pick sharing a document or line with it; any decision replaces an
 * earlier one of the other sort (link or discard) that joins one of the same documents to one of
 * the same lines. Discards of other pairs stay, so a wrong suggestion is not made again.
 */
export function withDecision(
  decisions: readonly ReconcileDecision[],
  next: ReconcileDecision,
): ReconcileDecision[] {
  const kept = decisions.filter((earlier) => {
    if (isLink(next) && isLink(earlier)) return !sharesMember(earlier, next);
    if (isLink(next) !== isLink(earlier)) return !sharesPair(earlier, next);
    return true;
  });
  return [...kept, next];
}

/**
 * The accepts a result offers for one feed: every pending document of a `matched` group whose
 * register lines carry one ERP number, answered ACCEPTED with that number (and the lines' one ERP key, if
 * they carry one) (../acks.ts `AckDraft`;
 * check each with `checkAck` before queueing).
 */
export function acceptDraftsOf(result: ReconcileResult, kind: FeedKind): AckDraft[] {
  const drafts: AckDraft[] = [];
  for (const group of result.groups) {
    if (group.state !== 'matched') continue;
    const numbers = [...new Set(group.lines.map((line) => line.erpNumber.trim()))];
    if (numbers.length !== 1) continue;
    // The register's ERP key goes with the number when its lines name one (spec, Ack: `external_ref`).
    const keys = [...new Set(group.lines.map((line) => line.erpKey?.trim() ?? ''))];
    const externalRef = keys.length === 1 && keys[0] ? { externalRef: keys[0] } : {};
    for (const doc of group.documents)
      if (doc.kind === kind && doc.isPending)
        drafts.push({ id: doc.id, outcome: 'ACCEPTED', externalNumber: numbers[0]!, ...externalRef });
  }
  return drafts;
}
