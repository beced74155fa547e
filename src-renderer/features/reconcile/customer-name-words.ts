// Every word the clerk reads about a register's customer names (CustomerNamesNote.tsx and the hook's
// failures), said from the catalogue in the desk's language when called (the note calls useSay()).
import type { NameSameness } from '../../../src-shared/domain/reconcile';
import { catalogues } from '../../messages/catalogue';
import { isolate, say } from '../../messages/intl';

/** Why the clerk's word on a name could not be kept or used, with the store's own detail. */
export interface NameFailure {
  why: 'not-kept' | 'not-read-again';
  detail: string;
}

/**
 * Arabic words the matching leaves out of a name (the Arabic for "company", and the article), quoted
 * as registers write them whatever language the clerk reads: taken from the Arabic catalogue.
 */
function leftOutWords(): { company: string; article: string } {
  return {
    company: catalogues.ar['reconcile.names.arabicCompanyWord'],
    article: catalogues.ar['reconcile.names.arabicArticle'],
  };
}

/** What the note above the rules says of customer names (docs/decisions/105-customer-names-and-aliases.md). */
export const customerNameWords = {
  matched: (count: number, confirmed: number): string => say('reconcile.names.matched', { count, confirmed }),
  matchedHint: (): string => say('reconcile.names.matchedHint'),
  lines: (count: number): string => say('reconcile.names.lines', { count }),
  /** How alike two names are, where they are not spelled the same (nothing when they are). */
  sameness: (sameness: NameSameness): string =>
    sameness === 'spelling' ? '' : say(`reconcile.names.sameness.${sameness}`, leftOutWords()),
  confirmed: (): string => say('reconcile.names.confirmed'),
  confirm: (): string => say('reconcile.names.confirm'),
  refuse: (): string => say('reconcile.names.refuse'),
  ambiguous: (count: number): string => say('reconcile.names.ambiguous', { count }),
  choose: (): string => say('reconcile.names.choose'),
  unknown: (count: number): string => say('reconcile.names.unknown', { count }),
  failure: (failure: NameFailure): string =>
    say(failure.why === 'not-kept' ? 'reconcile.names.notKept' : 'reconcile.names.notReadAgain', {
      detail: isolate.name(failure.detail),
    }),
};
