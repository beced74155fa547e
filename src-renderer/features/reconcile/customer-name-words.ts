// Every word the clerk reads about a register's customer names (CustomerNamesNote.tsx and the hook's
// failures), kept together so that the Arabic catalogue of a later issue replaces them in one place.
import type { NameSameness } from '../../../src-shared/domain/reconcile';
import { formatCount } from '../ui/format';

/** `1 name`, `2 names`. */
function counted(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** What the note above the rules says of customer names (docs/decisions/105-customer-names-and-aliases.md). */
export const customerNameWords = {
  matched: (count: number, confirmed: number): string =>
    `${counted(count, 'customer name', 'customer names')} in the register matched to the service's customers by name` +
    (confirmed > 0 ? ` (${formatCount(confirmed)} as you confirmed).` : '.'),
  matchedHint:
    'Their lines already count as these customers. Confirm each pair, or say Not this customer: the desk remembers either for this connection.',
  lines: (count: number): string => counted(count, 'line', 'lines'),
  /** How alike two names are, where they are not spelled the same. */
  sameness: {
    spelling: '',
    'company-words': 'same name but for Co., شركة and the like',
    article: 'same name but for Co., شركة, Al, ال and the like',
  } satisfies Record<NameSameness, string>,
  confirmed: 'confirmed',
  confirm: 'Confirm',
  refuse: 'Not this customer',
  ambiguous: (count: number): string =>
    `${counted(count, 'name matches', 'names match')} several customers: choose the one it is, or leave ${count === 1 ? 'it' : 'them'} unmatched.`,
  choose: 'This one',
  unknown: (count: number): string =>
    `${counted(count, 'name matches', 'names match')} no customer of the service: ${count === 1 ? 'its' : 'their'} lines match no document by customer.`,
  notKept: (detail: string): string =>
    `The choice could not be kept on this computer (${detail}). Nothing was changed; try again.`,
  notReadAgain: (detail: string): string =>
    `The choice is kept, but the names could not be matched again (${detail}). Open the reconciliation again.`,
};
