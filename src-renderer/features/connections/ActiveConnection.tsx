import type { ConnectionStatus } from '../../../src-shared/bridge/contract';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { formatDate } from '../ui/format';
import { describeStart, expiryWarning } from './connection-words';
import { ProblemMessage } from './ProblemMessage';
import { describeTokenStorage } from './token-storage-words';

/** The day of an ISO time (`2026-11-26T…`), in the clerk's date order. */
function dayOf(iso: string): string {
  return formatDate(iso.slice(0, 10));
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
  const say = useSay();
  if (!status) return <p className="empty">{say('connections.checking')}</p>;
  if (status.state === 'not-configured') {
    return (
      <section className="card" aria-label={say('connections.active.title')}>
        <h3>{say('connections.active.title')}</h3>
        <p className="empty">{say('connections.active.none')}</p>
      </section>
    );
  }
  const { connection, company, client, scopes, tokenExpiry } = status;
  return (
    <section className="card" aria-label={say('connections.active.title')}>
      <div className="card-head">
        <h3>{say('connections.active.title')}</h3>
        <button type="button" onClick={onCheck} disabled={isChecking}>
          {isChecking ? say('connections.checkingShort') : say('connections.checkAgain')}
        </button>
      </div>
      {status.state === 'error' && status.error && <ProblemMessage error={status.error} />}
      {tokenExpiry?.isExpiringSoon && (
        <p className="warning" role="alert">
          {say('connections.active.expiring', {
            warning: expiryWarning(tokenExpiry.daysLeft),
            date: isolate.ltr(dayOf(tokenExpiry.expiresAt)),
          })}
        </p>
      )}
      <dl className="facts">
        <dt>{say('connections.active.connection')}</dt>
        <dd>{connection ? isolate.name(connection.label) : '—'}</dd>
        <dt>{say('connections.active.address')}</dt>
        <dd>{connection ? isolate.ltr(connection.baseUrl) : '—'}</dd>
        <dt>{say('connections.active.company')}</dt>
        <dd>{company ? `${isolate.name(company.name)} (${isolate.ltr(company.code)})` : '—'}</dd>
        <dt>{say('connections.active.client')}</dt>
        <dd>{client ? isolate.name(client.name) : '—'}</dd>
        <dt>{say('connections.active.system')}</dt>
        <dd>{client ? isolate.ltr(client.system) : '—'}</dd>
        <dt>{say('connections.active.scopes')}</dt>
        <dd>{scopes && scopes.length > 0 ? isolate.ltr(scopes.join(', ')) : '—'}</dd>
        <dt>{say('connections.active.rateLimit')}</dt>
        <dd>{client ? say('connections.rateLimit', { limit: client.rateLimitPerMinute }) : '—'}</dd>
        <dt>{say('connections.active.token')}</dt>
        <dd>
          {client
            ? tokenExpiry && tokenExpiry.daysLeft >= 0 && !tokenExpiry.isExpiringSoon
              ? say('connections.active.tokenExpiresIn', {
                  prefix: isolate.ltr(`${client.tokenPrefix}…`),
                  date: isolate.ltr(dayOf(client.tokenExpiresAt)),
                  days: tokenExpiry.daysLeft,
                })
              : say('connections.active.tokenExpires', {
                  prefix: isolate.ltr(`${client.tokenPrefix}…`),
                  date: isolate.ltr(dayOf(client.tokenExpiresAt)),
                })
            : '—'}
        </dd>
        <dt>{say('connections.active.start')}</dt>
        <dd>{connection ? describeStart(connection.start) : '—'}</dd>
        <dt>{say('connections.active.keptIn')}</dt>
        <dd>{connection ? describeTokenStorage(connection.tokenStorage) : '—'}</dd>
      </dl>
    </section>
  );
}
