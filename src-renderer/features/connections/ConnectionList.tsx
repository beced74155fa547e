import { useState } from 'react';
import type {
  ConnectionStatus,
  ConnectionView,
  RotationReceipt,
  TokenRotation,
} from '../../../src-shared/bridge/contract';
import type { DeskError, Result } from '../../../src-shared/bridge/result';
import { ProblemMessage } from './ProblemMessage';
import { RotateTokenForm } from './RotateTokenForm';

interface ConnectionListProps {
  connections: ConnectionView[];
  onActivate(id: string): Promise<Result<ConnectionStatus>>;
  onRemove(id: string): Promise<Result<ConnectionView[]>>;
  onRotate(input: TokenRotation): Promise<Result<RotationReceipt>>;
}

/** Saved connections: the active one marked; switch, rotate the token, or remove (after a confirmation). */
export function ConnectionList({ connections, onActivate, onRemove, onRotate }: ConnectionListProps) {
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
      <section className="card" aria-label="Saved connections">
        <h3>Saved connections</h3>
        <p className="empty">No connection is saved yet.</p>
      </section>
    );
  }

  return (
    <section className="card" aria-label="Saved connections">
      <h3>Saved connections</h3>
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
                <strong>{c.label}</strong>
                {c.isActive && <span className="tag">Active</span>}
              </div>
              <div className="connection-sub">{c.baseUrl}</div>
              <div className="connection-sub">
                {c.identity
                  ? `${c.identity.companyName} (${c.identity.companyCode}) · ${c.identity.clientName} · token ${c.identity.tokenPrefix}…`
                  : 'Not verified yet'}
              </div>
            </div>
            <div className="connection-actions">
              {!c.isActive && (
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() => void run(c.id, () => onActivate(c.id))}
                >
                  {busy === c.id ? 'Switching…' : 'Use this connection'}
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
                Rotate token
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
                Remove
              </button>
            </div>
            {confirming === c.id && (
              <div className="confirm" role="alertdialog" aria-label={`Remove ${c.label}?`}>
                <p>
                  Remove <strong>{c.label}</strong>? Its token is deleted from this computer
                  {c.isActive ? ', and no connection will be active until you choose one' : ''}. The token
                  itself stays valid until it is revoked in the console.
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
                  Yes, remove
                </button>
                <button type="button" onClick={() => setConfirming(null)}>
                  Cancel
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
