import { useEffect } from 'react';
import { useDeskStore, type Section } from '../../state/store';
import { ConnectionBadge } from '../connections/ConnectionBadge';

const sections: Array<{ id: Section; label: string; empty: string }> = [
  { id: 'invoices', label: 'Invoices', empty: 'No invoices are staged yet. They appear here once the feeds are synced.' },
  { id: 'payments', label: 'Payments', empty: 'No payments are staged yet.' },
  { id: 'returns', label: 'Returns', empty: 'No returns are staged yet.' },
  { id: 'orders', label: 'Orders', empty: 'No orders are staged yet.' },
  { id: 'master-data', label: 'Master data', empty: 'Push units, products, prices, customers, branches and balances from ERP exports.' },
  { id: 'connections', label: 'Connections', empty: '' },
];

/** The frame of the app: header with the connection's state, navigation, and the current section. */
export function AppShell() {
  const { section, setSection, connection, app, loadError, refreshConnection, loadAppInfo } = useDeskStore();
  useEffect(() => {
    void loadAppInfo();
    void refreshConnection();
  }, [loadAppInfo, refreshConnection]);
  const current = sections.find((s) => s.id === section) ?? sections[0]!;

  return (
    <div className="shell">
      <header className="header">
        <h1>Reconciliation Desk</h1>
        <ConnectionBadge status={connection} />
      </header>
      <nav className="nav" aria-label="Sections">
        {sections.map((s) => (
          <button key={s.id} type="button" aria-current={s.id === section ? 'page' : undefined} onClick={() => setSection(s.id)}>
            {s.label}
          </button>
        ))}
      </nav>
      <main className="content" aria-label={current.label}>
        <h2>{current.label}</h2>
        {loadError && <p role="alert">{loadError.message}</p>}
        {current.id === 'connections' ? (
          <dl className="facts">
            <dt>Connection</dt>
            <dd>{connection?.connection ? `${connection.connection.label} — ${connection.connection.baseUrl}` : 'None'}</dd>
            <dt>Company</dt>
            <dd>{connection?.company ? `${connection.company.name} (${connection.company.code})` : '—'}</dd>
            <dt>Client</dt>
            <dd>{connection?.client ? `${connection.client.name}, system ${connection.client.system}` : '—'}</dd>
            <dt>Rate limit</dt>
            <dd>{connection?.client ? `${connection.client.rateLimitPerMinute} requests per minute` : '—'}</dd>
            <dt>Token</dt>
            <dd>{connection?.client ? `${connection.client.tokenPrefix}… expires ${connection.client.tokenExpiresAt.slice(0, 10)}` : '—'}</dd>
            <dt>Scopes</dt>
            <dd>{connection?.scopes?.join(', ') ?? '—'}</dd>
          </dl>
        ) : (
          <p className="empty">{current.empty}</p>
        )}
      </main>
      <footer className="footer">
        {app ? `${app.name} ${app.version} · ${app.runtime === 'electron' ? 'desktop' : 'browser mode'}` : ''}
      </footer>
    </div>
  );
}
