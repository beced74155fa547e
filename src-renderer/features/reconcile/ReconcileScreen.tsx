import { useEffect, useState } from 'react';
import { feedKinds, type FeedKind } from '../../../src-shared/wire';
import { deleteReconciliation, listReconciliations } from '../../data/reconciliations';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { useDeskStore } from '../../state/store';
import { formatTime } from '../ui/format';
import { ImportRegister } from './ImportRegister';
import '../ui/review.css';
import './reconcile.css';
import { ReconcileView } from './ReconcileView';

type Saved = Awaited<ReturnType<typeof listReconciliations>>[number];

/**
 * Reconcile: the ERP's own register of one kind against the service's documents staged here
 * (docs/reconciliation.md). Imports are kept, with their mapping, rules and decisions, and the
 * result is computed again from the staged documents each time.
 */
export function ReconcileScreen() {
  const say = useSay();
  const connectionId = useDeskStore((state) => state.connection?.connection?.id ?? null);
  const [kind, setKind] = useState<FeedKind>('invoices');
  const [saved, setSaved] = useState<Saved[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  /** Moves on every import, so a reconciliation an import added to is read again. */
  const [imports, setImports] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    if (connectionId === null) return;
    void listReconciliations(connectionId, kind).then((list) => {
      if (!isCurrent) return;
      setSaved(list);
      setOpenId((current) =>
        current && list.some((item) => item.id === current) ? current : (list[0]?.id ?? null),
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [connectionId, kind, version]);

  if (connectionId === null) return <p className="empty">{say('reconcile.screen.noConnection')}</p>;
  return (
    <div className="reconcile">
      <div className="toolbar" role="toolbar" aria-label={say('reconcile.screen.tools')}>
        <div className="views" role="group" aria-label={say('reconcile.screen.kinds')}>
          {feedKinds.map((each) => (
            <button key={each} type="button" aria-pressed={kind === each} onClick={() => setKind(each)}>
              {say(`reconcile.kind.${each}`)}
            </button>
          ))}
        </div>
        {saved.length > 0 && (
          <label className="inline">
            {say('reconcile.screen.reconciliation')}{' '}
            <select
              aria-label={say('reconcile.screen.reconciliation')}
              value={openId ?? ''}
              onChange={(event) => setOpenId(event.target.value || null)}
            >
              {saved.map((item) => (
                <option key={item.id} value={item.id}>
                  {say('reconcile.screen.saved', {
                    file: isolate.ltr(item.fileName),
                    count: item.lineCount,
                    time: isolate.ltr(formatTime(item.createdAt)),
                  })}
                </option>
              ))}
            </select>
          </label>
        )}
        {openId && (
          <button
            type="button"
            className="link"
            onClick={() =>
              void deleteReconciliation(openId).then(() => {
                setOpenId(null);
                setVersion((v) => v + 1);
              })
            }
          >
            {say('reconcile.screen.forget')}
          </button>
        )}
      </div>
      <ImportRegister
        kind={kind}
        connectionId={connectionId}
        openId={openId}
        onImported={(id) => {
          setOpenId(id);
          setVersion((v) => v + 1);
          setImports((n) => n + 1);
        }}
      />
      {openId ? (
        <ReconcileView key={`${openId}:${imports}`} kind={kind} id={openId} />
      ) : (
        <p className="empty">{say('reconcile.screen.empty', { kind })}</p>
      )}
    </div>
  );
}
