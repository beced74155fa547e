// Plain words for kinds, fields, push outcomes, run states and column choices, in the clerk's language:
// one table for the feature, every id checked by the catalogue's type. Call these while rendering a
// component that calls useSay(), so they are said again when the clerk switches language.
import {
  fieldOf,
  mappingProblems,
  type CellProblem,
  type ColumnMapping,
  type FieldDef,
  type KeyProblem,
  type MappingTarget,
  type PlanProblem,
  type PushRecordResult,
  type ResultProblem,
  resultProblemOf,
  type PushOutcome,
  type PushRunState,
  type PushStopReason,
  type RecordKind,
  type RowProblem,
} from '../../../src-shared/domain/master-data';
import type { MessageId } from '../../messages/catalogue';
import { formatters, isolate, say } from '../../messages/intl';
import { describeProblem } from '../../words/problem-words';
import { mappingProblemText } from '../../words/mapping-problem-words';

/** A kind of records as headings and lists name it ("Units", "Price lists"). */
export function kindWords(kind: RecordKind): string {
  return say(`masterData.kind.${kind}`);
}

/** The key field of each kind that has its own (`ref`), as the column chooser names it. */
const refMessages: Partial<Record<RecordKind, MessageId>> = {
  units: 'masterData.field.ref.units',
  'price-lists': 'masterData.field.ref.price-lists',
  products: 'masterData.field.ref.products',
  customers: 'masterData.field.ref.customers',
  branches: 'masterData.field.ref.branches',
};

/** Every other field, by its push body member (src-shared/domain/master-data/kinds.ts). */
const fieldMessages: Readonly<Record<string, MessageId>> = {
  active: 'masterData.field.active',
  address: 'masterData.field.address',
  as_of: 'masterData.field.asOf',
  balance: 'masterData.field.balance',
  base_unit_ref: 'masterData.field.baseUnitRef',
  blocked: 'masterData.field.blocked',
  category_code: 'masterData.field.categoryCode',
  contact_name: 'masterData.field.contactName',
  credit_limit: 'masterData.field.creditLimit',
  currency: 'masterData.field.currency',
  customer_ref: 'masterData.field.customerRef',
  factor_to_base: 'masterData.field.factorToBase',
  latitude: 'masterData.field.latitude',
  longitude: 'masterData.field.longitude',
  min_price: 'masterData.field.minPrice',
  order_default: 'masterData.field.orderDefault',
  payment_terms_days: 'masterData.field.paymentTermsDays',
  phone: 'masterData.field.phone',
  price: 'masterData.field.price',
  price_list_ref: 'masterData.field.priceListRef',
  product_ref: 'masterData.field.productRef',
  radius_metres: 'masterData.field.radiusMetres',
  source_version: 'masterData.field.sourceVersion',
  unit_ref: 'masterData.field.unitRef',
  valid_from: 'masterData.field.validFrom',
  valid_to: 'masterData.field.validTo',
};

/** A field of a kind as the column chooser names it; the domain's English label for a field not listed. */
export function fieldWords(kind: RecordKind, field: Pick<FieldDef, 'id' | 'label'>): string {
  const id = field.id === 'ref' ? refMessages[kind] : fieldMessages[field.id];
  return id === undefined ? field.label : say(id);
}

/** The name column of one language, as a heading ("Name (en)"). */
export function nameColumnWords(language: string): string {
  return say('masterData.mapping.name', { language: isolate.ltr(language) });
}

/** What keeps a mapping from being used, in the clerk's words, in the domain's order (`mappingProblems`). */
export function mappingProblemWords(mapping: ColumnMapping, headers: readonly string[]): string[] {
  const targetWords = (target: MappingTarget): string =>
    'field' in target ? fieldIdWords(mapping.kind, target.field) : nameColumnWords(target.language);
  return mappingProblems(mapping, headers).map((problem) => mappingProblemText(problem, targetWords));
}

/** An outcome as the results grid names it. */
export function outcomeWords(outcome: PushOutcome): string {
  return say(`masterData.outcome.${outcome}`);
}

/** An outcome as the filter buttons name it (short: no explanation in brackets). */
export function outcomeFilterWords(outcome: PushOutcome | 'all'): string {
  return say(`masterData.filter.${outcome}`);
}

/** A run's state as the runs list names it. */
export function runStateWords(state: PushRunState): string {
  return say(`masterData.state.${state}`);
}

/** A field of `kind` by its id, as the column chooser names it; an id the kind does not have, set apart. */
function fieldIdWords(kind: RecordKind, id: string): string {
  const field = fieldOf(kind, id);
  return field ? fieldWords(kind, field) : isolate.ltr(id);
}

/** A kind as the `noun`/`kinds` selects of `masterData.row.*` name it. */
const kindSelects: Readonly<Record<RecordKind, string>> = {
  units: 'units',
  'price-lists': 'priceLists',
  products: 'products',
  'product-units': 'productUnits',
  prices: 'prices',
  customers: 'customers',
  branches: 'branches',
  balances: 'balances',
};

const cellMessages: Readonly<Record<CellProblem['code'], MessageId>> = {
  'not-a-number': 'masterData.row.notNumber',
  'not-whole': 'masterData.row.notWhole',
  'not-yes-no': 'masterData.row.notYesNo',
  'not-a-date': 'masterData.row.notDate',
  'not-a-day': 'masterData.row.notDay',
  'not-a-timestamp': 'masterData.row.notTimestamp',
  'not-a-time': 'masterData.row.notTime',
};

/** A bad key's words, the field named and the key set apart. */
function keyProblemWords(field: string, key: string, problem: KeyProblem): string {
  const values = { field, key: isolate.ltr(key) };
  switch (problem.code) {
    case 'empty':
      return say('masterData.row.keyEmpty', values);
    case 'too-long':
      return say('masterData.row.keyTooLong', { ...values, length: problem.length, most: problem.most });
    case 'slash':
      return say('masterData.row.keySlash', values);
  }
}

/**
 * What is wrong with a row of a file of `kind`, in the clerk's words: fields by their names, the cell as
 * written set apart, keys and codes left to right.
 */
export function rowProblemWords(kind: RecordKind, problem: RowProblem): string {
  switch (problem.code) {
    case 'extra-cells':
      return say('masterData.row.extraCells', { cells: problem.cells, headers: problem.headers });
    case 'empty':
      return say('masterData.row.empty', { field: fieldIdWords(kind, problem.field) });
    case 'unreadable':
      return say(cellMessages[problem.cell.code], {
        field: fieldIdWords(kind, problem.field),
        text: isolate.name(problem.cell.text),
      });
    case 'bad-key':
      return keyProblemWords(fieldIdWords(kind, problem.field), problem.key, problem.problem);
    case 'negative':
    case 'not-above-zero':
      return say(problem.code === 'negative' ? 'masterData.row.negative' : 'masterData.row.notAboveZero', {
        field: fieldIdWords(kind, problem.field),
        text: isolate.ltr(problem.text),
      });
    case 'below-min':
      return say('masterData.row.belowMin', {
        field: fieldIdWords(kind, problem.field),
        min: problem.min,
        text: isolate.ltr(problem.text),
      });
    case 'above-max':
      return say('masterData.row.aboveMax', {
        field: fieldIdWords(kind, problem.field),
        max: problem.max,
        text: isolate.ltr(problem.text),
      });
    case 'no-name':
      return say('masterData.row.noName');
    case 'valid-to-before-from':
      return say('masterData.row.validToBeforeFrom', {
        from: isolate.ltr(problem.from),
        to: isolate.ltr(problem.to),
      });
    case 'min-above-price':
      return say('masterData.row.minAbovePrice', { minPrice: problem.minPrice, price: problem.price });
    case 'currency-not-code':
      return say('masterData.row.currencyNotCode', { currency: isolate.name(problem.currency) });
    case 'no-as-of':
      return say('masterData.row.noAsOf');
    case 'key-twice': {
      const values = { noun: kindSelects[problem.kind], key: isolate.ltr(problem.key), line: problem.line };
      return problem.fileName === null
        ? say('masterData.row.keyTwice', values)
        : say('masterData.row.keyTwiceInFile', { ...values, file: isolate.ltr(problem.fileName) });
    }
    case 'default-unit-twice':
      return say('masterData.row.defaultUnitTwice', { product: isolate.ltr(problem.product) });
    case 'reference-has-errors':
      return say('masterData.row.referenceHasErrors', {
        field: fieldIdWords(kind, problem.field),
        value: isolate.ltr(problem.value),
        noun: kindSelects[problem.target],
      });
    case 'reference-unknown':
      return say('masterData.row.referenceUnknown', {
        field: fieldIdWords(kind, problem.field),
        value: isolate.ltr(problem.value),
        kinds: kindSelects[problem.target],
      });
  }
}

/** Why no push plan can be built, in plain words, the product's or list's key set apart. */
export function planProblemWords(problem: PlanProblem): string {
  switch (problem.code) {
    case 'too-many-units':
      return say('masterData.plan.tooManyUnits', {
        product: isolate.ltr(problem.product),
        units: problem.units,
        most: problem.most,
      });
    case 'replace-too-long':
      return say('masterData.plan.replaceTooLong', {
        list: isolate.ltr(problem.list),
        prices: problem.prices,
        most: problem.most,
      });
    case 'nothing-to-push':
      return say('masterData.plan.nothingToPush');
    case 'too-large':
      return say('masterData.plan.tooLarge', {
        records: problem.records,
        calls: problem.calls,
        maxRecords: problem.maxRecords,
        maxCalls: problem.maxCalls,
      });
  }
}

/** One kind of missing keys of an `UNKNOWN_REFERENCE`, the keys set apart. */
function missingWords(missing: { kind: RecordKind | null; keys: string[] }, message: string): string {
  const keys = isolate.ltr(missing.keys.join(', '));
  if (missing.kind === null)
    return missing.keys.length > 0
      ? say('masterData.result.missingUnnamed', { keys, message: isolate.name(message) })
      : isolate.name(message);
  const kinds = kindSelects[missing.kind];
  return missing.keys.length === 1
    ? say('masterData.result.missingOne', { noun: kinds, kinds, keys })
    : say('masterData.result.missingMany', { kinds, keys });
}

/**
 * A service refusal in plain words with what to do next; what the service said is set apart, as it
 * said it (docs/decisions/106: the service's own messages are shown as the service said them).
 */
export function resultProblemWords(problem: ResultProblem): string {
  switch (problem.code) {
    case 'unknown-reference':
      return problem.missing.length === 0
        ? say('masterData.result.somethingMissing', { message: isolate.name(problem.message) })
        : say('masterData.result.notYet', {
            missing: problem.missing
              .map((missing) => missingWords(missing, problem.message))
              .join(say('masterData.result.separator')),
          });
    case 'adoptable':
      return say('masterData.result.adoptable', { serviceId: isolate.ltr(problem.serviceId) });
    case 'ref-conflict':
      return say('masterData.result.refConflict', { message: isolate.name(problem.message) });
    case 'branch-on-route':
      return say('masterData.result.branchOnRoute', { message: isolate.name(problem.message) });
    case 'invalid':
      return say('masterData.result.invalid', {
        noun: kindSelects[problem.kind],
        hasFields: problem.fields === '' ? 'no' : 'yes',
        fields: isolate.ltr(problem.fields),
        message: isolate.name(problem.message),
      });
    case 'scope-missing':
      return say('masterData.result.scopeMissing', {
        kinds: kindSelects[problem.kind],
        message: isolate.name(problem.message),
      });
    case 'ip-not-allowed':
      return say('masterData.result.ipNotAllowed', { message: isolate.name(problem.message) });
    case 'token':
      return say('masterData.result.token', { token: isolate.ltr(problem.token) });
    case 'key-reused':
      return say('masterData.result.keyReused', { message: isolate.name(problem.message) });
    case 'not-found':
      return say('masterData.result.notFound', {
        noun: kindSelects[problem.kind],
        message: isolate.name(problem.message),
      });
    case 'other':
      return say('masterData.result.other', { message: isolate.name(problem.message) });
  }
}

/** A record's explanation in the clerk's words: its refusal, else the English kept with it (none for a success). */
export function resultExplanationWords(record: PushRecordResult): string | null {
  const problem = resultProblemOf(record);
  return problem === null ? record.explanation : resultProblemWords(problem);
}

/** What a record is, in the clerk's language; a record an earlier build kept says its English label. */
export function recordLabelWords(record: PushRecordResult): string {
  const { what } = record;
  if (!what) return record.label;
  switch (what.kind) {
    case 'record':
      return say('masterData.record.one', { noun: kindSelects[record.kind] });
    case 'balance':
      return say('masterData.record.balance', { asOf: isolate.ltr(formatters().time(what.asOf)) });
    case 'price-list':
      return say('masterData.record.priceList', { currency: isolate.ltr(what.currency) });
    case 'customer':
      return say('masterData.record.customer', {
        isLinked: what.linkedTo ? 'yes' : 'no',
        serviceId: isolate.ltr(what.linkedTo ?? ''),
      });
    case 'sellable-units':
      return say('masterData.record.sellableUnits', {
        count: what.units.length,
        units: isolate.ltr(what.units.join(', ')),
      });
    case 'prices': {
      const { firstLine: first, lastLine: last } = what;
      return say('masterData.record.prices', {
        count: what.count,
        lines: first === null || last === null ? 'none' : first === last ? 'one' : 'many',
        first: formatters().digits(first ?? 0),
        last: formatters().digits(last ?? 0),
        mode: what.mode,
      });
    }
    case 'remove':
      return say('masterData.record.remove');
  }
}

/** Extra words about a record's answer in the clerk's language (a record an earlier build kept: its English). */
export function recordNoteWords(record: PushRecordResult): string | null {
  const facts = record.noteFacts;
  if (facts === undefined) return record.note;
  if (facts === null) return null;
  if (facts.prices === null) return facts.isReplay ? say('masterData.note.replayed') : null;
  return say('masterData.note.prices', { ...facts.prices, isReplay: facts.isReplay ? 'yes' : 'no' });
}

/** Why a run is paused or stopped, in the clerk's language (a reason an earlier build kept: its English). */
export function runReasonWords(reason: PushStopReason): string {
  switch (reason.kind) {
    case undefined:
      return reason.message;
    case 'paused':
      return say('masterData.run.reason.paused');
    case 'app-closed':
      return say('masterData.run.reason.appClosed');
    case 'interrupted':
      return say('masterData.run.reason.interrupted');
    case 'app-fault':
      return say('masterData.run.reason.appFault');
    case 'other-connection':
      return say('masterData.run.reason.otherConnection');
    case 'no-answer':
      return say('masterData.run.reason.noAnswer');
    case 'busy':
      return say('masterData.run.reason.busy', { code: isolate.ltr(reason.code) });
    case 'connection':
      return say('masterData.run.reason.connection', { problem: describeProblem(reason).title });
  }
}
