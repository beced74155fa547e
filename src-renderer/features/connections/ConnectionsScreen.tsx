import { useEffect } from 'react';
import { useSay } from '../../messages/use-say';
import { ActiveConnection } from './ActiveConnection';
import { AddConnectionForm } from './AddConnectionForm';
import { CheckupPanel } from './CheckupPanel';
import { DemoOffer } from './DemoOffer';
import { ConnectionList } from './ConnectionList';
import { CheckupOffer } from './OpenCheckupButton';
import { ProblemMessage } from './ProblemMessage';
import { useConnections } from './use-connections';
import './connections.css';

/**
 * The Connections screen: the active connection's facts (company, client, system, scopes, rate limit,
 * token expiry), its check-up (docs/decisions/093-connection-check-up.md), the saved connections
 * (switch, rotate, remove), the add form, and the way to the demo company (docs/decisions/099-demo-company.md).
 */
export function ConnectionsScreen() {
  const say = useSay();
  const {
    tokenStorage,
    connection,
    connections,
    isChecking,
    loadError,
    refreshConnection,
    loadConnections,
    addConnection,
    activateConnection,
    removeConnection,
    rotateToken,
  } = useConnections();
  useEffect(() => {
    void loadConnections();
  }, [loadConnections]);

  return (
    <div className="connections">
      {loadError && <ProblemMessage error={loadError} />}
      <ActiveConnection
        status={connection}
        isChecking={isChecking}
        onCheck={() => void refreshConnection()}
      />
      <CheckupPanel />
      {/* A token typed below, or another saved connection, is not what the check-up looks at. */}
      <CheckupOffer.Provider value={false}>
        <ConnectionList
          connections={connections}
          onActivate={activateConnection}
          onRemove={removeConnection}
          onRotate={rotateToken}
        />
        <AddConnectionForm
          tokenStorage={tokenStorage}
          activeId={connection?.connection?.id ?? null}
          onAdd={addConnection}
        />
      </CheckupOffer.Provider>
      <section className="card" aria-label={say('connections.demo.try')}>
        <h3>{say('connections.demo.try')}</h3>
        <DemoOffer />
      </section>
    </div>
  );
}
