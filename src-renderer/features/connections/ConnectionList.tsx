import { useState } from 'react';
import type {
  ConnectionStatus,
  ConnectionView,
  RotationReceipt,
  TokenRotation,
} from '../../../src-shared/bridge/contract';
import type { DeskError, Result } from '../../../src-shared/bridge/result';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { ProblemMessage } from './ProblemMessage';
import { RotateTokenForm } from './RotateTokenForm';
import { sayRich } from '../../messages/say-rich';

interface ConnectionListProps {
  connections: ConnectionView[];
  onActivate(id: string): Promise<Result<ConnectionStatus>>;
  onRemove(id: string): Promise<Result<ConnectionView[]>>;
  onRotate(input: TokenRotation): Promise<Result<RotationReceipt>>;
}

/** Saved connections: the active one marked; switch, rotate the token, or remove (after a confirmation). */
export function ConnectionList({ connections, onActivate, onRemove, onRotate }: ConnectionListProps) {
  const say = useSay();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [rotating, setRotating] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<DeskError | null>(null);

  async function run<T>(id: string, action: () => Promise<Result<T>>): Promise<void> {
    setBusy(id);
    setError(null);
    const result = await action();
    setBusy(null);
    if (!result.ok) setError(result.error);
  }

  if (connections.length === 0) {
    return (
      <section className="card" aria-label={say('connections.saved.title')}>
        <h3>{say('connections.saved.title')}</h3>
        <p className="empty">{say('connections.saved.none')}</p>
      </section>
    );
  }

  return (
    <section className="card" aria-label={say('connections.saved.title')}>
      <h3>{say('connections.saved.title')}</h3>
      {error && <ProblemMessage error={error} />}
      <ul className="connection-list">
        {connections.map((c) => (
          <li
            key={c.id}
            className={c.isActive ? 'connection active' : 'connection'}
            aria-label={c.label}
            aria-current={c.isActive ? 'true' : undefined}
          >
            <div className="connection-main">
              <div className="connection-title">
                <strong>{isolate.name(c.label)}</strong>
                {c.isActive && <span className="tag">{say('connections.saved.active')}</span>}
              </div>
              <div className="connection-sub">{isolate.ltr(c.baseUrl)}</div>
              <div className="connection-sub">
                {c.identity
                  ? say('connections.saved.identity', {
                      company: isolate.name(c.identity.companyName),
                      code: isolate.ltr(c.identity.companyCode),
                      client: isolate.name(c.identity.clientName),
                      prefix: isolate.ltr(`${c.identity.tokenPrefix}…`),
                    })
                  : say('connections.saved.notVerified')}
              </div>
            </div>
            <div className="connection-actions">
              {!c.isActive && (
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() => void run(c.id, () => onActivate(c.id))}
                >
                  {busy === c.id ? say('connections.saved.switching') : say('connections.saved.use')}
                </button>
              )}
              <button
                type="button"
                disabled={busy !== null}
                onClick={() => {
                  setConfirming(null);
                  setRotating(rotating === c.id ? null : c.id);
                }}
                aria-expanded={rotating === c.id}
              >
                {say('connections.saved.rotate')}
              </button>
              <button
                type="button"
                className="danger"
                disabled={busy !== null}
                onClick={() => {
                  setRotating(null);
                  setConfirming(c.id);
                }}
              >
                {say('connections.saved.remove')}
              </button>
            </div>
            {confirming === c.id && (
              <div
                className="confirm"
                role="alertdialog"
                aria-label={say('connections.saved.removeTitle', { label: isolate.name(c.label) })}
              >
                <p>
                  {sayRich('connections.saved.removeConfirm', {
                    label: <bdi>{c.label}</bdi>,
                    isActive: c.isActive ? 'yes' : 'no',
                    b: (chunks) => <strong>{chunks}</strong>,
                  })}
                </p>
                <button
                  type="button"
                  className="danger"
                  onClick={() =>
                    void run(c.id, async () => {
                      setConfirming(null);
                      return onRemove(c.id);
                    })
                  }
                >
                  {say('connections.saved.removeYes')}
                </button>
                <button type="button" onClick={() => setConfirming(null)}>
                  {say('connections.cancel')}
                </button>
              </div>
            )}
            {rotating === c.id && (
              <RotateTokenForm connection={c} onRotate={onRotate} onClose={() => setRotating(null)} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
