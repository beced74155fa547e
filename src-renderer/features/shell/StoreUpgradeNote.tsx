import { useEffect, useState } from 'react';
import { onStoreUpgrade } from '../../data/db';
import type { RowMoveProgress } from '../../data/review-rows/row-move';
import { useSay } from '../../messages/use-say';
import { formatCount } from '../ui/format';

/**
 * Says why the app waits while a new version moves the documents kept on this computer into a new
 * layout (once; data/db.ts and data/review-rows/row-move.ts), and how far it has come, instead of an unexplained
 * "Loading…".
 */
export function StoreUpgradeNote() {
  const say = useSay();
  const [upgrade, setUpgrade] = useState<RowMoveProgress | null>(null);
  useEffect(() => onStoreUpgrade(setUpgrade), []);
  if (!upgrade) return null;
  return (
    <p className="store-upgrade" role="status">
      {say('shell.storeUpgrade', {
        total: upgrade.total > 0 ? formatCount(upgrade.total) : 0,
        moved: formatCount(upgrade.moved),
      })}
    </p>
  );
}
