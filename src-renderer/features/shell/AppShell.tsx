import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useDeskStore, type Section } from '../../state/store';
import { AuditScreen } from '../audit/AuditScreen';
import { BalanceWorksheet } from '../balances/BalanceWorksheet';
import { CashUpScreen } from '../cash-up/CashUpScreen';
import { ChequesScreen } from '../cheques/ChequesScreen';
import { DayEndScreen } from '../day-end/DayEndScreen';
import { ConnectionBadge } from '../connections/ConnectionBadge';
import { ConnectionsScreen } from '../connections/ConnectionsScreen';
import { Welcome } from '../connections/Welcome';
import { MasterDataScreen } from '../master-data/MasterDataScreen';
import { ReconcileScreen } from '../reconcile/ReconcileScreen';
import { RepsScreen } from '../reps/RepsScreen';
import { ReviewSection } from '../review/ReviewSection';
import { SyncBar } from '../sync/SyncBar';
import { DamagedFilesNote } from './DamagedFilesNote';
import { StorageProblemNote } from './StorageProblemNote';
import { StoreUpgradeNote } from './StoreUpgradeNote';
import { useFeedSync } from '../sync/use-feed-sync';
import { SettingsScreen } from '../settings/SettingsScreen';
import type { MessageId } from '../../messages/catalogue';
import { useSay } from '../../messages/use-say';

/** The sections, in the navigation's order; the review feeds show a note while they have no documents. */
const sections: Array<{ id: Section; empty?: MessageId }> = [
  { id: 'invoices', empty: 'shell.empty.invoices' },
  { id: 'payments', empty: 'shell.empty.payments' },
  { id: 'returns', empty: 'shell.empty.returns' },
  { id: 'orders', empty: 'shell.empty.orders' },
  { id: 'reconcile' },
  { id: 'day-end' },
  { id: 'cash-up' },
  { id: 'cheques' },
  { id: 'balances' },
  { id: 'master-data', empty: 'shell.empty.master-data' },
  { id: 'reps' },
  { id: 'audit' },
  { id: 'connections' },
  { id: 'settings' },
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
  const say = useSay();
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
        <h1>{say('shell.title')}</h1>
        <ConnectionBadge status={connection} />
      </header>
      <nav className="nav" aria-label={say('shell.sections')}>
        {sections.map((s) => (
          <button
            key={s.id}
            type="button"
            aria-current={s.id === section ? 'page' : undefined}
            onClick={() => setSection(s.id)}
          >
            {say(`shell.section.${s.id}`)}
          </button>
        ))}
      </nav>
      <main
        className={isReview ? 'content content-review' : 'content'}
        aria-label={isWelcome ? say('shell.welcome') : say(`shell.section.${current.id}`)}
      >
        <StoreUpgradeNote />
        {app && <DamagedFilesNote files={app.damagedFiles ?? []} />}
        <StorageProblemNote />
        <h2>{isWelcome ? say('shell.welcome') : say(`shell.section.${current.id}`)}</h2>
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
        ) : current.id === 'cash-up' ? (
          <CashUpScreen />
        ) : current.id === 'cheques' ? (
          <ChequesScreen />
        ) : current.id === 'balances' ? (
          <BalanceWorksheet />
        ) : current.id === 'master-data' ? (
          <MasterDataScreen />
        ) : current.id === 'reps' ? (
          <RepsScreen />
        ) : current.id === 'audit' ? (
          <AuditScreen />
        ) : current.id === 'settings' ? (
          <SettingsScreen />
        ) : (
          <p className="empty">{current.empty ? say(current.empty) : null}</p>
        )}
      </main>
      <footer className="footer">
        {/* The desk's name in the clerk's language (the package's name is English). */}
        {app
          ? say('shell.footer', { name: say('shell.title'), version: app.version, runtime: app.runtime })
          : ''}
      </footer>
    </div>
  );
}
