import type { ConnectionStatus } from '../../../src-shared/bridge/contract';

/** Plain words for the state of the active connection. */
export function describeConnection(status: ConnectionStatus | null): { tone: 'ok' | 'warn' | 'error' | 'idle'; text: string } {
  if (!status) return { tone: 'idle', text: 'Checking the connection…' };
  switch (status.state) {
    case 'not-configured':
      return { tone: 'warn', text: 'No connection yet. Add the service address and token in Connections.' };
    case 'connected':
      return { tone: 'ok', text: `Connected to ${status.company?.name ?? ''} (${status.company?.code ?? ''}) as ${status.client?.name ?? ''}` };
    case 'error':
      return { tone: 'error', text: status.error?.message ?? 'The service did not answer.' };
  }
}

/** The connection's state in the header. */
export function ConnectionBadge({ status }: { status: ConnectionStatus | null }) {
  const { tone, text } = describeConnection(status);
  return (
    <div className={`badge badge-${tone}`} role="status" aria-label="Connection">
      <span className="dot" aria-hidden="true" />
      {text}
    </div>
  );
}
