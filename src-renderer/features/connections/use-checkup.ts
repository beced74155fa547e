import { useCallback, useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ConnectionCheckup } from '../../../src-shared/bridge/contract';
import type { DeskError, Result } from '../../../src-shared/bridge/result';
import { useDeskStore } from '../../state/store';

/** The element id of the check-up panel, which "Open the check-up" brings into view. */
export const checkupPanelId = 'checkup';

/**
 * The active connection's check-up (`connections.checkup`): asked when the panel opens, when another
 * connection becomes active, and on "Check again". Kept in the panel, not the store: it is a
 * snapshot the clerk asked for.
 */
export function useCheckup() {
  const { app, known, connectionId, checkupConnection } = useDeskStore(
    useShallow((s) => ({
      app: s.app,
      known: s.connection,
      connectionId: s.connection?.connection?.id ?? null,
      checkupConnection: s.checkupConnection,
    })),
  );
  const [checkup, setCheckup] = useState<ConnectionCheckup | null>(null);
  const [error, setError] = useState<DeskError | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  /** Counts the check-ups asked: an answer to an older one (another connection, a closed panel) is dropped. */
  const asked = useRef(0);

  const show = useCallback((result: Result<ConnectionCheckup>): void => {
    setIsChecking(false);
    if (result.ok) {
      setCheckup(result.value);
      setError(null);
    } else {
      setError(result.error);
    }
  }, []);

  const check = useCallback(async (): Promise<void> => {
    const ask = (asked.current += 1);
    setIsChecking(true);
    const result = await checkupConnection();
    if (ask === asked.current) show(result);
  }, [show, checkupConnection]);

  useEffect(() => {
    if (connectionId === null) return;
    const ask = (asked.current += 1);
    void checkupConnection().then((result) => {
      if (ask === asked.current) show(result);
    });
    return () => {
      asked.current += 1;
    };
  }, [connectionId, show, checkupConnection]);

  return { app, known, checkup, error, isChecking, check };
}

/**
 * "Open the check-up": shows the Connections screen and brings its Check-up panel into view, with
 * the focus on its heading, from wherever a refusal was shown.
 */
export function useOpenCheckup(): () => void {
  const setSection = useDeskStore((s) => s.setSection);
  return useCallback(() => {
    setSection('connections');
    requestAnimationFrame(() => {
      const panel = document.getElementById(checkupPanelId);
      panel?.scrollIntoView?.({ block: 'start' });
      panel?.querySelector<HTMLElement>('h3')?.focus();
    });
  }, [setSection]);
}
