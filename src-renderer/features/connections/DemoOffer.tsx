import { useState } from 'react';
import type { ConnectionView } from '../../../src-shared/bridge/contract';
import type { DeskError } from '../../../src-shared/bridge/result';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { useDeskStore } from '../../state/store';
import { describeDemoProblem } from './demo-words';
import './demo.css';

/**
 * "Open the demo company": what it is, the button, the progress while the app starts its bundled
 * sandbox, and what to do when it does not start (docs/decisions/099-demo-company.md). Once it is open
 * the desk is connected to it and this says so.
 */
export function DemoOffer({ isPrimary = false }: { isPrimary?: boolean }) {
  const say = useSay();
  const openDemo = useDeskStore((s) => s.openDemo);
  const [isOpening, setOpening] = useState(false);
  const [error, setError] = useState<DeskError | null>(null);
  const [opened, setOpened] = useState<ConnectionView | null>(null);

  async function open(): Promise<void> {
    setOpening(true);
    setError(null);
    setOpened(null);
    const result = await openDemo();
    setOpening(false);
    if (result.ok) setOpened(result.value);
    else setError(result.error);
  }

  const problem = error ? describeDemoProblem(error) : null;
  return (
    <div className="demo-offer">
      <p className="demo-what">{say('connections.demo.what')}</p>
      <button
        type="button"
        className={isPrimary ? 'primary' : undefined}
        onClick={() => void open()}
        disabled={isOpening}
      >
        {say('connections.demo.open')}
      </button>
      {isOpening && (
        <p className="demo-progress" role="status">
          {say('connections.demo.progress')}
        </p>
      )}
      {opened && (
        <p className="demo-progress" role="status">
          {say('connections.demo.opened', { label: isolate.name(opened.label) })}
        </p>
      )}
      {problem && (
        <div className="problem" role="alert">
          <strong>{problem.title}</strong> {problem.next}
        </div>
      )}
    </div>
  );
}
