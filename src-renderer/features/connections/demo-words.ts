// The words of "Open the demo company" (docs/decisions/099-demo-company.md).
import type { DeskError } from '../../../src-shared/bridge/result';
import { describeProblem, type ProblemWords } from '../../words/problem-words';

/** What the demo company is, beside its button. */
export const demoDescription =
  'A copy of the service running on this computer, with a made-up company, customers and documents to try every screen on. Nothing is sent anywhere.';

/** Shown while the app starts its bundled sandbox and connects to it. */
export const demoProgress = 'Starting the demo company…';

/**
 * A failure to open the demo company in plain words. The core says what went wrong with the bundled
 * sandbox and what to do (`DEMO_UNAVAILABLE`); a refusal of the demo token is a connection problem.
 */
export function describeDemoProblem(error: Pick<DeskError, 'code' | 'message'>): ProblemWords {
  if (error.code === 'DEMO_UNAVAILABLE')
    return { title: 'The demo company could not be opened.', next: error.message };
  const words = describeProblem(error);
  return { title: `The demo company could not be opened: ${words.title}`, next: words.next };
}
