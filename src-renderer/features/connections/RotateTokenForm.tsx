import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { ConnectionView, RotationReceipt, TokenRotation } from '../../../src-shared/bridge/contract';
import type { DeskError, Result } from '../../../src-shared/bridge/result';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { formatDate } from '../ui/format';
import { ProblemMessage } from './ProblemMessage';
import { sayRich } from '../../messages/say-rich';
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
  const say = useSay();
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

  const regionLabel = say('connections.rotate.title', { label: isolate.name(connection.label) });
  const code = (chunks: ReactNode[]) => <code dir="ltr">{chunks}</code>;
  if (receipt) {
    return (
      <div className="rotate" role="region" aria-label={regionLabel}>
        <p className="success" role="status">
          {say('connections.rotate.done', {
            label: isolate.name(connection.label),
            prefix: isolate.ltr(`${receipt.newTokenPrefix}…`),
            date: isolate.ltr(formatDate(receipt.newTokenExpiresAt.slice(0, 10))),
          })}
        </p>
        <p className="warning">
          {sayRich('connections.rotate.revokeOld', { prefix: `${receipt.oldTokenPrefix}…`, code })}
        </p>
        <button type="button" onClick={onClose}>
          {say('connections.rotate.close')}
        </button>
      </div>
    );
  }

  return (
    <div className="rotate" role="region" aria-label={regionLabel}>
      <ol className="steps">
        <li>
          {connection.identity
            ? say('connections.rotate.step1', { client: isolate.name(connection.identity.clientName) })
            : say('connections.rotate.step1Unknown')}
        </li>
        <li>{say('connections.rotate.step2')}</li>
        <li>
          {connection.identity
            ? sayRich('connections.rotate.step3', { prefix: `${connection.identity.tokenPrefix}…`, code })
            : say('connections.rotate.step3Unknown')}
        </li>
      </ol>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <TokenField
          id={id}
          label={say('connections.rotate.newToken')}
          value={token}
          onChange={setToken}
          isInvalid={isTokenInvalid}
          hasMessage={error?.code === 'INVALID_ARGUMENT'}
        />
        <div />
        <div className="actions">
          <button type="submit" className="primary" disabled={isSaving || !token.trim()}>
            {isSaving ? say('connections.verifying') : say('connections.rotate.submit')}
          </button>
          <button type="button" onClick={onClose}>
            {say('connections.cancel')}
          </button>
        </div>
      </form>
      {error && <ProblemMessage error={error} />}
    </div>
  );
}
