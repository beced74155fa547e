import { useId, useState } from 'react';
import type { AckDraft, RejectReason } from '../../../src-shared/domain/acks';
import { maxAckMessageLength } from '../../../src-shared/domain/acks';
import type { ReviewRow } from '../../data/db';
import { Dialog } from '../ui/Dialog';
import { formatTotals } from '../ui/format';
import { ReasonOptions } from '../ui/ReasonOptions';

/** Reject: one reason code (from the lists) and a message for every selected document. */
export function RejectDialog({
  rows,
  reasons,
  onCancel,
  onSubmit,
}: {
  rows: ReviewRow[];
  reasons: RejectReason[];
  onCancel: () => void;
  onSubmit: (drafts: AckDraft[]) => Promise<string | null>;
}) {
  const [reasonCode, setReasonCode] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [isSending, setIsSending] = useState(false);
  const reasonId = useId();
  const messageId = useId();
  const submit = async (): Promise<void> => {
    if (reasonCode === '') {
      setError('Choose a reason for the rejection.');
      return;
    }
    setIsSending(true);
    const failure = await onSubmit(
      rows.map((row) => ({ id: row.id, outcome: 'REJECTED', reasonCode, message })),
    );
    setIsSending(false);
    if (failure) setError(failure);
  };
  return (
    <Dialog title={`Reject ${rows.length} document${rows.length === 1 ? '' : 's'}`} onClose={onCancel}>
      <p className="hint">
        {rows
          .slice(0, 8)
          .map((row) => row.number)
          .join(', ')}
        {rows.length > 8 ? ` and ${rows.length - 8} more` : ''} · total {formatTotals(rows)}
      </p>
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
          Reject {rows.length}
        </button>
      </div>
    </Dialog>
  );
}
