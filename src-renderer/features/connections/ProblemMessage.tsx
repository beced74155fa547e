import type { DeskError } from '../../../src-shared/bridge/result';
import { describeProblem } from '../../words/problem-words';

/** A failure in plain words, what to do next, and the service's own message when it adds something. */
export function ProblemMessage({
  error,
  role = 'alert',
}: {
  error: Pick<DeskError, 'code' | 'message' | 'requestId'>;
  role?: 'alert' | 'status';
}) {
  const words = describeProblem(error);
  const serviceSaid = error.message && error.message !== words.title ? error.message : null;
  return (
    <div className="problem" role={role}>
      <strong>{words.title}</strong> {words.next}
      {serviceSaid && (
        <p className="problem-detail">
          {serviceSaid}
          {error.requestId ? ` (request ${error.requestId})` : ''}
        </p>
      )}
    </div>
  );
}
