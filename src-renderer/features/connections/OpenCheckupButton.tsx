import { createContext, useContext } from 'react';
import { useSay } from '../../messages/use-say';
import { useOpenCheckup } from './use-checkup';
import './checkup.css';

/**
 * Whether problems shown below are about the active connection, so that the check-up explains them.
 * The Connections screen turns it off around the add form and the saved connections: a token typed
 * there, or another saved connection, is not what the check-up looks at.
 */
export const CheckupOffer = createContext(true);

/** "Open the check-up": to the Connections screen's Check-up panel (docs/decisions/093-connection-check-up.md). */
export function OpenCheckupButton() {
  const say = useSay();
  const openCheckup = useOpenCheckup();
  return (
    <button type="button" className="open-checkup" onClick={openCheckup}>
      {say('connections.checkup.open')}
    </button>
  );
}

/** The button, where the problem is the active connection's and the check-up explains its code. */
export function useOffersCheckup(): boolean {
  return useContext(CheckupOffer);
}
