import { useId, useState, type FormEvent } from 'react';
import type { ConnectionView, RotationReceipt, TokenRotation } from '../../../src-shared/bridge/contract';
import type { DeskError, Result } from '../../../src-shared/bridge/result';
import { ProblemMessage } from './ProblemMessage';
import { TokenField } from './TokenField';

interface RotateTokenFormProps {
  connection: ConnectionView;
  onRotate(input: TokenRotation): Promise<Result<RotationReceipt>>;
  onClose(): void;
}

/**
 * The rotation helper (spec, Authentication 5): Rotate in the console makes a second token; paste it
 * here; the app checks with `GET /me` that it is the same client, switches to it, and reminds the user
 * to revoke the old one, named by its prefix.
 */
export function RotateTokenForm({ connection, onRotate, onClose }: RotateTokenFormProps) {
  const id = useId();
  const [token, setToken] = useState('');
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<DeskError | null>(null);
  const [receipt, setReceipt] = useState<RotationReceipt | null>(null);
  const isTokenInvalid = (error?.details ?? []).some((d) => d.field === 'token');

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const result = await onRotate({ id: connection.id, token: token.trim() });
    setSaving(false);
    if (result.ok) {
      setToken('');
      setReceipt(result.value);
    } else {
      setError(result.error);
    }
  }

  if (receipt) {
    return (
      <div className="rotate" role="region" aria-label={`Rotate the token of ${connection.label}`}>
        <p className="success" role="status">
          {connection.label} now uses the token {receipt.newTokenPrefix}… (expires{' '}
          {receipt.newTokenExpiresAt.slice(0, 10)}).
        </p>
        <p className="warning">
          Now revoke the old token <code>{receipt.oldTokenPrefix}…</code> in the service&apos;s console
          (Revoke): until then it still works.
        </p>
        <button type="button" onClick={onClose}>
          Done
        </button>
      </div>
    );
  }

  return (
    <div className="rotate" role="region" aria-label={`Rotate the token of ${connection.label}`}>
      <ol className="steps">
        <li>
          In the service&apos;s console, press Rotate for client{' '}
          {connection.identity?.clientName ?? 'of this connection'}: it makes a second token.
        </li>
        <li>Paste the new token here. The app checks it with the service and switches to it.</li>
        <li>
          Then revoke the old token{' '}
          {connection.identity ? <code>{connection.identity.tokenPrefix}…</code> : ''} in the console.
        </li>
      </ol>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <TokenField
          id={id}
          label="New token"
          value={token}
          onChange={setToken}
          isInvalid={isTokenInvalid}
          hasMessage={error?.code === 'INVALID_ARGUMENT'}
        />
        <div />
        <div className="actions">
          <button type="submit" className="primary" disabled={isSaving || !token.trim()}>
            {isSaving ? 'Verifying…' : 'Verify & switch'}
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
      {error && <ProblemMessage error={error} />}
    </div>
  );
}
