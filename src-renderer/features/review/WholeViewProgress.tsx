import type { ReviewTotals } from '../../data/review-rows/query';
import type { ViewAckProgress, ViewRowsToAck } from '../../state/slices/review-slice';
import { isolate, say } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { formatCount } from '../ui/format';
import { formatReviewTotals } from './use-selection-facts';

/** An answer to a whole view (a select all), as the dialogs show it. */
export interface WholeAck {
  /** The documents selected (queued ones included: they are left out when answering). */
  count: number;
  /** Null while counted. */
  totals: ReviewTotals | null;
  /** Null until the answers are being queued. */
  progress: ViewAckProgress | null;
  /** Stops queueing after the page being queued; what is queued stays queued. */
  onStop: () => void;
  /** The documents the answer would queue, in the view's order (a number series numbers them). */
  rowsToAck: (limits: { shown: number; max: number }) => Promise<ViewRowsToAck>;
}

/** The total of a whole view's selection, in the dialogs' words (amounts set apart, left to right). */
export function wholeTotalText(whole: WholeAck): string {
  return whole.totals ? isolate.ltr(formatReviewTotals(whole.totals)) : say('review.whole.counting');
}

/** "Queued 12,000 of 40,000", with a way to stop, while a whole view's answers are queued. */
export function WholeViewProgress({ whole }: { whole: WholeAck }) {
  const say = useSay();
  const { progress } = whole;
  if (!progress) return null;
  return (
    // Laid out here: the review stylesheet is shared with the other screens.
    <div
      className="whole-progress"
      style={{ display: 'flex', alignItems: 'center', gap: 12, margin: '8px 0' }}
    >
      <progress
        max={Math.max(whole.count, 1)}
        value={progress.walked}
        aria-label={say('review.whole.progressLabel')}
      />
      <span role="status">
        {say('review.whole.progress', {
          queued: formatCount(progress.queued),
          count: formatCount(whole.count),
          alreadyQueued: progress.alreadyQueued,
        })}
      </span>
      <button type="button" onClick={whole.onStop}>
        {say('review.whole.stop')}
      </button>
    </div>
  );
}
