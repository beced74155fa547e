import { useEffect, useState } from 'react';
import { feedKinds, type FeedKind } from '../../../src-shared/wire';
import { deleteReconciliation, listReconciliations } from '../../data/reconciliations';
import { useDeskStore } from '../../state/store';
import { formatCount, formatTime } from '../ui/format';
import { ImportRegister } from './ImportRegister';
import '../ui/review.css';
import './reconcile.css';
import { ReconcileView } from './ReconcileView';

const kindLabels: Record<FeedKind, string> = {
  invoices: 'Invoices',
  payments: 'Receipts',
  returns: 'Credit notes',
  orders: 'Sales orders',
};

type Saved = Awaited<ReturnType<typeof listReconciliations>>[number];

/**
 * Reconcile: the ERP's own register of one kind against the service's documents staged here
 * (docs/reconciliation.md). Imports are kept, with their mapping, rules and decisions, and the
 * result is computed again from the staged documents each time.
 */
export function ReconcileScreen() {
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

  if (connectionId === null)
    return <p className="empty">No connection yet. Add the service address and token in Connections.</p>;
  return (
    <div className="reconcile">
      <div className="toolbar" role="toolbar" aria-label="Reconcile tools">
        <div className="views" role="group" aria-label="Kind of register">
          {feedKinds.map((each) => (
            <button key={each} type="button" aria-pressed={kind === each} onClick={() => setKind(each)}>
              {kindLabels[each]}
            </button>
          ))}
        </div>
        {saved.length > 0 && (
          <label className="inline">
            Reconciliation{' '}
            <select
              aria-label="Reconciliation"
              value={openId ?? ''}
              onChange={(event) => setOpenId(event.target.value || null)}
            >
              {saved.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.fileName} · {formatCount(item.lineCount)} lines · {formatTime(item.createdAt)}
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
            Forget this reconciliation
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
        <p className="empty">
          Import the ERP's register of {kindLabels[kind].toLowerCase()} (CSV or Excel) to compare it with the
          documents the service issued.
        </p>
      )}
    </div>
  );
}
