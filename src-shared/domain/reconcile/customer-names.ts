/**
 * Customers a register names only by name (QuickBooks `Name`, Xero `ContactName`, Odoo's partner
 * display name, ERPNext `Customer Name`), proposed from the service's customers before the engine runs.
 *
 * The engine (./engine.ts) matches a line's customer by the service's code or ERP key only. A line
 * whose `customer` is empty, or names no customer the service has, but whose `customerName` is the
 * name of exactly one of the service's customers, is given that customer's code here, so that the
 * rules find its documents. What counts as the same name is docs/decisions/105-customer-names-and-aliases.md:
 * - **spelling**: the same words once folded (`foldWords`: case, spacing and punctuation; Arabic alef
 *   and hamza forms, ya and alef maqsura, ta marbuta, diacritics and tatweel), spaces between words
 *   ignored (`Al-Nour`, `Al Nour`, `AlNour`);
 * - **company words**: as spelled, less the words of a company's legal form (`companyWords`:
 *   `Co.`, `Company`, `Ltd`, `LLC`, `S.A.E.`, `شركة`, `مؤسسة`, `ش.م.م`, …);
 * - **article**: as with company words, less the article (`Al`, `El`, `The` as words, `ال` at the
 *   start of a word of five letters or more), only when one of the two names has a company word: a person's
 *   name may begin with `ال` as part of the name (إلهام, إلياس), a company's distinctive word rarely.
 * A looser sameness is tried only when no stricter one finds a customer. A name that finds several
 * customers at the first sameness that finds any is ambiguous and proposes none.
 *
 * The clerk's word is kept per connection as aliases (src-renderer/data/customer-aliases.ts): a
 * confirmed alias wins over any sameness, a refused pair is never proposed again.
 */
import type { NameMap } from '../../wire';
import { foldWords } from '../text/fold';
import type { Register, RegisterLine } from './register';

/** One of the service's customers, as names are matched to it. */
export interface ServiceCustomer {
  /** The service's id. */
  id: string;
  /**
   * What the service's documents name it by: its code, else (as ../feeds.ts `refLabel`) its ERP key,
   * else its id. A line given this customer is given this.
   */
  code: string | null;
  /** Its ERP key, when known: a line naming it already names the customer. */
  erpKey?: string | null;
  /** Its names by language (`en`, `ar`, …), as the service answered them; null when not looked up. */
  name: NameMap | null;
}

/**
 * The clerk's word on a register name and a customer, kept per connection: `confirmed` (this name is
 * this customer) or `refused` (this name is not this customer).
 */
export interface CustomerAlias {
  /** The register's name as `customerNameKey` folds it. */
  name: string;
  customerId: string;
  state: 'confirmed' | 'refused';
}

/**
 * How alike a register name and a customer's name are: the same `spelling` once folded, the same
 * less `company-words`, or the same less company words and the `article` (see the file's comment).
 */
export type NameSameness = 'spelling' | 'company-words' | 'article';

/** A customer name of the register, and the lines that name their customer by it alone. */
export interface RegisterCustomerName {
  /** `customerNameKey` of the name: what aliases are kept under. */
  name: string;
  /** The name as the register first writes it. */
  shownName: string;
  /** The lines of this name whose `customer` is empty or names no customer of the service, in file order. */
  lineIds: string[];
  /** Where each of those lines is in the lines matched (`register.lines`): laying them onto it is no search. */
  lineIndexes: number[];
}

/** A customer proposed for a register name: remembered as the clerk confirmed it, or by name. */
export interface CustomerNameProposal extends RegisterCustomerName {
  customer: ServiceCustomer;
  how: 'alias' | 'same-name';
  /** How alike the names are; null for an alias. */
  sameness: NameSameness | null;
}

/** A register name that is the name of several customers: none is proposed. */
export interface AmbiguousCustomerName extends RegisterCustomerName {
  /** The customers it names, in the order they were given. */
  candidates: ServiceCustomer[];
  sameness: NameSameness;
}

/** Customers proposed for a register's names, and the names that find several or none. */
export interface CustomerNameMatches {
  /** In register order, each name once. */
  proposals: CustomerNameProposal[];
  ambiguous: AmbiguousCustomerName[];
  /** Names that are no customer's name (or only of customers refused for them). */
  unknown: RegisterCustomerName[];
}

/**
 * Words of a company's legal form, folded (`foldWords`): a name is the same name without them.
 * Only words that never tell two companies apart; `Trading`, `Group`, `للتجارة` are not among them.
 */
// words: not shown (company forms as names are written, folded away when names are compared)
const companyWords: ReadonlySet<string> = new Set([
  'co',
  'company',
  'corp',
  'corporation',
  'inc',
  'incorporated',
  'ltd',
  'limited',
  'llc',
  'plc',
  'est',
  'establishment',
  'sae',
  'شركه',
  'موسسه',
]);

/** Company forms written as initials, folded to single letters (`L.L.C.`, `S.A.E.`, `ش.م.م`, `ذ.م.م`). */
const companyInitials: ReadonlyArray<readonly string[]> = [
  ['l', 'l', 'c'],
  ['s', 'a', 'e'],
  ['ش', 'ذ', 'م', 'م'],
  ['ش', 'م', 'م'],
  ['ذ', 'م', 'م'],
];

/** The article as a word of its own (`Al Nour`, `El Sewedy`, `The Nile`). */
const articleWords: ReadonlySet<string> = new Set(['al', 'el', 'the']);

/** The Arabic article, and the shortest word it is taken off (`النور` → `نور`, never `الله` → `له`). */
const arabicArticle = 'ال'; // words: not shown
const minArticleWordLength = arabicArticle.length + 3;

/** A name folded (`foldWords`: words apart by one space), and its key by spelling (the spaces taken out). */
interface FoldedName {
  words: string;
  spelling: string;
}

/** The keys of a name once company words, and then the article, are left out; null where nothing is left. */
interface LooseKeys {
  companyWords: string | null;
  article: string | null;
  /** Whether the name has a company word (the article is dropped only where one name has one). */
  isCompany: boolean;
}

function foldName(text: string): FoldedName | null {
  const words = foldWords(text);
  return words === '' ? null : { words, spelling: words.replaceAll(' ', '') };
}

/** The company initials that start at `index` of `words`, if any. */
function initialsAt(words: readonly string[], index: number): readonly string[] | undefined {
  // Only a word of one letter can start them.
  if (words[index]!.length !== 1) return undefined;
  return companyInitials.find((run) => run.every((letter, at) => words[index + at] === letter));
}

function looseKeysOf(folded: string): LooseKeys {
  const words = folded.split(' ');
  const bare: string[] = [];
  let isCompany = false;
  for (let index = 0; index < words.length;) {
    const initials = initialsAt(words, index);
    if (initials) {
      isCompany = true;
      index += initials.length;
      continue;
    }
    const word = words[index]!;
    if (companyWords.has(word)) isCompany = true;
    else bare.push(word);
    index += 1;
  }
  let article = '';
  for (const word of bare) {
    if (articleWords.has(word)) continue;
    article +=
      word.startsWith(arabicArticle) && word.length >= minArticleWordLength
        ? word.slice(arabicArticle.length)
        : word;
  }
  return {
    companyWords: bare.length > 0 ? bare.join('') : null,
    article: article === '' ? null : article,
    isCompany,
  };
}

/**
 * A register name as aliases are kept under: folded (`foldWords`) with the spaces between words
 * taken out; '' for a name with no letter or digit.
 */
export function customerNameKey(name: string): string {
  return foldName(name)?.spelling ?? '';
}

/** How a customer's code or key is compared with a line's customer (as ./engine.ts compares them). */
function foldCode(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

/** Customers by key, each once a key, in the order they were given. */
type CustomerIndex = Map<string, ServiceCustomer[]>;

/** Adds a customer under a key; a customer's names are added one after another, so a repeat is the last. */
function addTo(index: CustomerIndex, key: string | null, customer: ServiceCustomer): void {
  if (key === null) return;
  const found = index.get(key);
  if (!found) index.set(key, [customer]);
  else if (found[found.length - 1] !== customer) found.push(customer);
}

/** The customers' names indexed at the looser samenesses: built only when a name needs them. */
interface LooseIndexes {
  byCompanyWords: CustomerIndex;
  byArticle: CustomerIndex;
  /** By article key, the customers whose name has a company word. */
  companiesByArticle: CustomerIndex;
}

function looseIndexesOf(named: ReadonlyArray<readonly [FoldedName, ServiceCustomer]>): LooseIndexes {
  const indexes: LooseIndexes = {
    byCompanyWords: new Map(),
    byArticle: new Map(),
    companiesByArticle: new Map(),
  };
  for (const [name, customer] of named) {
    const keys = looseKeysOf(name.words);
    addTo(indexes.byCompanyWords, keys.companyWords, customer);
    addTo(indexes.byArticle, keys.article, customer);
    if (keys.isCompany) addTo(indexes.companiesByArticle, keys.article, customer);
  }
  return indexes;
}

/**
 * Proposes a customer for each name the register gives a line that has no usable customer: its
 * `customer` empty, or naming no customer of the service by code or ERP key.
 *
 * In order, the first that answers: the clerk's confirmed alias for the name (of a customer among
 * `customers`); else the customers whose name (any language of it) is the same by spelling, else
 * less company words, else less the article (see the file's comment), leaving out the customers the
 * clerk refused for this name. One customer is a proposal; several are an ambiguous name; none, an
 * unknown one. Each name is folded once, and found in `Map`s of the customers' names by key (the
 * looser ones built only if a name is not found by spelling).
 */
export function matchCustomerNames(
  lines: readonly RegisterLine[],
  customers: readonly ServiceCustomer[],
  aliases: readonly CustomerAlias[],
): CustomerNameMatches {
  const knownCodes = new Set<string>();
  for (const customer of customers) {
    const code = foldCode(customer.code);
    const erpKey = foldCode(customer.erpKey);
    if (code !== '') knownCodes.add(code);
    if (erpKey !== '') knownCodes.add(erpKey);
  }

  // The register's names, once each, with the lines that need them.
  const names = new Map<string, { name: RegisterCustomerName; folded: FoldedName }>();
  const foldedByText = new Map<string, FoldedName | null>();
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const text = line.customerName;
    if (!text || (line.customer && knownCodes.has(foldCode(line.customer)))) continue;
    let folded = foldedByText.get(text);
    if (folded === undefined) {
      folded = foldName(text);
      foldedByText.set(text, folded);
    }
    if (folded === null) continue;
    const found = names.get(folded.spelling);
    if (found) {
      found.name.lineIds.push(line.id);
      found.name.lineIndexes.push(index);
    } else
      names.set(folded.spelling, {
        name: { name: folded.spelling, shownName: text.trim(), lineIds: [line.id], lineIndexes: [index] },
        folded,
      });
  }
  const matches: CustomerNameMatches = { proposals: [], ambiguous: [], unknown: [] };
  if (names.size === 0) return matches;

  const confirmed = new Map<string, string>();
  /** The customers refused for a name, by the name. */
  const refused = new Map<string, Set<string>>();
  for (const alias of aliases) {
    if (alias.state === 'confirmed') confirmed.set(alias.name, alias.customerId);
    else {
      const ids = refused.get(alias.name);
      if (ids) ids.add(alias.customerId);
      else refused.set(alias.name, new Set([alias.customerId]));
    }
  }

  const byId = new Map<string, ServiceCustomer>();
  const bySpelling: CustomerIndex = new Map();
  const named: Array<readonly [FoldedName, ServiceCustomer]> = [];
  for (const customer of customers) {
    byId.set(customer.id, customer);
    if (!customer.name) continue;
    for (const text of Object.values(customer.name)) {
      const folded = foldName(text);
      if (folded === null) continue;
      addTo(bySpelling, folded.spelling, customer);
      named.push([folded, customer]);
    }
  }
  let loose: LooseIndexes | null = null;

  for (const { name, folded } of names.values()) {
    const refusedIds = refused.get(name.name);
    const aliased = confirmed.get(name.name);
    const aliasCustomer = aliased === undefined ? undefined : byId.get(aliased);
    if (aliasCustomer && !refusedIds?.has(aliasCustomer.id)) {
      matches.proposals.push({ ...name, customer: aliasCustomer, how: 'alias', sameness: null });
      continue;
    }
    const unrefused = (found: readonly ServiceCustomer[] | undefined): readonly ServiceCustomer[] =>
      !found ? [] : !refusedIds ? found : found.filter((customer) => !refusedIds.has(customer.id));
    let sameness: NameSameness = 'spelling';
    let candidates = unrefused(bySpelling.get(folded.spelling));
    if (candidates.length === 0) {
      loose ??= looseIndexesOf(named);
      const keys = looseKeysOf(folded.words);
      sameness = 'company-words';
      candidates = keys.companyWords === null ? [] : unrefused(loose.byCompanyWords.get(keys.companyWords));
      if (candidates.length === 0 && keys.article !== null) {
        sameness = 'article';
        candidates = unrefused(
          (keys.isCompany ? loose.byArticle : loose.companiesByArticle).get(keys.article),
        );
      }
    }
    if (candidates.length === 1)
      matches.proposals.push({ ...name, customer: candidates[0]!, how: 'same-name', sameness });
    else if (candidates.length > 1)
      matches.ambiguous.push({ ...name, candidates: [...candidates], sameness });
    else matches.unknown.push(name);
  }
  return matches;
}

/**
 * The register with each proposal's customer laid onto its lines: `customer` becomes the customer's
 * `code` (else its ERP key, else its id), which the engine compares with a document's code or ERP
 * key. The proposals are `matchCustomerNames` of `register.lines`; a proposal naming a line the
 * register does not hold where it says is refused (RangeError). The register and its lines are not
 * changed; lines no proposal names are the same objects.
 */
export function withCustomersByName(
  register: Register,
  proposals: readonly CustomerNameProposal[],
): Register {
  if (proposals.length === 0) return register;
  const lines = register.lines.slice();
  for (const proposal of proposals) {
    const customer = proposal.customer.code ?? proposal.customer.erpKey ?? proposal.customer.id;
    proposal.lineIndexes.forEach((index, at) => {
      const line = lines[index];
      if (!line || line.id !== proposal.lineIds[at])
        throw new RangeError(
          `The customer proposed for "${proposal.shownName}" is for the lines of another register.`,
        );
      lines[index] = { ...line, customer };
    });
  }
  return { ...register, lines };
}
