import { useState } from 'react';
import type { DamagedFile } from '../../../src-shared/bridge/contract';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';

/** What a damaged file held and what to do, by the document it was (file-store.ts names them). */
function damagedFileWords(say: ReturnType<typeof useSay>, file: DamagedFile): string {
  const keptAs = isolate.ltr(file.keptAs);
  if (file.name === 'connections') return say('shell.damaged.connections', { keptAs });
  if (file.name.startsWith('push-')) return say('shell.damaged.pushJournal', { keptAs });
  return say('shell.damaged.other', { name: isolate.ltr(file.name), keptAs });
}

/**
 * The core's files found damaged at this start (AppInfo `damagedFiles`): each kept aside, what was lost
 * and what to do, until the clerk says so.
 */
export function DamagedFilesNote({ files }: { files: readonly DamagedFile[] }) {
  const say = useSay();
  const [isDismissed, setDismissed] = useState(false);
  if (files.length === 0 || isDismissed) return null;
  return (
    <section className="damaged-files" role="alert" aria-label={say('shell.damaged.label')}>
      <ul>
        {files.map((file) => (
          <li key={file.keptAs}>{damagedFileWords(say, file)}</li>
        ))}
      </ul>
      <button type="button" onClick={() => setDismissed(true)}>
        {say('shell.damaged.dismiss')}
      </button>
    </section>
  );
}
