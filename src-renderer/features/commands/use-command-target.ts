import { useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { CommandTargetsContext, type CommandTarget } from './command-targets';

/**
 * Takes the menu's screen commands (Accept, Reject, Find) while the calling component is shown. The
 * latest `target` answers, so it may read the component's current state: the one on screen, since it
 * is taken in the commit that shows it (a layout effect), not in a passive effect that may run after a
 * key pressed right then.
 */
export function useCommandTarget(target: CommandTarget): void {
  const targets = useContext(CommandTargetsContext);
  const latest = useRef(target);
  useLayoutEffect(() => {
    latest.current = target;
  });
  useEffect(() => targets?.register((command) => latest.current(command)), [targets]);
}
