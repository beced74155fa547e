import { useId, useState, type FormEvent } from 'react';
import type { ConnectionView, NewConnection, TokenStorage } from '../../../src-shared/bridge/contract';
import type { DeskError, Result } from '../../../src-shared/bridge/result';
import { describeField } from './connection-words';
import { ProblemMessage } from './ProblemMessage';
import { TokenField } from './TokenField';

interface AddConnectionFormProps {
  /** Where the app keeps tokens; null until the app has said. */
  tokenStorage: TokenStorage | null;
  /** The active connection's id: the "saved" note shows while the new connection is still the active one. */
  activeId: string | null;
  onAdd(input: NewConnection): Promise<Result<ConnectionView>>;
}

function fieldsOf(error: DeskError | null): Set<string> {
  return new Set((error?.details ?? []).map((d) => d.field ?? '').filter(Boolean));
}

/**
 * The add form: label, service address and token (a password field). "Verify & save" asks the service
 * `GET /me` first; nothing is saved when it refuses. The token is cleared from the form once saved.
 */
export function AddConnectionForm({ tokenStorage, activeId, onAdd }: AddConnectionFormProps) {
  const id = useId();
  const [label, setLabel] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [token, setToken] = useState('');
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<DeskError | null>(null);
  const [saved, setSaved] = useState<ConnectionView | null>(null);
  const invalid = fieldsOf(error);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setSaving(true);
    setError(null);
    setSaved(null);
    const result = await onAdd({ label: label.trim(), baseUrl: baseUrl.trim(), token: token.trim() });
    setSaving(false);
    if (result.ok) {
      setLabel('');
      setBaseUrl('');
      setToken('');
      setSaved(result.value);
    } else {
      setError(result.error);
    }
  }

  const field = (name: 'label' | 'baseUrl' | 'token') =>
    invalid.has(name) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

  return (
    <section className="card" aria-label="Add a connection">
      <h3>Add a connection</h3>
      <p className="hint">
        The token is shown once in the service&apos;s console. It is checked with the service first, then
        {tokenStorage === 'memory'
          ? ' kept in memory only: no keychain answered on this computer, so it is forgotten when the app closes.'
          : " kept in this computer's keychain, never in a file."}
      </p>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={`${id}-label`}>Label</label>
        <div>
          <input
            id={`${id}-label`}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            maxLength={80}
            placeholder="Live"
            required
            {...field('label')}
          />
          {invalid.has('label') && (
            <p className="field-error" id={`${id}-label-error`}>
              {describeField('label')}
            </p>
          )}
        </div>
        <label htmlFor={`${id}-url`}>Service address</label>
        <div>
          <input
            id={`${id}-url`}
            type="url"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            maxLength={2048}
            placeholder="https://service.example.com/api/integration/v1"
            spellCheck={false}
            required
            {...field('baseUrl')}
          />
          {invalid.has('baseUrl') && (
            <p className="field-error" id={`${id}-baseUrl-error`}>
              {describeField('baseUrl')}
            </p>
          )}
        </div>
        <TokenField
          id={id}
          label="Token"
          value={token}
          onChange={setToken}
          isInvalid={invalid.has('token')}
          isRequired
        />
        <div />
        <div className="actions">
          <button
            type="submit"
            className="primary"
            disabled={isSaving || !label.trim() || !baseUrl.trim() || !token.trim()}
          >
            {isSaving ? 'Verifying…' : 'Verify & save'}
          </button>
        </div>
      </form>
      {error && <ProblemMessage error={error} />}
      {saved && saved.id === activeId && (
        <p className="success" role="status">
          Verified and saved: {saved.label} is now the active connection.
        </p>
      )}
    </section>
  );
}
