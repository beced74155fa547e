import { useId, useState } from 'react';
import type { AckDraft, RejectReason } from '../../../src-shared/domain/acks';
import { maxAckMessageLength } from '../../../src-shared/domain/acks';
import type { ReviewRow } from '../../data/rows';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { Dialog } from '../ui/Dialog';
import { formatCount, formatTotals } from '../ui/format';
import { ReasonOptions } from '../ui/ReasonOptions';
import { wholeTotalText, WholeViewProgress, type WholeAck } from './WholeViewProgress';

/**
 * Reject: one reason code (from the lists) and a message for every selected document: the rows ticked,
 * or every document of a view (`whole`), queued a page at a time.
 */
export function RejectDialog({
  rows,
  whole = null,
  reasons,
  onCancel,
  onSubmit,
  onSubmitWhole,
}: {
  rows: ReviewRow[];
  whole?: WholeAck | null;
  reasons: RejectReason[];
  onCancel: () => void;
  onSubmit: (drafts: AckDraft[]) => Promise<string | null>;
  onSubmitWhole?: (draftOf: (row: ReviewRow) => AckDraft) => Promise<string | null>;
}) {
  const say = useSay();
  const [reasonCode, setReasonCode] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [isSending, setIsSending] = useState(false);
  const reasonId = useId();
  const count = whole ? whole.count : rows.length;
  const messageId = useId();
  const submit = async (): Promise<void> => {
    if (reasonCode === '') {
      setError(say('review.reject.needsReason'));
      return;
    }
    setIsSending(true);
    const draftOf = (row: ReviewRow): AckDraft => ({ id: row.id, outcome: 'REJECTED', reasonCode, message });
    const failure = whole && onSubmitWhole ? await onSubmitWhole(draftOf) : await onSubmit(rows.map(draftOf));
    setIsSending(false);
    if (failure) setError(failure);
  };
  return (
    <Dialog title={say('review.reject.title', { count })} onClose={onCancel}>
      {whole ? (
        <p className="hint">{say('review.reject.whole', { total: wholeTotalText(whole) })}</p>
      ) : (
        <p className="hint">
          {say('review.reject.rows', {
            numbers: rows
              .slice(0, 8)
              .map((row) => isolate.ltr(row.number))
              .join(', '),
            more: Math.max(rows.length - 8, 0),
            total: isolate.ltr(formatTotals(rows)),
          })}
        </p>
      )}
      <div className="field">
        <label htmlFor={reasonId}>{say('review.reject.reason')}</label>
        <select id={reasonId} value={reasonCode} onChange={(event) => setReasonCode(event.target.value)}>
          <option value="">{say('review.reject.chooseReason')}</option>
          <ReasonOptions reasons={reasons} />
        </select>
      </div>
      <div className="field">
        <label htmlFor={messageId}>{say('review.reject.message')}</label>
        <textarea
          id={messageId}
          value={message}
          maxLength={maxAckMessageLength}
          rows={3}
          onChange={(event) => setMessage(event.target.value)}
          placeholder={say('review.reject.messageHint')}
        />
      </div>
      {whole && <WholeViewProgress whole={whole} />}
      <div className="dialog-foot">
        {error && (
          <span role="alert" className="error-text">
            {error}
          </span>
        )}
        <button type="button" onClick={onCancel}>
          {say('review.dialog.cancel')}
        </button>
        <button type="button" className="primary danger" onClick={() => void submit()} disabled={isSending}>
          {say('review.reject.submit', { count: formatCount(count) })}
        </button>
      </div>
    </Dialog>
  );
}
