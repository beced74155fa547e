// The words of "Open the demo company" (docs/decisions/099-demo-company.md); what it is and its
// progress are said by DemoOffer from the catalogue (`connections.demo.…`).
import type { DeskError } from '../../../src-shared/bridge/result';
import { say } from '../../messages/intl';
import { describeProblem, type ProblemWords } from '../../words/problem-words';

/**
 * A failure to open the demo company in plain words. The core says what went wrong with the bundled
 * sandbox and what to do (`DEMO_UNAVAILABLE`); a refusal of the demo token is a connection problem.
 */
export function describeDemoProblem(error: Pick<DeskError, 'code' | 'message'>): ProblemWords {
  if (error.code === 'DEMO_UNAVAILABLE')
    return { title: say('connections.demo.failed'), next: error.message };
  const words = describeProblem(error);
  return { title: say('connections.demo.failedBecause', { problem: words.title }), next: words.next };
}
