import { useSay } from '../../messages/use-say';
import { describeField } from './connection-words';

/** What the token field shows while empty: the live prefix, never translated. */
const tokenPlaceholder = 'svc_live_…';

/**
 * A token input as both connection forms show it: a password field the browser neither fills nor
 * spell-checks, with the plain-words error under it when the core refused its value.
 */
export function TokenField({
  id,
  label,
  value,
  onChange,
  isInvalid,
  hasMessage = isInvalid,
  isRequired = false,
}: {
  /** The form's id prefix; the input is `${id}-token`, its error `${id}-token-error`. */
  id: string;
  label: string;
  value: string;
  onChange: (token: string) => void;
  /** Marks the input invalid for assistive technology. */
  isInvalid: boolean;
  /** Shows the plain-words error under it (by default whenever the input is invalid). */
  hasMessage?: boolean;
  isRequired?: boolean;
}) {
  useSay();
  return (
    <>
      <label htmlFor={`${id}-token`}>{label}</label>
      <div>
        <input
          id={`${id}-token`}
          type="password"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder={tokenPlaceholder}
          dir="ltr"
          required={isRequired}
          {...(isInvalid ? { 'aria-invalid': true, 'aria-describedby': `${id}-token-error` } : {})}
        />
        {isInvalid && hasMessage && (
          <p className="field-error" id={`${id}-token-error`}>
            {describeField('token')}
          </p>
        )}
      </div>
    </>
  );
}
