import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useSay } from '../../messages/use-say';
import { useDeskStore } from '../../state/store';
import { storageProblemWords } from '../../words/storage-words';

/**
 * The store's refusal to save that no screen answered itself (issue 28: a full disk), said at the top:
 * what happened and what to do. The screens that write the clerk's answers say it themselves (the
 * Accept and Reject dialogs, the sync bar); this catches every other write, so none fails silently.
 */
export function StorageProblemNote() {
  const say = useSay();
  const { problem, reportUnhandled, dismiss } = useDeskStore(
    useShallow((state) => ({
      problem: state.storageProblem,
      reportUnhandled: state.reportUnhandled,
      dismiss: state.dismissStorageProblem,
    })),
  );
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent): void => {
      void reportUnhandled(event.reason);
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, [reportUnhandled]);
  if (problem === null) return null;
  return (
    <section className="damaged-files" role="alert" aria-label={say('shell.storage.label')}>
      <p>{storageProblemWords(problem, say('shell.storage.again'))}</p>
      <button type="button" onClick={dismiss}>
        {say('shell.damaged.dismiss')}
      </button>
    </section>
  );
}
