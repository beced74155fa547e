import type { FileNote } from './file-actions';

/** What a save came to, beside the button that started it: a status, or an alert when it failed. */
export function FileNoteText({ note, label = 'Export' }: { note: FileNote | null; label?: string }) {
  if (!note) return null;
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
