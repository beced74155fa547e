import type { DeskError } from '../../../src-shared/bridge/result';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { describeRefusal, isExplainedByCheckup } from '../../words/problem-words';
import { OpenCheckupButton, useOffersCheckup } from './OpenCheckupButton';

/**
 * A failure in plain words, what to do next, and the service's own message when it adds something;
 * for a refusal the check-up explains (a scope, the ERP mode, the IP allow-list, the token), the way
 * to it.
 */
export function ProblemMessage({
  error,
  role = 'alert',
}: {
  error: Pick<DeskError, 'code' | 'message' | 'requestId'>;
  role?: 'alert' | 'status';
}) {
  const say = useSay();
  const words = describeRefusal(error);
  const serviceSaid = error.message && error.message !== words.title ? error.message : null;
  const offersCheckup = useOffersCheckup() && isExplainedByCheckup(error.code);
  const problem = (
    <div className="problem" role={role}>
      <strong>{words.title}</strong> {words.next}
      {serviceSaid && (
        <p className="problem-detail">
          {error.requestId
            ? say('connections.problem.serviceSaid', {
                message: serviceSaid,
                requestId: isolate.ltr(error.requestId),
              })
            : serviceSaid}
        </p>
      )}
    </div>
  );
  if (!offersCheckup) return problem;
  return (
    <div className="problem-with-checkup">
      {problem}
      <OpenCheckupButton />
    </div>
  );
}
