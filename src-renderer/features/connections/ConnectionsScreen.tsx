import { useEffect } from 'react';
import { ActiveConnection } from './ActiveConnection';
import { AddConnectionForm } from './AddConnectionForm';
import { ConnectionList } from './ConnectionList';
import { ProblemMessage } from './ProblemMessage';
import { useConnections } from './use-connections';
import './connections.css';

/**
 * The Connections screen: the active connection's facts (company, client, system, scopes, rate limit,
 * token expiry), the saved connections (switch, rotate, remove) and the add form.
 */
export function ConnectionsScreen() {
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
    </div>
  );
}
