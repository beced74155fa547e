import { useId, useState } from 'react';
import type { AckDraft, RejectReason } from '../../../src-shared/domain/acks';
import { maxAckMessageLength } from '../../../src-shared/domain/acks';
import type { ReviewRow } from '../../data/rows';
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
  const [reasonCode, setReasonCode] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [isSending, setIsSending] = useState(false);
  const reasonId = useId();
  const count = whole ? whole.count : rows.length;
  const messageId = useId();
  const submit = async (): Promise<void> => {
    if (reasonCode === '') {
      setError('Choose a reason for the rejection.');
      return;
    }
    setIsSending(true);
    const draftOf = (row: ReviewRow): AckDraft => ({ id: row.id, outcome: 'REJECTED', reasonCode, message });
    const failure = whole && onSubmitWhole ? await onSubmitWhole(draftOf) : await onSubmit(rows.map(draftOf));
    setIsSending(false);
    if (failure) setError(failure);
  };
  return (
    <Dialog title={`Reject ${formatCount(count)} document${count === 1 ? '' : 's'}`} onClose={onCancel}>
      {whole ? (
        <p className="hint">
          Every document of the view as filtered, but those unticked and those whose answer is already queued
          · total {wholeTotalText(whole)}
        </p>
      ) : (
        <p className="hint">
          {rows
            .slice(0, 8)
            .map((row) => row.number)
            .join(', ')}
          {rows.length > 8 ? ` and ${rows.length - 8} more` : ''} · total {formatTotals(rows)}
        </p>
      )}
      <div className="field">
        <label htmlFor={reasonId}>Reason</label>
        <select id={reasonId} value={reasonCode} onChange={(event) => setReasonCode(event.target.value)}>
          <option value="">Choose a reason…</option>
          <ReasonOptions reasons={reasons} />
        </select>
      </div>
      <div className="field">
        <label htmlFor={messageId}>Message</label>
        <textarea
          id={messageId}
          value={message}
          maxLength={maxAckMessageLength}
          rows={3}
          onChange={(event) => setMessage(event.target.value)}
          placeholder="What the office should know (optional)"
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
          Cancel
        </button>
        <button type="button" className="primary danger" onClick={() => void submit()} disabled={isSending}>
          Reject {formatCount(count)}
        </button>
      </div>
    </Dialog>
  );
}
