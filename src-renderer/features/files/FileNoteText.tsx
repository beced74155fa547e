import { useSay } from '../../messages/use-say';
import type { FileNote } from './file-actions';

/**
 * What a save came to, beside the button that started it: a status, or an alert when it failed. Its
 * name is "Export" unless the screen names it.
 */
export function FileNoteText({ note, label: named }: { note: FileNote | null; label?: string }) {
  const say = useSay();
  if (!note) return null;
  const label = named ?? say('files.note.export');
  return note.tone === 'saved' ? (
    <span role="status" aria-label={label} className="file-note">
      {note.text}
    </span>
  ) : (
    <span role="alert" aria-label={label} className="error-text">
      {note.text}
    </span>
  );
}
