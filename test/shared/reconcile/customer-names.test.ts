import { describe, expect, it } from 'vitest';
import {
  customerNameKey,
  defaultReconcileSettings,
  matchCustomerNames,
  reconcile,
  withCustomersByName,
  type CustomerAlias,
  type CustomerNameMatches,
  type RegisterLine,
  type ServiceCustomer,
} from '../../../src-shared/domain/reconcile';
import { doc, line, view } from './support';

/** A customer of the service with an English and an Arabic name. */
function customer(id: string, code: string | null, en: string, ar?: string): ServiceCustomer {
  return { id, code, name: ar === undefined ? { en } : { en, ar } };
}

/** A line of the register naming its customer by name only. */
function named(id: string, customerName: string, patch: Partial<RegisterLine> = {}): RegisterLine {
  return line(id, { customer: null, customerName, ...patch });
}

/** A match as the clerk reads it: register name → customer id, and how; names only for the others. */
function read(matches: CustomerNameMatches) {
  return {
    proposals: matches.proposals.map((p) => [p.shownName, p.customer.id, p.how, p.sameness, p.lineIds]),
    ambiguous: matches.ambiguous.map((a) => [a.shownName, a.candidates.map((c) => c.id), a.sameness]),
    unknown: matches.unknown.map((u) => u.shownName),
  };
}

const customers: ServiceCustomer[] = [
  customer('cu-1', 'C-1', 'Ahmed Mostafa', 'أحمد مصطفى'),
  customer('cu-2', 'C-2', 'Al Nour Trading Co.', 'شركة النور للتجارة'),
  customer('cu-3', 'C-3', 'Mohamed Salah', 'مُحَمَّد صلاح'),
  customer('cu-4', 'C-4', 'Hassan Foods', 'مؤسسة حسن للأغذية'),
  customer('cu-5', 'C-5', 'Nile Pharmacy', 'صيدلية النيل'),
  customer('cu-6', 'C-6', 'Nile Pharmacy', 'صيدلية النيل الجديدة'),
];

describe('customer names of a register: what counts as the same name', () => {
  it('folds Arabic spellings (hamza, alef maqsura, ta marbuta, tatweel, diacritics) and English case, spacing and punctuation', () => {
    const lines = [
      named('L1', 'احمد مصطفي'),
      named('L2', 'شركه النــور للتجاره'),
      named('L3', 'محمد صلاح'),
      named('L4', 'موسسه حسن للاغذيه'),
      named('L5', '  al-NOUR   trading, co '),
      named('L6', 'AHMED  MOSTAFA.'),
      named('L7', 'أحمد مصطفى'),
    ];
    expect(read(matchCustomerNames(lines, customers, []))).toEqual({
      proposals: [
        ['احمد مصطفي', 'cu-1', 'same-name', 'spelling', ['L1', 'L7']],
        ['شركه النــور للتجاره', 'cu-2', 'same-name', 'spelling', ['L2']],
        ['محمد صلاح', 'cu-3', 'same-name', 'spelling', ['L3']],
        ['موسسه حسن للاغذيه', 'cu-4', 'same-name', 'spelling', ['L4']],
        ['al-NOUR   trading, co', 'cu-2', 'same-name', 'spelling', ['L5']],
        ['AHMED  MOSTAFA.', 'cu-1', 'same-name', 'spelling', ['L6']],
      ],
      ambiguous: [],
      unknown: [],
    });
    expect(['أحمد', 'مُحَمَّد', 'مؤسسة', 'شركة النور', 'Al-Nour  Co.'].map(customerNameKey)).toEqual([
      'احمد',
      'محمد',
      'موسسه',
      'شركهالنور',
      'alnourco',
    ]);
  });

  it('reads a name the same without company words, and without the article only where one name is a company', () => {
    const lines = [
      named('L1', 'النور للتجارة'),
      named('L2', 'Al Nour Trading Company'),
      named('L3', 'Hassan Foods S.A.E.'),
      named('L4', 'حسن للأغذية ش.م.م'),
      named('L5', 'نور للتجارة'),
      named('L6', 'Nour Trading'),
      named('L7', 'شركة نور للتجارة'),
    ];
    expect(read(matchCustomerNames(lines, customers, []))).toEqual({
      proposals: [
        ['النور للتجارة', 'cu-2', 'same-name', 'company-words', ['L1']],
        ['Al Nour Trading Company', 'cu-2', 'same-name', 'company-words', ['L2']],
        ['Hassan Foods S.A.E.', 'cu-4', 'same-name', 'company-words', ['L3']],
        ['حسن للأغذية ش.م.م', 'cu-4', 'same-name', 'company-words', ['L4']],
        // The customer's name has شركة / Co.: the article goes on both sides.
        ['نور للتجارة', 'cu-2', 'same-name', 'article', ['L5']],
        ['Nour Trading', 'cu-2', 'same-name', 'article', ['L6']],
        ['شركة نور للتجارة', 'cu-2', 'same-name', 'article', ['L7']],
      ],
      ambiguous: [],
      unknown: [],
    });
  });

  it('keeps the article of a person: إلهام is not هام, and words are never dropped or reordered', () => {
    const people = [customer('cu-7', 'C-7', 'Ham', 'هام'), customer('cu-8', 'C-8', 'Elias Ali', 'الياس علي')];
    const lines = [
      named('L1', 'إلهام'),
      named('L2', 'ياس علي'),
      named('L3', 'علي الياس'),
      named('L4', 'Nour'),
      named('L5', 'النور'),
      named('L6', 'Al Nour Trading Co. Cairo'),
      named('L7', 'Al Nour Trading Co'),
    ];
    expect(read(matchCustomerNames(lines, [...customers, ...people], []))).toEqual({
      proposals: [['Al Nour Trading Co', 'cu-2', 'same-name', 'spelling', ['L7']]],
      ambiguous: [],
      unknown: ['إلهام', 'ياس علي', 'علي الياس', 'Nour', 'النور', 'Al Nour Trading Co. Cairo'],
    });
  });

  it('drops the article only where one of the two names has a company word', () => {
    const plain = [customer('cu-p', 'P', 'Al Nour Trading', 'النور للتجارة')];
    const lines = [named('L1', 'Nour Trading'), named('L2', 'نور للتجارة'), named('L3', 'Nour Trading Co.')];
    expect(read(matchCustomerNames(lines, plain, []))).toEqual({
      proposals: [['Nour Trading Co.', 'cu-p', 'same-name', 'article', ['L3']]],
      ambiguous: [],
      unknown: ['Nour Trading', 'نور للتجارة'],
    });
  });

  it('proposes nothing for a name several customers have, and lists it with them', () => {
    const lines = [named('L1', 'nile pharmacy'), named('L2', 'صيدلية النيل'), named('L3', 'Nile Pharmacy ')];
    expect(read(matchCustomerNames(lines, customers, []))).toEqual({
      proposals: [['صيدلية النيل', 'cu-5', 'same-name', 'spelling', ['L2']]],
      ambiguous: [['nile pharmacy', ['cu-5', 'cu-6'], 'spelling']],
      unknown: [],
    });
    // A customer whose two names fold the same is one candidate, not two.
    const same = [customer('cu-m', 'M', 'Misr', 'MISR')];
    expect(read(matchCustomerNames([named('L1', 'misr')], same, [])).proposals).toEqual([
      ['misr', 'cu-m', 'same-name', 'spelling', ['L1']],
    ]);
    // A stricter sameness that finds one wins over a looser one that would find two.
    const twins = [customer('cu-a', 'A', 'Nour Co.'), customer('cu-b', 'B', 'Nour Est.')];
    expect(read(matchCustomerNames([named('L1', 'Nour co'), named('L2', 'Nour')], twins, []))).toEqual({
      proposals: [['Nour co', 'cu-a', 'same-name', 'spelling', ['L1']]],
      ambiguous: [['Nour', ['cu-a', 'cu-b'], 'company-words']],
      unknown: [],
    });
  });

  it('asks only for lines whose customer is empty or names no customer of the service', () => {
    const keyed = [...customers.slice(0, 1), { ...customer('cu-2', 'C-2', 'Al Nour'), erpKey: 'ERP-2' }];
    const lines = [
      named('L1', 'Al Nour', { customer: ' erp-2 ' }),
      named('L2', 'Al Nour', { customer: 'c-1' }),
      named('L3', 'Al Nour', { customer: 'ERP-404' }),
      named('L4', 'Al Nour', { customer: '' }),
      line('L5', { customer: null }),
      named('L6', ' - '),
    ];
    expect(read(matchCustomerNames(lines, keyed, []))).toEqual({
      proposals: [['Al Nour', 'cu-2', 'same-name', 'spelling', ['L3', 'L4']]],
      ambiguous: [],
      unknown: [],
    });
  });
});

describe('aliases the clerk confirmed or refused', () => {
  const alias = (name: string, customerId: string, state: CustomerAlias['state']): CustomerAlias => ({
    name: customerNameKey(name),
    customerId,
    state,
  });

  it('a confirmed alias wins over the names, and over an ambiguous name', () => {
    const lines = [named('L1', 'Nour Stores'), named('L2', 'Ahmed Mostafa'), named('L3', 'Nile Pharmacy')];
    const aliases = [
      alias('nour stores', 'cu-2', 'confirmed'),
      alias('ahmed mostafa', 'cu-3', 'confirmed'),
      alias('NILE pharmacy', 'cu-6', 'confirmed'),
      alias('Someone', 'cu-404', 'confirmed'),
    ];
    expect(read(matchCustomerNames(lines, customers, aliases))).toEqual({
      proposals: [
        ['Nour Stores', 'cu-2', 'alias', null, ['L1']],
        ['Ahmed Mostafa', 'cu-3', 'alias', null, ['L2']],
        ['Nile Pharmacy', 'cu-6', 'alias', null, ['L3']],
      ],
      ambiguous: [],
      unknown: [],
    });
  });

  it('a refused pair is never proposed again, by any sameness; the other customers of the name still are', () => {
    const lines = [named('L1', 'Ahmed Mostafa'), named('L2', 'Nile Pharmacy'), named('L3', 'Nour Trading')];
    const aliases = [
      alias('ahmed mostafa', 'cu-1', 'refused'),
      alias('nile pharmacy', 'cu-5', 'refused'),
      alias('nour trading', 'cu-2', 'refused'),
    ];
    expect(read(matchCustomerNames(lines, customers, aliases))).toEqual({
      proposals: [['Nile Pharmacy', 'cu-6', 'same-name', 'spelling', ['L2']]],
      ambiguous: [],
      unknown: ['Ahmed Mostafa', 'Nour Trading'],
    });
    // Refused after being confirmed (the store keeps one word a pair): refused.
    const both = [alias('ahmed mostafa', 'cu-1', 'confirmed'), alias('ahmed mostafa', 'cu-1', 'refused')];
    expect(read(matchCustomerNames([named('L1', 'Ahmed Mostafa')], customers, both)).unknown).toEqual([
      'Ahmed Mostafa',
    ]);
  });
});

describe('laying the proposed customers onto the lines', () => {
  it('turns a line that was only in the ERP into a match, without changing the register', () => {
    const documents = [doc('i1', { customerId: 'cu-2', customerCode: 'C-2', customerErpKey: null })];
    const lines = [named('L1', 'شركه النور للتجاره'), named('L2', 'Unknown Shop', { amountCents: 5 })];
    const register = { isTaxIncluded: true, lines };
    const frozen = structuredClone(register);
    const run = (reg: typeof register) =>
      view(reconcile({ documents, register: reg, settings: defaultReconcileSettings }));
    expect(run(register)).toEqual([
      { state: 'service-only', docs: ['i1'], lines: [], differenceCents: -10000 },
      { state: 'erp-only', docs: [], lines: ['L1'], differenceCents: 10000 },
      { state: 'erp-only', docs: [], lines: ['L2'], differenceCents: 5 },
    ]);
    const matches = matchCustomerNames(lines, customers, []);
    const laid = withCustomersByName(register, matches.proposals);
    expect(laid.lines.map((l) => l.customer)).toEqual(['C-2', null]);
    expect(laid.lines[1]).toBe(lines[1]);
    expect(register).toEqual(frozen);
    // Proposals of other lines are refused rather than laid where they do not belong.
    expect(() =>
      withCustomersByName({ ...register, lines: [...lines].reverse() }, matches.proposals),
    ).toThrow(RangeError);
    expect(run(laid)).toEqual([
      { state: 'suggested', rule: 'amount-date', docs: ['i1'], lines: ['L1'] },
      { state: 'erp-only', docs: [], lines: ['L2'], differenceCents: 5 },
    ]);
  });

  it('gives a customer without a code its ERP key, else its id, as documents name it', () => {
    const keyOnly = { ...customer('cu-k', null, 'Keyed'), erpKey: 'ERP-K' };
    const bare = customer('cu-b', null, 'Bare');
    const register = { isTaxIncluded: true, lines: [named('L1', 'keyed'), named('L2', 'bare')] };
    const matches = matchCustomerNames(register.lines, [keyOnly, bare], []);
    expect(withCustomersByName(register, matches.proposals).lines.map((l) => l.customer)).toEqual([
      'ERP-K',
      'cu-b',
    ]);
  });
});

// A micro-measure, not a timing assertion (as ./speed.test.ts): the time is logged; what is asserted is
// that every line of a known name is laid and every line of an unknown one is left.
it('matches 60,000 lines of 4,200 names against 5,000 customers', () => {
  const many = Array.from({ length: 5_000 }, (_, i) =>
    customer(`cu-${i}`, `C-${i}`, `Customer ${i} Trading Co.`, `شركة العميل ${i} للتجارة`),
  );
  // 4,000 customers named as an ERP writes them (English in capitals, Arabic without ta marbuta), and
  // 200 cash customers the service does not have: their names are looked for by every sameness.
  const nameOf = (i: number): string => {
    const c = i % 4_200;
    if (c >= 4_000) return `Cash customer ${c}`;
    return i % 2 === 0 ? `CUSTOMER ${c} TRADING CO` : `شركه العميل ${c} للتجاره`;
  };
  const lines = Array.from({ length: 60_000 }, (_, i) => named(`SI-${100_000 + i}`, nameOf(i)));
  const register = { isTaxIncluded: true, lines };
  const timesMs: number[] = [];
  let laid = register;
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    laid = withCustomersByName(register, matchCustomerNames(lines, many, []).proposals);
    timesMs.push(Math.round(performance.now() - started));
  }
  console.log(
    `customer names: ${lines.length} lines × ${many.length} customers in ${timesMs.join(' / ')} ms`,
  );
  const cash = lines.filter((l) => l.customerName?.startsWith('Cash')).map((l) => l.id);
  expect(laid.lines.filter((l) => l.customer === null).map((l) => l.id)).toEqual(cash);
});
