import type { ConnectionStatus } from '../../../src-shared/bridge/contract';
import { describeStart, expiryWarning } from './connection-words';
import { ProblemMessage } from './ProblemMessage';
import { describeTokenStorage } from './token-storage-words';

function formatDate(iso: string): string {
  return iso.slice(0, 10);
}

/** The active connection's facts as `GET /me` told them, its problem in plain words, and the expiry warning. */
export function ActiveConnection({
  status,
  isChecking,
  onCheck,
}: {
  status: ConnectionStatus | null;
  isChecking: boolean;
  onCheck(): void;
}) {
  if (!status) return <p className="empty">Checking the connection…</p>;
  if (status.state === 'not-configured') {
    return (
      <section className="card" aria-label="Active connection">
        <h3>Active connection</h3>
        <p className="empty">None is active. Add one below, or choose a saved one.</p>
      </section>
    );
  }
  const { connection, company, client, scopes, tokenExpiry } = status;
  return (
    <section className="card" aria-label="Active connection">
      <div className="card-head">
        <h3>Active connection</h3>
        <button type="button" onClick={onCheck} disabled={isChecking}>
          {isChecking ? 'Checking…' : 'Check again'}
        </button>
      </div>
      {status.state === 'error' && status.error && <ProblemMessage error={status.error} />}
      {tokenExpiry?.isExpiringSoon && (
        <p className="warning" role="alert">
          {expiryWarning(tokenExpiry.daysLeft)} It expires on {formatDate(tokenExpiry.expiresAt)}. Make a new
          token with Rotate in the service&apos;s console, then paste it with Rotate token below.
        </p>
      )}
      <dl className="facts">
        <dt>Connection</dt>
        <dd>{connection ? connection.label : '—'}</dd>
        <dt>Address</dt>
        <dd>{connection ? connection.baseUrl : '—'}</dd>
        <dt>Company</dt>
        <dd>{company ? `${company.name} (${company.code})` : '—'}</dd>
        <dt>Client</dt>
        <dd>{client ? client.name : '—'}</dd>
        <dt>System</dt>
        <dd>{client ? client.system : '—'}</dd>
        <dt>Scopes</dt>
        <dd>{scopes && scopes.length > 0 ? scopes.join(', ') : '—'}</dd>
        <dt>Rate limit</dt>
        <dd>{client ? `${client.rateLimitPerMinute} requests per minute` : '—'}</dd>
        <dt>Token</dt>
        <dd>
          {client ? `${client.tokenPrefix}… expires ${formatDate(client.tokenExpiresAt)}` : '—'}
          {tokenExpiry && tokenExpiry.daysLeft >= 0 && !tokenExpiry.isExpiringSoon
            ? ` (in ${tokenExpiry.daysLeft} days)`
            : ''}
        </dd>
        <dt>Start</dt>
        <dd>{connection ? describeStart(connection.start) : '—'}</dd>
        <dt>Kept in</dt>
        <dd>{connection ? describeTokenStorage(connection.tokenStorage) : '—'}</dd>
      </dl>
    </section>
  );
}
