import { useEffect, useState } from 'react';
import { onStoreUpgrade } from '../../data/db';

/**
 * Says why the app waits while a new version moves the documents kept on this computer into a new
 * layout (once; data/db.ts), instead of an unexplained "Loading…".
 */
export function StoreUpgradeNote() {
  const [upgrading, setUpgrading] = useState(false);
  useEffect(() => onStoreUpgrade(setUpgrading), []);
  if (!upgrading) return null;
  return (
    <p className="store-upgrade" role="status">
      Updating the documents kept on this computer to this version&apos;s faster layout. This happens once,
      and takes up to half a minute with 100,000 documents; nothing is sent or lost meanwhile.
    </p>
  );
}
