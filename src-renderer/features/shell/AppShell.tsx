import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useDeskStore, type Section } from '../../state/store';
import { BalanceWorksheet } from '../balances/BalanceWorksheet';
import { DayEndScreen } from '../day-end/DayEndScreen';
import { ConnectionBadge } from '../connections/ConnectionBadge';
import { ConnectionsScreen } from '../connections/ConnectionsScreen';
import { Welcome } from '../connections/Welcome';
import { MasterDataScreen } from '../master-data/MasterDataScreen';
import { ReconcileScreen } from '../reconcile/ReconcileScreen';
import { ReviewSection } from '../review/ReviewSection';
import { SyncBar } from '../sync/SyncBar';
import { StoreUpgradeNote } from './StoreUpgradeNote';
import { useFeedSync } from '../sync/use-feed-sync';

const sections: Array<{ id: Section; label: string; empty: string }> = [
  {
    id: 'invoices',
    label: 'Invoices',
    empty: 'No invoices are staged yet. They appear here once the feeds are synced.',
  },
  { id: 'payments', label: 'Payments', empty: 'No payments are staged yet.' },
  { id: 'returns', label: 'Returns', empty: 'No returns are staged yet.' },
  { id: 'orders', label: 'Orders', empty: 'No orders are staged yet.' },
  { id: 'reconcile', label: 'Reconcile', empty: '' },
  { id: 'day-end', label: 'Day end', empty: '' },
  { id: 'balances', label: 'Balances', empty: '' },
  {
    id: 'master-data',
    label: 'Master data',
    empty: 'Push units, products, prices, customers, branches and balances from ERP exports.',
  },
  { id: 'connections', label: 'Connections', empty: '' },
];

/** The frame of the app: header with the connection's state, navigation, and the current section. */
export function AppShell() {
  const { section, setSection, connection, app, refreshConnection, loadAppInfo, watchConnection } =
    useDeskStore(
      useShallow((state) => ({
        section: state.section,
        setSection: state.setSection,
        connection: state.connection,
        app: state.app,
        refreshConnection: state.refreshConnection,
        loadAppInfo: state.loadAppInfo,
        watchConnection: state.watchConnection,
      })),
    );
  useEffect(() => {
    void loadAppInfo();
    void refreshConnection();
    return watchConnection();
  }, [loadAppInfo, refreshConnection, watchConnection]);
  useFeedSync();
  const current = sections.find((s) => s.id === section) ?? sections[0]!;
  // A desk with no active connection opens on the way to one: the demo company or the service's own.
  const isWelcome = connection?.state === 'not-configured' && current.id !== 'connections';
  const isReview =
    !isWelcome &&
    (current.id === 'invoices' ||
      current.id === 'payments' ||
      current.id === 'returns' ||
      current.id === 'orders' ||
      current.id === 'reconcile');

  return (
    <div className="shell">
      <header className="header">
        <h1>Reconciliation Desk</h1>
        <ConnectionBadge status={connection} />
      </header>
      <nav className="nav" aria-label="Sections">
        {sections.map((s) => (
          <button
            key={s.id}
            type="button"
            aria-current={s.id === section ? 'page' : undefined}
            onClick={() => setSection(s.id)}
          >
            {s.label}
          </button>
        ))}
      </nav>
      <main
        className={isReview ? 'content content-review' : 'content'}
        aria-label={isWelcome ? 'Welcome' : current.label}
      >
        <StoreUpgradeNote />
        <h2>{isWelcome ? 'Welcome' : current.label}</h2>
        {isReview && <SyncBar />}
        {isWelcome ? (
          <Welcome />
        ) : current.id === 'connections' ? (
          <ConnectionsScreen />
        ) : current.id === 'invoices' ||
          current.id === 'payments' ||
          current.id === 'returns' ||
          current.id === 'orders' ? (
          <ReviewSection key={current.id} kind={current.id} />
        ) : current.id === 'reconcile' ? (
          <ReconcileScreen />
        ) : current.id === 'day-end' ? (
          <DayEndScreen />
        ) : current.id === 'balances' ? (
          <BalanceWorksheet />
        ) : current.id === 'master-data' ? (
          <MasterDataScreen />
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
