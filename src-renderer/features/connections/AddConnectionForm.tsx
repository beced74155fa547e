import { useId, useState, type FormEvent } from 'react';
import type {
  ConnectionView,
  NewConnection,
  StartChoice,
  TokenStorage,
} from '../../../src-shared/bridge/contract';
import type { DeskError, Result } from '../../../src-shared/bridge/result';
import { isolate } from '../../messages/intl';
import { useSay } from '../../messages/use-say';
import { describeField, describeStart, startChoices } from './connection-words';
import { ProblemMessage } from './ProblemMessage';
import { TokenField } from './TokenField';
import { tokenKeepingHint } from './token-storage-words';

/** What the address field shows while empty: an address of the service's shape, never translated. */
const addressPlaceholder = 'https://service.example.com/api/integration/v1';

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

/** Today as `YYYY-MM-DD` on this computer's calendar (the latest day a start may be). */
function today(): string {
  const now = new Date();
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The add form: label, service address, token (a password field) and where its feeds start (chosen
 * once: docs/decisions/090-where-to-start.md). "Verify & save" asks the service `GET /me` first;
 * nothing is saved when it refuses. The token is cleared from the form once saved.
 */
export function AddConnectionForm({ tokenStorage, activeId, onAdd }: AddConnectionFormProps) {
  const say = useSay();
  const id = useId();
  const [label, setLabel] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [token, setToken] = useState('');
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<DeskError | null>(null);
  const [saved, setSaved] = useState<ConnectionView | null>(null);
  const [startMode, setStartMode] = useState<StartChoice['mode']>('everything');
  const [startDate, setStartDate] = useState('');
  const invalid = fieldsOf(error);
  const start: StartChoice = startMode === 'date' ? { mode: 'date', date: startDate } : { mode: startMode };

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setSaving(true);
    setError(null);
    setSaved(null);
    const input: NewConnection = { label: label.trim(), baseUrl: baseUrl.trim(), token: token.trim() };
    // Everything is what an absent start means (connections saved before the choice existed).
    const result = await onAdd(start.mode === 'everything' ? input : { ...input, start });
    setSaving(false);
    if (result.ok) {
      setLabel('');
      setBaseUrl('');
      setToken('');
      setStartMode('everything');
      setStartDate('');
      setSaved(result.value);
    } else {
      setError(result.error);
    }
  }

  const field = (name: 'label' | 'baseUrl' | 'token') =>
    invalid.has(name) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

  return (
    <section className="card" aria-label={say('connections.add.title')}>
      <h3>{say('connections.add.title')}</h3>
      <p className="hint">{tokenKeepingHint(tokenStorage)}</p>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={`${id}-label`}>{say('connections.add.label')}</label>
        <div>
          <input
            id={`${id}-label`}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            maxLength={80}
            placeholder={say('connections.add.labelPlaceholder')}
            required
            {...field('label')}
          />
          {invalid.has('label') && (
            <p className="field-error" id={`${id}-label-error`}>
              {describeField('label')}
            </p>
          )}
        </div>
        <label htmlFor={`${id}-url`}>{say('connections.add.address')}</label>
        <div>
          <input
            id={`${id}-url`}
            type="url"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            maxLength={2048}
            placeholder={addressPlaceholder}
            dir="ltr"
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
          label={say('connections.add.token')}
          value={token}
          onChange={setToken}
          isInvalid={invalid.has('token')}
          isRequired
        />
        <fieldset className="start-choice">
          <legend>{say('connections.add.start')}</legend>
          <p className="hint">{say('connections.add.startHint')}</p>
          {startChoices().map((choice) => (
            <div key={choice.mode} className="start-option">
              <input
                type="radio"
                id={`${id}-start-${choice.mode}`}
                name={`${id}-start`}
                value={choice.mode}
                checked={startMode === choice.mode}
                onChange={() => setStartMode(choice.mode)}
                aria-describedby={`${id}-start-${choice.mode}-words`}
              />
              <div>
                <label htmlFor={`${id}-start-${choice.mode}`}>{choice.label}</label>
                {choice.mode === 'date' && (
                  <input
                    type="date"
                    aria-label={say('connections.add.startDate')}
                    value={startDate}
                    max={today()}
                    onChange={(e) => {
                      setStartDate(e.target.value);
                      setStartMode('date');
                    }}
                    {...(invalid.has('start.date')
                      ? { 'aria-invalid': true, 'aria-describedby': `${id}-start-date-error` }
                      : {})}
                  />
                )}
                <p className="hint" id={`${id}-start-${choice.mode}-words`}>
                  {choice.consequence}
                </p>
                {choice.mode === 'date' && invalid.has('start.date') && (
                  <p className="field-error" id={`${id}-start-date-error`}>
                    {describeField('start.date')}
                  </p>
                )}
              </div>
            </div>
          ))}
        </fieldset>
        <div />
        <div className="actions">
          <button
            type="submit"
            className="primary"
            disabled={
              isSaving ||
              !label.trim() ||
              !baseUrl.trim() ||
              !token.trim() ||
              (startMode === 'date' && startDate === '')
            }
          >
            {isSaving ? say('connections.verifying') : say('connections.add.submit')}
          </button>
        </div>
      </form>
      {error && <ProblemMessage error={error} />}
      {saved && saved.id === activeId && (
        <p className="success" role="status">
          {saved.start.mode === 'everything'
            ? say('connections.add.saved', { label: isolate.name(saved.label) })
            : say('connections.add.savedWithStart', {
                label: isolate.name(saved.label),
                start: describeStart(saved.start),
              })}
        </p>
      )}
    </section>
  );
}
