import { useSay } from '../../messages/use-say';
import { useDeskStore } from '../../state/store';
import { DemoOffer } from './DemoOffer';
import './connections.css';
import './demo.css';

/**
 * The first screen of a desk with no active connection: try the demo company (the bundled sandbox on
 * this computer), or connect to the company's own service in Connections.
 */
export function Welcome() {
  const say = useSay();
  const setSection = useDeskStore((s) => s.setSection);
  return (
    <section className="connections welcome" aria-label={say('connections.welcome.title')}>
      <p className="welcome-lead">{say('connections.welcome.lead')}</p>
      <div className="welcome-choices">
        <section className="card" aria-label={say('connections.demo.try')}>
          <h3>{say('connections.demo.try')}</h3>
          <DemoOffer isPrimary />
        </section>
        <section className="card" aria-label={say('connections.welcome.connect')}>
          <h3>{say('connections.welcome.connect')}</h3>
          <p className="hint">{say('connections.welcome.connectHint')}</p>
          <button type="button" onClick={() => setSection('connections')}>
            {say('connections.add.title')}
          </button>
        </section>
      </div>
    </section>
  );
}
