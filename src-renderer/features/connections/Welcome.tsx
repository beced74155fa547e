import { useDeskStore } from '../../state/store';
import { DemoOffer } from './DemoOffer';
import './connections.css';
import './demo.css';

/**
 * The first screen of a desk with no active connection: try the demo company (the bundled sandbox on
 * this computer), or connect to the company's own service in Connections.
 */
export function Welcome() {
  const setSection = useDeskStore((s) => s.setSection);
  return (
    <section className="connections welcome" aria-label="Welcome">
      <p className="welcome-lead">
        The desk works on a company&apos;s documents in the field-sales service. Connect it to your company,
        or try it first on the demo company.
      </p>
      <div className="welcome-choices">
        <section className="card" aria-label="Try the demo company">
          <h3>Try the demo company</h3>
          <DemoOffer isPrimary />
        </section>
        <section className="card" aria-label="Connect to your company">
          <h3>Connect to your company</h3>
          <p className="hint">
            You need the service&apos;s address and a token. Your company&apos;s administrator makes the token
            in the service&apos;s console (Integrations → a client); it is shown once.
          </p>
          <button type="button" onClick={() => setSection('connections')}>
            Add a connection
          </button>
        </section>
      </div>
    </section>
  );
}
