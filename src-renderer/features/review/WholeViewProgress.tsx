import type { ReviewTotals } from '../../data/review-rows/query';
import type { ViewAckProgress } from '../../state/slices/review-slice';
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
}

/** The total of a whole view's selection, in the dialogs' words. */
export function wholeTotalText(whole: WholeAck): string {
  return whole.totals ? formatReviewTotals(whole.totals) : 'counting…';
}

/** "Queued 12,000 of 40,000", with a way to stop, while a whole view's answers are queued. */
export function WholeViewProgress({ whole }: { whole: WholeAck }) {
  const { progress } = whole;
  if (!progress) return null;
  return (
    // Laid out here: the review stylesheet is shared with the other screens.
    <div
      className="whole-progress"
      style={{ display: 'flex', alignItems: 'center', gap: 12, margin: '8px 0' }}
    >
      <progress max={Math.max(whole.count, 1)} value={progress.walked} aria-label="Answers queued" />
      <span role="status">
        Queued {formatCount(progress.queued)} of {formatCount(whole.count)}
        {progress.alreadyQueued > 0
          ? ` (${formatCount(progress.alreadyQueued)} already queued, left out)`
          : ''}
      </span>
      <button type="button" onClick={whole.onStop}>
        Stop
      </button>
    </div>
  );
}
