import { useEffect, useState } from 'react';
import { onStoreUpgrade } from '../../data/db';
import type { RowMoveProgress } from '../../data/review-rows/row-move';
import { formatCount } from '../ui/format';

/**
 * Says why the app waits while a new version moves the documents kept on this computer into a new
 * layout (once; data/db.ts and data/review-rows/row-move.ts), and how far it has come, instead of an unexplained
 * "Loading…".
 */
export function StoreUpgradeNote() {
  const [upgrade, setUpgrade] = useState<RowMoveProgress | null>(null);
  useEffect(() => onStoreUpgrade(setUpgrade), []);
  if (!upgrade) return null;
  return (
    <p className="store-upgrade" role="status">
      Updating the documents kept on this computer to this version&apos;s faster layout
      {upgrade.total > 0 ? `: ${formatCount(upgrade.moved)} of ${formatCount(upgrade.total)} moved` : ''}.
      This happens once; if the app is closed before it ends, it goes on from there at the next start. Nothing
      is sent or lost.
    </p>
  );
}
