import type { ConnectionStatus } from '../../../src-shared/bridge/contract';
import { useSay } from '../../messages/use-say';
import { describeConnection } from './connection-words';

/** The connection's state in the header. */
export function ConnectionBadge({ status }: { status: ConnectionStatus | null }) {
  const say = useSay();
  const { tone, text } = describeConnection(status);
  return (
    <div className={`badge badge-${tone}`} role="status" aria-label={say('connections.badge.label')}>
      <span className="dot" aria-hidden="true" />
      {text}
    </div>
  );
}
