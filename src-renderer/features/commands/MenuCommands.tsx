import { useState, type ReactNode } from 'react';
import { useSay } from '../../messages/use-say';
import { CommandTargetsContext, createCommandTargets } from './command-targets';
import { useMenuCommands } from './use-menu-commands';
import './commands.css';

/**
 * Carries out the menu's commands and shortcuts for the screens inside it, and says so when one
 * cannot act on the screen shown.
 */
export function MenuCommands({ children }: { children?: ReactNode }) {
  const say = useSay();
  const [targets] = useState(createCommandTargets);
  const { note, dismiss } = useMenuCommands(targets);
  return (
    <CommandTargetsContext.Provider value={targets}>
      {children}
      <div className="command-note-frame" aria-live="polite">
        {note ? (
          <p className="command-note" role="status" aria-label={say('commands.note.label')} key={note.serial}>
            <span>{note.text}</span>{' '}
            <button type="button" className="link" onClick={dismiss}>
              {say('commands.note.dismiss')}
            </button>
          </p>
        ) : null}
      </div>
    </CommandTargetsContext.Provider>
  );
}
