import { useMenuCommands } from './use-menu-commands';
import './commands.css';

/** Carries out the menu's commands and shortcuts, and says so when one cannot act on the screen shown. */
export function MenuCommands() {
  const { note, dismiss } = useMenuCommands();
  return (
    <div className="command-note-frame" aria-live="polite">
      {note ? (
        <p className="command-note" role="status" aria-label="Command" key={note.serial}>
          <span>{note.text}</span>{' '}
          <button type="button" className="link" onClick={dismiss}>
            Dismiss
          </button>
        </p>
      ) : null}
    </div>
  );
}
