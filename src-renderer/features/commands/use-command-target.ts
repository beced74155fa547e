import { useContext, useEffect, useRef } from 'react';
import { CommandTargetsContext, type CommandTarget } from './command-targets';

/**
 * Takes the menu's screen commands (Accept, Reject, Find) while the calling component is shown. The
 * latest `target` answers, so it may read the component's current state.
 */
export function useCommandTarget(target: CommandTarget): void {
  const targets = useContext(CommandTargetsContext);
  const latest = useRef(target);
  useEffect(() => {
    latest.current = target;
  });
  useEffect(() => targets?.register((command) => latest.current(command)), [targets]);
}
