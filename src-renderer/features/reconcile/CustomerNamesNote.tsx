import { useState } from 'react';
import { nameLabel } from '../../../src-shared/domain/names';
import type {
  CustomerNameMatches,
  RegisterCustomerName,
  ServiceCustomer,
} from '../../../src-shared/domain/reconcile';
import { useSay } from '../../messages/use-say';
import { customerNameWords as words, type NameFailure } from './customer-name-words';

/** A register name as the clerk decides on it. */
type NameOf = Pick<RegisterCustomerName, 'name' | 'shownName'>;

/** Keeps the clerk's word on a name and a customer; answers null, or why it could not be kept. */
type DecideName = (name: NameOf, customerId: string) => Promise<NameFailure | null>;

/** A customer as the clerk reads it: its name (English · Arabic) and its code. */
function CustomerText({ customer }: { customer: ServiceCustomer }) {
  const label = customer.name ? nameLabel(customer.name) : '';
  return (
    <>
      <bdi>{label || customer.id}</bdi> <span dir="ltr">({customer.code ?? customer.id})</span>
    </>
  );
}

/**
 * The customers proposed for the register's customer names (src-shared/domain/reconcile/customer-names.ts),
 * already used for matching, each with Confirm and Not this customer; the names that match several
 * customers, each with its candidates to choose from; and the names that match none. Nothing when the
 * register names no customer by name alone.
 */
export function CustomerNamesNote({
  names,
  onConfirm,
  onRefuse,
}: {
  names: CustomerNameMatches;
  onConfirm: DecideName;
  onRefuse: DecideName;
}) {
  const say = useSay();
  const [failure, setFailure] = useState<NameFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const { proposals, ambiguous, unknown } = names;
  if (proposals.length + ambiguous.length + unknown.length === 0 && !failure) return null;
  const decide = (action: DecideName, name: NameOf, customerId: string): void => {
    setBusy(true);
    void action(name, customerId).then((said) => {
      setFailure(said);
      setBusy(false);
    });
  };
  const confirmed = proposals.filter((proposal) => proposal.how === 'alias').length;
  return (
    <section className="customer-names" aria-label={say('reconcile.names.aria')}>
      {proposals.length > 0 && (
        <>
          <p role="status">
            {words.matched(proposals.length, confirmed)} <span className="muted">{words.matchedHint()}</span>
          </p>
          <ul aria-label={say('reconcile.names.matchedList')}>
            {proposals.map((proposal) => (
              <li key={proposal.name}>
                <bdi>{proposal.shownName}</bdi> <span className="name-arrow">→</span>{' '}
                <CustomerText customer={proposal.customer} />{' '}
                <span className="muted">
                  · {words.lines(proposal.lineIds.length)}
                  {proposal.sameness && words.sameness(proposal.sameness) && (
                    <> · {words.sameness(proposal.sameness)}</>
                  )}
                  {proposal.how === 'alias' && <> · {words.confirmed()}</>}
                </span>{' '}
                {proposal.how !== 'alias' && (
                  <>
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => decide(onConfirm, proposal, proposal.customer.id)}
                    >
                      {words.confirm()}
                    </button>{' '}
                  </>
                )}
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => decide(onRefuse, proposal, proposal.customer.id)}
                >
                  {words.refuse()}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {ambiguous.length > 0 && (
        <>
          <p role="status">{words.ambiguous(ambiguous.length)}</p>
          <ul aria-label={say('reconcile.names.ambiguousList')}>
            {ambiguous.map((name) => (
              <li key={name.name}>
                <bdi>{name.shownName}</bdi>{' '}
                <span className="muted">· {words.lines(name.lineIds.length)}</span>
                <ul>
                  {name.candidates.map((candidate) => (
                    <li key={candidate.id}>
                      <CustomerText customer={candidate} />{' '}
                      <button
                        type="button"
                        disabled={busy}
                        onClick={() => decide(onConfirm, name, candidate.id)}
                      >
                        {words.choose()}
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
      {unknown.length > 0 && (
        <>
          <p role="status">{words.unknown(unknown.length)}</p>
          <ul aria-label={say('reconcile.names.unknownList')}>
            {unknown.map((name) => (
              <li key={name.name}>
                <bdi>{name.shownName}</bdi>{' '}
                <span className="muted">· {words.lines(name.lineIds.length)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {failure && (
        <p role="alert" className="error-text">
          {words.failure(failure)}
        </p>
      )}
    </section>
  );
}
