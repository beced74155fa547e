/**
 * The reconciliation engine: the service's documents against the ERP register, rule by rule, into
 * groups that each hold every document and line exactly once, with counts and totals.
 *
 * Pure and deterministic: the same documents, lines, settings and decisions give the same result in
 * whatever order they are given (documents are sorted by key and lines by id first; every tie is
 * broken by that order, never by input position). Every rule is a hash join (maps keyed by
 * reference, ERP key, customer and amount, customer and day); no rule compares every document with
 * every line, so 100,000 of each reconcile in about half a
 * second (test/shared/reconcile/speed.test.ts logs it).
 */
import type { FeedKind } from '../../wire';
import {
  defaultReconcileSettings,
  documentKey,
  matchRules,
  maxCandidates,
  maxSumItems,
  reconcileStates,
  type AckConflict,
  type CurrencyTotals,
  type DocumentKey,
  type IgnoredDecision,
  type MatchRule,
  type ReconcileDecision,
  type ReconcileDifference,
  type ReconcileGroup,
  type ReconcileResult,
  type ReconcileSettings,
  type ReconcileState,
  type RuleSummary,
  type ServiceDocument,
  type StateSummary,
} from './model';
import type { Register, RegisterLine } from './register';

/** What one run compares. */
export interface ReconcileInput {
  documents: readonly ServiceDocument[];
  register: Register;
  /** `defaultReconcileSettings` when absent. */
  settings?: ReconcileSettings;
  /** The clerk's decisions so far (./decisions.ts), in any order. */
  decisions?: readonly ReconcileDecision[];
}

/**
 * Reconciles the service's documents with the ERP register.
 *
 * In order: the clerk's `confirm` and `pick` decisions make their groups; then each enabled rule
 * runs on what is left (`reference`, `erp-key`, `amount-date`, `receipt-sum`); what no rule took is
 * `service-only` or `erp-only`. A `discard` keeps its rule from pairing those documents with those
 * lines again. See ./model.ts for rules and states. The exact semantics:
 *
 * - Texts (references, numbers, keys, customers, cheque numbers) are compared trimmed and ignoring
 *   case; a blank one names nothing. A document and a line pair only within one feed. A reference
 *   that is a sentence and names no document whole names the documents its words are the number or
 *   id of (words with a digit, 4 characters or more).
 * - `reference` and `erp-key`: a line and a document that name only each other are a pair. Several
 *   ERP lines naming one payment and adding up to it (within the tolerance) are one group (the ERP
 *   split the receipt). Any other tangle (two documents with one number, two lines naming one
 *   invoice) is one `ambiguous` group of everything tangled.
 * - A pair or group found by `reference` or `erp-key` is `matched` when the amounts are equal and
 *   customer, currency and cheque number agree (a side that gives none agrees; the line's customer
 *   agrees when it is the document's code or ERP key); `suggested` when only the amount differs, by
 *   at most the tolerance; `differs` otherwise.
 * - `amount-date`: same feed, currency, customer and amount, dates at most `dayWindow` days apart,
 *   and never two different cheque numbers. A line and a document that are each other's only
 *   candidate are `suggested`; lines and documents with several candidates are `ambiguous`, in
 *   groups of everything linked to them (each looks at no more than `maxCandidates`).
 * - `receipt-sum`: payments of one customer on one day (at most `maxSumItems`) of which two or more
 *   add up exactly to one ERP payment line of that customer dated at most `dayWindow` days away:
 *   `suggested` when that is the line's only combination and no other line wants those payments.
 *   Then the other way: ERP lines of one customer on one day adding up to one payment. Several
 *   combinations, or lines competing for payments, are `ambiguous`.
 * - A clerk's `confirm` or `pick` is `matched`, or `differs` when it disagrees beyond the tolerance.
 * - Amounts are integer cents; with a register without tax, a document counts its amount less its
 *   tax. `differenceCents` is the register's amount less the service's.
 *
 * Throws RangeError for two documents with one key, two lines with one id, or settings out of range
 * (a caller's mistake, not the clerk's).
 */
export function reconcile(input: ReconcileInput): ReconcileResult {
  const settings = input.settings ?? defaultReconcileSettings;
  checkSettings(settings);
  const run = new Run(
    docEntries(input.documents, input.register.isTaxIncluded),
    lineEntries(input.register.lines),
    settings,
  );
  run.decide(input.decisions ?? []);
  if (settings.rules.reference) run.matchByReference();
  if (settings.rules['erp-key']) run.matchByErpKey();
  if (settings.rules['amount-date']) run.matchByAmountAndDate();
  if (settings.rules['receipt-sum']) {
    run.matchReceiptSums('many-to-one');
    run.matchReceiptSums('one-to-many');
  }
  return run.finish();
}

// ---------------------------------------------------------------------------------------------
// Entries: documents and lines as the rules read them
// ---------------------------------------------------------------------------------------------

interface DocEntry {
  doc: ServiceDocument;
  key: DocumentKey;
  /** Position in key order: the tie-breaker everywhere. */
  index: number;
  kind: FeedKind;
  /** Folded (trimmed, lower case), null when blank; `id` is null when it equals `number`. */
  number: string | null;
  id: string | null;
  ackRef: string | null;
  ackNumber: string | null;
  /** The customer's code and ERP key, folded; `erpKey` is null when it equals `code`. */
  code: string | null;
  erpKey: string | null;
  /** Days since 1970-01-01, NaN when unknown. */
  day: number;
  currency: string;
  /** The amount as compared: with tax, or less its tax for a register without tax. */
  cents: number;
  cheque: string | null;
  isTaken: boolean;
}

interface LineEntry {
  line: RegisterLine;
  index: number;
  kind: FeedKind;
  ref: string | null;
  /**
   * The words of a reference that is a sentence (`Against Customer Order INV-2026-000402 dated
   * 02-06-2026`, as ERPNext writes its remarks) that could be a document number: with a digit, at
   * least 4 characters. Null when the reference is one word.
   */
  refWords: string[] | null;
  erpKey: string | null;
  erpNumber: string | null;
  customer: string | null;
  day: number;
  currency: string;
  cheque: string | null;
  isTaken: boolean;
}

/** Trimmed and case-folded, or null when blank. */
function fold(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const folded = value.trim().toLowerCase();
  return folded === '' ? null : folded;
}

/** The words of a reference sentence that could be a number (`LineEntry.refWords`). */
function referenceWords(reference: string | null): string[] | null {
  const folded = fold(reference);
  if (folded === null || !/\s/.test(folded)) return null;
  const words = folded.split(/[\s,;:()[\]"']+/).filter((word) => word.length >= 4 && /\d/.test(word));
  return words.length > 0 ? words : null;
}

/**
 * What a register line's reference can name, folded, as the reference rule looks it up: the whole
 * reference, and when it is a sentence, its words that could be a number (`Against Customer Order
 * INV-2026-000402 dated 02-06-2026` names `inv-2026-000402`).
 */
export function referenceNames(reference: string | null): string[] {
  const whole = fold(reference);
  return whole === null ? [] : [whole, ...(referenceWords(reference) ?? [])];
}

function digit(text: string, at: number): number {
  const code = text.charCodeAt(at) - 48;
  return code >= 0 && code <= 9 ? code : NaN;
}

/** `YYYY-MM-DD` as days since 1970-01-01 (proleptic Gregorian), NaN when it is not one. */
function dayNumber(date: string | null): number {
  if (date === null || date.length !== 10 || date[4] !== '-' || date[7] !== '-') return NaN;
  const year = digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3);
  const month = digit(date, 5) * 10 + digit(date, 6);
  const day = digit(date, 8) * 10 + digit(date, 9);
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= 31)) return NaN;
  // Days from civil (H. Hinnant): no Date object per row.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function docEntries(documents: readonly ServiceDocument[], isTaxIncluded: boolean): DocEntry[] {
  const entries = documents.map((doc): DocEntry => {
    const number = fold(doc.number);
    const id = fold(doc.id);
    const code = fold(doc.customerCode);
    const erpKey = fold(doc.customerErpKey);
    return {
      doc,
      key: documentKey(doc),
      index: 0,
      kind: doc.kind,
      number,
      id: id === number ? null : id,
      ackRef: fold(doc.ack?.externalRef),
      ackNumber: fold(doc.ack?.externalNumber),
      code,
      erpKey: erpKey === code ? null : erpKey,
      day: dayNumber(doc.date),
      currency: doc.currency.trim().toUpperCase(),
      cents: doc.isReversed ? 0 : isTaxIncluded ? doc.amountCents : doc.amountCents - (doc.taxCents ?? 0),
      cheque: fold(doc.chequeNumber),
      isTaken: false,
    };
  });
  entries.sort((a, b) => byText(a.key, b.key));
  entries.forEach((entry, index) => {
    if (index > 0 && entries[index - 1]!.key === entry.key)
      throw new RangeError(`Two documents have the key ${entry.key}.`);
    entry.index = index;
  });
  return entries;
}

function lineEntries(registerLines: readonly RegisterLine[]): LineEntry[] {
  const sorted = [...registerLines].sort((a, b) => byText(a.id, b.id));
  return sorted.map((line, index) => {
    if (index > 0 && sorted[index - 1]!.id === line.id)
      throw new RangeError(`Two register lines have the id ${line.id}.`);
    return {
      line,
      index,
      kind: line.kind,
      ref: fold(line.serviceRef),
      refWords: referenceWords(line.serviceRef),
      erpKey: fold(line.erpKey),
      erpNumber: fold(line.erpNumber),
      customer: fold(line.customer),
      day: dayNumber(line.date),
      currency: line.currency.trim().toUpperCase(),
      cheque: fold(line.chequeNumber),
      isTaken: false,
    };
  });
}

function checkSettings(settings: ReconcileSettings): void {
  if (!Number.isSafeInteger(settings.dayWindow) || settings.dayWindow < 0)
    throw new RangeError(`The day window is a whole number of days, not ${settings.dayWindow}.`);
  if (!Number.isSafeInteger(settings.toleranceCents) || settings.toleranceCents < 0)
    throw new RangeError(`The tolerance is a whole number of cents, not ${settings.toleranceCents}.`);
}

/** Whether a line names a document's customer (its code or ERP key). */
function isCustomerOf(line: LineEntry, doc: DocEntry): boolean {
  return line.customer === doc.code || (doc.erpKey !== null && line.customer === doc.erpKey);
}

// ---------------------------------------------------------------------------------------------
// Small structures
// ---------------------------------------------------------------------------------------------

/** A map whose values are one entry or several, so that the common single entry costs no array. */
type Index<T> = Map<string, T | T[]>;

function addTo<T extends object>(index: Index<T>, key: string | null, value: T): void {
  if (key === null) return;
  const there = index.get(key);
  if (there === undefined) index.set(key, value);
  else if (Array.isArray(there)) there.push(value);
  else index.set(key, [there, value]);
}

function push<K, T>(map: Map<K, T[]>, key: K, value: T): void {
  const bucket = map.get(key);
  if (bucket) bucket.push(value);
  else map.set(key, [value]);
}

/** The first position in a bucket sorted by day whose day is at least `day`. */
function firstAtOrAfter(bucket: ReadonlyArray<{ day: number }>, day: number): number {
  let lo = 0;
  let hi = bucket.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bucket[mid]!.day < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Every combination of two or more amounts, by its sum (bit i of a mask is amount i). */
function subsetSums(amounts: readonly number[]): Map<number, number[]> {
  const count = 1 << amounts.length;
  const sums = new Float64Array(count);
  const sizes = new Uint8Array(count);
  const table = new Map<number, number[]>();
  for (let mask = 1; mask < count; mask += 1) {
    const low = mask & -mask;
    sums[mask] = sums[mask ^ low]! + amounts[31 - Math.clz32(low)]!;
    sizes[mask] = sizes[mask ^ low]! + 1;
    if (sizes[mask]! >= 2) push(table, sums[mask]!, mask);
  }
  return table;
}

/** Union-find over documents (0..d-1) and lines (d..d+l-1), for grouping tangled candidates. */
class Components {
  private readonly parent: Int32Array;
  private readonly isTouched: Uint8Array;
  constructor(
    private readonly docs: readonly DocEntry[],
    private readonly lines: readonly LineEntry[],
  ) {
    const size = docs.length + lines.length;
    this.parent = new Int32Array(size);
    for (let i = 0; i < size; i += 1) this.parent[i] = i;
    this.isTouched = new Uint8Array(size);
  }
  link(doc: DocEntry, line: LineEntry): void {
    const a = doc.index;
    const b = this.docs.length + line.index;
    this.isTouched[a] = 1;
    this.isTouched[b] = 1;
    const ra = this.find(a);
    const rb = this.find(b);
    // The smaller node is the root, so roots do not depend on the order of links.
    if (ra < rb) this.parent[rb] = ra;
    else if (rb < ra) this.parent[ra] = rb;
  }
  /** Every linked component, its documents and lines in key order, in order of its first member. */
  groups(): Array<{ docs: DocEntry[]; lines: LineEntry[] }> {
    const byRoot = new Map<number, { docs: DocEntry[]; lines: LineEntry[] }>();
    const at = (node: number): { docs: DocEntry[]; lines: LineEntry[] } => {
      const root = this.find(node);
      let group = byRoot.get(root);
      if (!group) {
        group = { docs: [], lines: [] };
        byRoot.set(root, group);
      }
      return group;
    };
    for (const doc of this.docs) if (this.isTouched[doc.index]) at(doc.index).docs.push(doc);
    const offset = this.docs.length;
    for (const line of this.lines)
      if (this.isTouched[offset + line.index]) at(offset + line.index).lines.push(line);
    return [...byRoot.values()];
  }
  private find(node: number): number {
    let root = node;
    while (this.parent[root] !== root) root = this.parent[root]!;
    let at = node;
    while (this.parent[at] !== root) {
      const next = this.parent[at]!;
      this.parent[at] = root;
      at = next;
    }
    return root;
  }
}

// ---------------------------------------------------------------------------------------------
// One run
// ---------------------------------------------------------------------------------------------

/** How a group came to be, before its state is judged. */
type DraftKind = 'exact' | 'fuzzy' | 'ambiguous' | 'decided' | 'alone';

interface Draft {
  kind: DraftKind;
  rule: MatchRule | null;
  decision: 'confirm' | 'pick' | null;
  /** In key order. */
  docs: DocEntry[];
  /** In id order. */
  lines: LineEntry[];
  isCapped: boolean;
}

const noDifferences: readonly ReconcileDifference[] = Object.freeze([]);
const noConflicts: readonly AckConflict[] = Object.freeze([]);

class Run {
  private readonly capped: Record<MatchRule, number> = {
    reference: 0,
    'erp-key': 0,
    'amount-date': 0,
    'receipt-sum': 0,
  };
  private readonly blocked = new Set<string>();
  /** `receipt-sum`: the customer-days with more than `maxSumItems` items, not tried. */
  private readonly skippedDays = new Set<readonly unknown[]>();
  private readonly applied: ReconcileDecision[] = [];
  private readonly ignored: IgnoredDecision[] = [];
  private readonly ruleSummaries: Record<MatchRule, RuleSummary>;
  private readonly tallies = new Map<ReconcileState, Tally>(
    reconcileStates.map((state) => [state, new Tally()]),
  );
  private readonly total = new Tally();
  /**
   * Groups by state, then by id: the slot of a document's group is its first document's position,
   * a line's group comes after all of them by its line's position (ids sort the same way).
   */
  private readonly slots: Array<ReconcileGroup | undefined>;
  private ackConflicts = 0;

  constructor(
    private readonly docs: readonly DocEntry[],
    private readonly lines: readonly LineEntry[],
    private readonly settings: ReconcileSettings,
  ) {
    this.slots = new Array(reconcileStates.length * (docs.length + lines.length));
    this.ruleSummaries = Object.fromEntries(
      matchRules.map((rule): [MatchRule, RuleSummary] => [
        rule,
        {
          isEnabled: settings.rules[rule],
          matched: 0,
          suggested: 0,
          differs: 0,
          ambiguous: 0,
          decided: 0,
          capped: 0,
        },
      ]),
    ) as Record<MatchRule, RuleSummary>;
  }

  private take(
    kind: DraftKind,
    rule: MatchRule | null,
    docs: DocEntry[],
    lines: LineEntry[],
    isCapped = false,
    decision: Draft['decision'] = null,
  ): void {
    for (const doc of docs) doc.isTaken = true;
    for (const line of lines) line.isTaken = true;
    // Judged at once: nothing of a draft outlives its group.
    const draft: Draft = { kind, rule, decision, docs, lines, isCapped };
    const group = judge(draft, this.settings.toleranceCents);
    const position = docs[0] ? docs[0].index : this.docs.length + lines[0]!.index;
    this.slots[reconcileStates.indexOf(group.state) * (this.docs.length + this.lines.length) + position] =
      group;
    this.ackConflicts += group.ackConflicts.length;
    this.tallies.get(group.state)!.add(draft);
    this.total.add(draft);
    if (rule === null) return;
    const summary = this.ruleSummaries[rule];
    if (decision !== null) summary.decided += 1;
    else if (group.state !== 'service-only' && group.state !== 'erp-only') summary[group.state] += 1;
  }

  private isBlocked(rule: MatchRule, doc: DocEntry, line: LineEntry): boolean {
    return this.blocked.size > 0 && this.blocked.has(`${rule}\u0000${doc.key}\u0000${line.line.id}`);
  }

  /** The clerk's decisions, in one canonical order so that the order they are given never matters. */
  decide(decisions: readonly ReconcileDecision[]): void {
    if (decisions.length === 0) return;
    const docByKey = new Map<string, DocEntry>(this.docs.map((doc) => [doc.key, doc]));
    const lineById = new Map<string, LineEntry>(this.lines.map((line) => [line.line.id, line]));
    const canonical = decisions
      .map((decision) => ({
        decision,
        order: JSON.stringify([
          decision.action,
          decision.rule,
          [...decision.documentKeys].sort(byText),
          [...decision.lineIds].sort(byText),
        ]),
      }))
      .sort((a, b) => byText(a.order, b.order));
    for (const { decision } of canonical) {
      const reason = this.decideOne(decision, docByKey, lineById);
      if (reason === null) this.applied.push(decision);
      else this.ignored.push({ decision, reason });
    }
  }

  /** Applies one decision; why not, in plain words, when it cannot be. */
  // words: not shown (an ignored decision's reason is kept for developers; no screen shows it)
  private decideOne(
    decision: ReconcileDecision,
    docByKey: ReadonlyMap<string, DocEntry>,
    lineById: ReadonlyMap<string, LineEntry>,
  ): string | null {
    if (!(matchRules as readonly string[]).includes(decision.rule))
      return `"${decision.rule}" is not a matching rule.`;
    const docs: DocEntry[] = [];
    for (const key of new Set(decision.documentKeys)) {
      const doc = docByKey.get(key);
      if (!doc) return `The document ${key} is no longer in the comparison.`;
      docs.push(doc);
    }
    const lines: LineEntry[] = [];
    for (const id of new Set(decision.lineIds)) {
      const line = lineById.get(id);
      if (!line) return `The register line ${id} is no longer in the register.`;
      lines.push(line);
    }
    if (docs.length === 0 || lines.length === 0)
      return 'A decision names at least one document and one register line.';
    if (decision.action === 'discard') {
      for (const doc of docs)
        for (const line of lines) this.blocked.add(`${decision.rule}\u0000${doc.key}\u0000${line.line.id}`);
      return null;
    }
    const kind = docs[0]!.kind;
    if (docs.some((doc) => doc.kind !== kind) || lines.some((line) => line.kind !== kind))
      return 'The documents and register lines are of different kinds (for example an invoice and a receipt).';
    const placed = docs.find((doc) => doc.isTaken)?.key ?? lines.find((line) => line.isTaken)?.line.id;
    if (placed !== undefined) return `${placed} is already placed by another decision.`;
    docs.sort((a, b) => a.index - b.index);
    lines.sort((a, b) => a.index - b.index);
    this.take('decided', decision.rule, docs, lines, false, decision.action);
    return null;
  }

  /** Rule a: the line's reference is the document's number or id. */
  matchByReference(): void {
    const index: Index<DocEntry> = new Map();
    for (const doc of this.docs) {
      if (doc.isTaken) continue;
      addTo(index, doc.number, doc);
      addTo(index, doc.id, doc);
    }
    this.matchByKeys('reference', [
      [index, (line) => line.ref],
      // A sentence names a document by one of its words only when the whole of it names none.
      [index, (line) => (line.ref !== null && index.has(line.ref) ? null : line.refWords)],
    ]);
  }

  /** Rule b: the document's answer carries the line's ERP key, or its ERP number. */
  matchByErpKey(): void {
    const byRef: Index<DocEntry> = new Map();
    const byNumber: Index<DocEntry> = new Map();
    for (const doc of this.docs) {
      if (doc.isTaken) continue;
      addTo(byRef, doc.ackRef, doc);
      addTo(byNumber, doc.ackNumber, doc);
    }
    this.matchByKeys('erp-key', [
      [byRef, (line) => line.erpKey],
      [byNumber, (line) => line.erpNumber],
    ]);
  }

  /**
   * The exact rules' join: each line looks its keys up; a line and a document naming only each
   * other pair at once, everything else is grouped by what it names.
   */
  private matchByKeys(
    rule: MatchRule,
    lookups: ReadonlyArray<[Index<DocEntry>, (line: LineEntry) => string | readonly string[] | null]>,
  ): void {
    const { docs, lines } = this;
    if (lookups.every(([index]) => index.size === 0)) return;
    /** Per line: its only document's index, -2 when it names several, -1 when none. */
    const only = new Int32Array(lines.length).fill(-1);
    /** Per document: how many lines name it. */
    const named = new Int32Array(docs.length);
    const several: Array<[LineEntry, DocEntry[]]> = [];
    const found: DocEntry[] = [];
    const consider = (doc: DocEntry, line: LineEntry): void => {
      if (doc.kind === line.kind && !found.includes(doc) && !this.isBlocked(rule, doc, line)) found.push(doc);
    };
    for (const line of lines) {
      if (line.isTaken) continue;
      found.length = 0;
      for (const [index, keyOf] of lookups) {
        const keys = keyOf(line);
        if (keys === null) continue;
        for (const key of typeof keys === 'string' ? [keys] : keys) {
          const there = index.get(key);
          if (there === undefined) continue;
          if (Array.isArray(there)) for (const doc of there) consider(doc, line);
          else consider(there, line);
        }
      }
      if (found.length === 0) continue;
      for (const doc of found) named[doc.index] = named[doc.index]! + 1;
      if (found.length === 1) only[line.index] = found[0]!.index;
      else {
        only[line.index] = -2;
        several.push([line, [...found]]);
      }
    }
    let tangles: Components | null = null;
    for (const line of lines) {
      const target = only[line.index]!;
      if (target < 0) continue;
      const doc = docs[target]!;
      if (named[target] === 1) this.take('exact', rule, [doc], [line]);
      else (tangles ??= new Components(docs, lines)).link(doc, line);
    }
    for (const [line, candidates] of several)
      for (const doc of candidates) (tangles ??= new Components(docs, lines)).link(doc, line);
    if (!tangles) return;
    for (const group of tangles.groups()) {
      const doc = group.docs[0]!;
      let kind: DraftKind = 'ambiguous';
      if (group.docs.length === 1 && doc.kind === 'payments') {
        // One receipt the ERP booked in several lines, each naming it.
        let sum = 0;
        for (const line of group.lines) sum += line.line.amountCents;
        if (Math.abs(sum - doc.cents) <= this.settings.toleranceCents) kind = 'exact';
      }
      this.take(kind, rule, group.docs, group.lines);
    }
  }

  /** Rule c: customer, currency and amount equal, dates within the window, one candidate each. */
  matchByAmountAndDate(): void {
    const rule: MatchRule = 'amount-date';
    const { docs, lines } = this;
    const window = this.settings.dayWindow;
    // Customer, then amount: no key is built from several texts.
    const docBuckets = new Map<string, Map<number, DocEntry[]>>();
    const lineBuckets = new Map<string, Map<number, LineEntry[]>>();
    const bucketOf = <T>(
      map: Map<string, Map<number, T[]>>,
      customer: string,
      cents: number,
    ): T[] | undefined => map.get(customer)?.get(cents);
    const addBucket = <T>(
      map: Map<string, Map<number, T[]>>,
      customer: string,
      cents: number,
      value: T,
    ): void => {
      let byAmount = map.get(customer);
      if (!byAmount) {
        byAmount = new Map();
        map.set(customer, byAmount);
      }
      push(byAmount, cents, value);
    };
    for (const doc of docs) {
      if (doc.isTaken || Number.isNaN(doc.day)) continue;
      if (doc.code !== null) addBucket(docBuckets, doc.code, doc.cents, doc);
      if (doc.erpKey !== null) addBucket(docBuckets, doc.erpKey, doc.cents, doc);
    }
    for (const line of lines) {
      if (line.isTaken || Number.isNaN(line.day) || line.customer === null) continue;
      addBucket(lineBuckets, line.customer, line.line.amountCents, line);
    }
    const byDay = (a: { day: number; index: number }, b: { day: number; index: number }): number =>
      a.day - b.day || a.index - b.index;
    for (const byAmount of docBuckets.values()) for (const bucket of byAmount.values()) bucket.sort(byDay);
    for (const byAmount of lineBuckets.values()) for (const bucket of byAmount.values()) bucket.sort(byDay);
    const fits = (doc: DocEntry, line: LineEntry): boolean =>
      doc.kind === line.kind &&
      doc.currency === line.currency &&
      !(doc.cheque !== null && line.cheque !== null && doc.cheque !== line.cheque) &&
      !this.isBlocked(rule, doc, line);

    const lineCandidates: Array<DocEntry[] | undefined> = new Array(lines.length);
    const isCappedLine = new Uint8Array(lines.length);
    for (const line of lines) {
      if (line.isTaken || Number.isNaN(line.day) || line.customer === null) continue;
      const bucket = bucketOf(docBuckets, line.customer, line.line.amountCents);
      if (!bucket) continue;
      const found: DocEntry[] = [];
      for (let i = firstAtOrAfter(bucket, line.day - window); i < bucket.length; i += 1) {
        const doc = bucket[i]!;
        if (doc.day > line.day + window) break;
        if (!fits(doc, line)) continue;
        if (found.length === maxCandidates) {
          isCappedLine[line.index] = 1;
          break;
        }
        found.push(doc);
      }
      if (found.length > 0) lineCandidates[line.index] = found;
    }
    const docCandidates: Array<LineEntry[] | undefined> = new Array(docs.length);
    const isCappedDoc = new Uint8Array(docs.length);
    for (const doc of docs) {
      if (doc.isTaken || Number.isNaN(doc.day)) continue;
      const found: LineEntry[] = [];
      for (const customer of [doc.code, doc.erpKey]) {
        const bucket = customer === null ? undefined : bucketOf(lineBuckets, customer, doc.cents);
        if (!bucket) continue;
        for (let i = firstAtOrAfter(bucket, doc.day - window); i < bucket.length; i += 1) {
          const line = bucket[i]!;
          if (line.day > doc.day + window) break;
          if (!fits(doc, line)) continue;
          if (found.length === maxCandidates) {
            isCappedDoc[doc.index] = 1;
            break;
          }
          found.push(line);
        }
      }
      if (found.length > 0) docCandidates[doc.index] = found;
    }

    // The candidate relation is symmetric (same customer and amount, same window, same checks), so
    // a line and a document that are each other's only candidate are named by nothing else.
    const isPairedDoc = new Uint8Array(docs.length);
    for (const line of lines) {
      const found = lineCandidates[line.index];
      if (!found || found.length !== 1 || isCappedLine[line.index]) continue;
      const doc = found[0]!;
      const back = docCandidates[doc.index];
      if (back && back.length === 1 && back[0] === line && !isCappedDoc[doc.index]) {
        isPairedDoc[doc.index] = 1;
        this.take('fuzzy', rule, [doc], [line]);
      }
    }
    let tangles: Components | null = null;
    for (const line of lines) {
      const found = lineCandidates[line.index];
      if (!found || line.isTaken) continue;
      for (const doc of found) (tangles ??= new Components(docs, lines)).link(doc, line);
    }
    for (const doc of docs) {
      const found = docCandidates[doc.index];
      if (!found || isPairedDoc[doc.index]) continue;
      for (const line of found) (tangles ??= new Components(docs, lines)).link(doc, line);
    }
    if (!tangles) return;
    for (const group of tangles.groups()) {
      const isCapped =
        group.docs.some((doc) => isCappedDoc[doc.index] === 1) ||
        group.lines.some((line) => isCappedLine[line.index] === 1);
      if (isCapped) this.capped[rule] += 1;
      this.take('ambiguous', rule, group.docs, group.lines, isCapped);
    }
  }

  /**
   * Rule d, receipts only. `many-to-one`: payments of one customer and one day adding up to one ERP
   * line; `one-to-many`: ERP lines of one customer and one day adding up to one payment.
   */
  matchReceiptSums(direction: 'many-to-one' | 'one-to-many'): void {
    const rule: MatchRule = 'receipt-sum';
    const { docs, lines } = this;
    const window = this.settings.dayWindow;
    // A zero amount (a payment taken back) would join every combination and make each ambiguous.
    const isOpenDoc = (doc: DocEntry): boolean =>
      !doc.isTaken && doc.kind === 'payments' && !Number.isNaN(doc.day) && doc.cents !== 0;
    const isOpenLine = (line: LineEntry): boolean =>
      !line.isTaken &&
      line.kind === 'payments' &&
      line.customer !== null &&
      !Number.isNaN(line.day) &&
      line.line.amountCents !== 0;
    const tangles = new Components(docs, lines);
    /** How many combinations each searching line (many-to-one) or document (one-to-many) has. */
    const combinations = new Map<DocEntry | LineEntry, number>();
    const bucketKey = (currency: string, customer: string, day: number): string =>
      `${currency}|${customer}|${day}`;

    /** Every combination of a bucket adding up to `cents`, by its members. */
    const tables = new Map<readonly unknown[], Map<number, number[]>>();
    const combine = <T>(bucket: readonly T[], amountOf: (item: T) => number, cents: number): T[][] => {
      if (bucket.length < 2) return [];
      if (bucket.length > maxSumItems) {
        this.skippedDays.add(bucket);
        return [];
      }
      let table = tables.get(bucket);
      if (!table) {
        table = subsetSums(bucket.map(amountOf));
        tables.set(bucket, table);
      }
      return (table.get(cents) ?? []).map((mask) => bucket.filter((_, i) => (mask >> i) & 1));
    };

    if (direction === 'many-to-one') {
      const buckets = new Map<string, DocEntry[]>();
      for (const doc of docs) {
        if (!isOpenDoc(doc)) continue;
        if (doc.code !== null) push(buckets, bucketKey(doc.currency, doc.code, doc.day), doc);
        if (doc.erpKey !== null) push(buckets, bucketKey(doc.currency, doc.erpKey, doc.day), doc);
      }
      if (buckets.size === 0) return;
      for (const line of lines) {
        if (!isOpenLine(line)) continue;
        let count = 0;
        for (let offset = -window; offset <= window; offset += 1) {
          const bucket = buckets.get(bucketKey(line.currency, line.customer!, line.day + offset));
          if (!bucket) continue;
          for (const members of combine(bucket, (doc) => doc.cents, line.line.amountCents)) {
            if (members.some((doc) => this.isBlocked(rule, doc, line))) continue;
            count += 1;
            for (const doc of members) tangles.link(doc, line);
          }
        }
        if (count > 0) combinations.set(line, count);
      }
    } else {
      const buckets = new Map<string, LineEntry[]>();
      for (const line of lines)
        if (isOpenLine(line)) push(buckets, bucketKey(line.currency, line.customer!, line.day), line);
      if (buckets.size === 0) return;
      for (const doc of docs) {
        if (!isOpenDoc(doc)) continue;
        let count = 0;
        for (const customer of [doc.code, doc.erpKey]) {
          if (customer === null) continue;
          for (let offset = -window; offset <= window; offset += 1) {
            const bucket = buckets.get(bucketKey(doc.currency, customer, doc.day + offset));
            if (!bucket) continue;
            for (const members of combine(bucket, (line) => line.line.amountCents, doc.cents)) {
              if (members.some((line) => this.isBlocked(rule, doc, line))) continue;
              count += 1;
              for (const line of members) tangles.link(doc, line);
            }
          }
        }
        if (count > 0) combinations.set(doc, count);
      }
    }
    for (const group of tangles.groups()) {
      const searchers: ReadonlyArray<DocEntry | LineEntry> =
        direction === 'many-to-one' ? group.lines : group.docs;
      // One searcher with one combination: the group is exactly that combination.
      const isUnique = searchers.length === 1 && combinations.get(searchers[0]!) === 1;
      this.take(isUnique ? 'fuzzy' : 'ambiguous', rule, group.docs, group.lines);
    }
  }

  /** Places what no rule took, judges every group and sums up. */
  finish(): ReconcileResult {
    for (const doc of this.docs) if (!doc.isTaken) this.take('alone', null, [doc], []);
    for (const line of this.lines) if (!line.isTaken) this.take('alone', null, [], [line]);

    this.capped['receipt-sum'] += this.skippedDays.size;
    for (const rule of matchRules) this.ruleSummaries[rule].capped = this.capped[rule];
    const groups: ReconcileGroup[] = [];
    for (const group of this.slots) if (group) groups.push(group);
    return {
      groups,
      states: Object.fromEntries(
        reconcileStates.map((state) => [state, this.tallies.get(state)!.summary()]),
      ) as Record<ReconcileState, StateSummary>,
      total: this.total.summary(),
      rules: this.ruleSummaries,
      ackConflicts: this.ackConflicts,
      decisions: { applied: this.applied, ignored: this.ignored },
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Judging a group
// ---------------------------------------------------------------------------------------------

/** The customer of a document as the clerk reads it. */
function customerLabel(doc: ServiceDocument): string {
  return doc.customerCode ?? doc.customerErpKey ?? doc.customerId;
}

function distinct(values: ReadonlyArray<string | null | undefined>): string[] {
  const out: string[] = [];
  for (const value of values)
    if (value !== null && value !== undefined && !out.includes(value)) out.push(value);
  return out;
}

/** What disagrees between the two sides of a found or decided group, with both values. */
function differencesOf(draft: Draft, serviceCents: number, erpCents: number): readonly ReconcileDifference[] {
  const { docs, lines } = draft;
  let out: ReconcileDifference[] | null = null;
  const note = (difference: ReconcileDifference): void => {
    (out ??= []).push(difference);
  };
  if (serviceCents !== erpCents)
    note({ field: 'amount', serviceCents, erpCents, differenceCents: erpCents - serviceCents });
  if (lines.some((line) => line.customer !== null && docs.some((doc) => !isCustomerOf(line, doc)))) {
    note({
      field: 'customer',
      service: distinct(docs.map((doc) => customerLabel(doc.doc))).join(', '),
      erp: distinct(lines.map((line) => line.line.customer?.trim())).join(', '),
    });
  }
  const currency = lines[0]!.currency;
  if (docs.some((doc) => doc.currency !== currency) || lines.some((line) => line.currency !== currency)) {
    note({
      field: 'currency',
      service: distinct(docs.map((doc) => doc.currency)).join(', '),
      erp: distinct(lines.map((line) => line.currency)).join(', '),
    });
  }
  if (docs.some((doc) => doc.cheque !== null) && lines.some((line) => line.cheque !== null)) {
    const docCheques = distinct(docs.map((doc) => doc.cheque)).sort(byText);
    const lineCheques = distinct(lines.map((line) => line.cheque)).sort(byText);
    if (docCheques.join('\u0000') !== lineCheques.join('\u0000')) {
      note({
        field: 'cheque',
        service: distinct(docs.map((doc) => doc.doc.chequeNumber?.trim())).join(', '),
        erp: distinct(lines.map((line) => line.line.chequeNumber?.trim())).join(', '),
      });
    }
  }
  return out ?? noDifferences;
}

/** Answered documents whose answer disagrees with the register lines they were found with. */
/**
 * The answered documents of a group whose answer the register contradicts. A rejection is no
 * contradiction where the register differs from the document beyond the tolerance (`differs`): that
 * is the answer a clerk gives such a document ("Reject differing").
 */
function ackConflictsOf(draft: Draft, state: ReconcileState): readonly AckConflict[] {
  let out: AckConflict[] | null = null;
  let register: string | null = null;
  const registerNumbers = (): string =>
    (register ??= distinct(draft.lines.map((line) => line.line.erpNumber.trim())).join(', '));
  for (const { doc, key } of draft.docs) {
    const ack = doc.ack;
    if (doc.isPending || !ack) continue;
    if (ack.outcome === 'REJECTED') {
      if (state !== 'differs')
        (out ??= []).push({ documentKey: key, outcome: 'REJECTED', register: registerNumbers() });
    } else {
      const answered = ack.externalNumber?.trim() ?? '';
      const folded = answered.toLowerCase();
      if (answered !== '' && !draft.lines.some((line) => line.erpNumber === folded))
        (out ??= []).push({ documentKey: key, outcome: 'ACCEPTED', answered, register: registerNumbers() });
    }
  }
  return out ?? noConflicts;
}

function judge(draft: Draft, toleranceCents: number): ReconcileGroup {
  const { docs, lines } = draft;
  let serviceCents = 0;
  for (const doc of docs) serviceCents += doc.cents;
  let erpCents = 0;
  for (const line of lines) erpCents += line.line.amountCents;
  const isCompared = draft.kind !== 'ambiguous' && draft.kind !== 'alone';
  const differences = isCompared ? differencesOf(draft, serviceCents, erpCents) : noDifferences;
  let state: ReconcileState;
  switch (draft.kind) {
    case 'alone':
      state = docs.length > 0 ? 'service-only' : 'erp-only';
      break;
    case 'ambiguous':
      state = 'ambiguous';
      break;
    case 'fuzzy':
      state = 'suggested';
      break;
    case 'exact':
    case 'decided': {
      const isBeyond = differences.some(
        (difference) =>
          difference.field !== 'amount' || Math.abs(difference.differenceCents) > toleranceCents,
      );
      if (isBeyond) state = 'differs';
      else state = draft.kind === 'exact' && differences.length > 0 ? 'suggested' : 'matched';
    }
  }
  return {
    id: docs[0] ? `d:${docs[0].key}` : `l:${lines[0]!.line.id}`,
    state,
    rule: draft.rule,
    decision: draft.decision,
    documents: docs.map((doc) => doc.doc),
    lines: lines.map((line) => line.line),
    serviceCents,
    erpCents,
    differenceCents: erpCents - serviceCents,
    differences,
    ackConflicts: isCompared ? ackConflictsOf(draft, state) : noConflicts,
    isCapped: draft.isCapped,
  };
}

/** Counts and per-currency totals of groups as they are added. */
class Tally {
  private groups = 0;
  private documents = 0;
  private lines = 0;
  private readonly byCurrency = new Map<string, CurrencyTotals>();
  add(draft: Draft): void {
    this.groups += 1;
    this.documents += draft.docs.length;
    this.lines += draft.lines.length;
    for (const doc of draft.docs) this.row(doc.currency).serviceCents += doc.cents;
    for (const line of draft.lines) this.row(line.currency).erpCents += line.line.amountCents;
  }
  summary(): StateSummary {
    const totals = [...this.byCurrency.values()]
      .map((row) => ({ ...row, differenceCents: row.erpCents - row.serviceCents }))
      .sort((a, b) => byText(a.currency, b.currency));
    return { groups: this.groups, documents: this.documents, lines: this.lines, totals };
  }
  private row(currency: string): CurrencyTotals {
    let row = this.byCurrency.get(currency);
    if (!row) {
      row = { currency, serviceCents: 0, erpCents: 0, differenceCents: 0 };
      this.byCurrency.set(currency, row);
    }
    return row;
  }
}
