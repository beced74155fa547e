import { quickRangeOf, quickRanges, type QuickRange } from '../../../src-shared/domain/day-end';
import { useId, useState } from 'react';
import { formattersFor, readTypedDate } from '../../messages/formatters';
import { isolate } from '../../messages/intl';
import { useDeskLocale, useSay } from '../../messages/use-say';
import { quickRangeLabel } from './day-end-words';

/** The days a report is of: first and last, both included (`YYYY-MM-DD`). */
export interface DateRange {
  from: string;
  to: string;
}

/**
 * One end of the range: a date field with its word before it, in the clerk's date order (year first or
 * day first, the clerk's digits). Not the browser's date input: Chromium draws that in the computer's
 * order, month first on an `en-EG` or `en-US` computer (decision 106). What the clerk types is read as
 * either order the desk knows (never month first); a text that is no date is kept on screen, marked, and
 * leaves the range as it was.
 */
function DateField(props: { end: 'from' | 'to'; value: string; onChange(value: string): void }) {
  const { end, value, onChange } = props;
  const say = useSay();
  const locale = useDeskLocale();
  const shown = formattersFor(locale).date(value);
  // What the clerk is typing, while it differs from the date the range holds.
  const [typed, setTyped] = useState<string | null>(null);
  const [isUnreadable, setUnreadable] = useState(false);
  const label = say(end === 'from' ? 'dayEnd.range.from' : 'dayEnd.range.to');
  const example = formattersFor(locale).date('2026-11-26');
  const hintId = useId();
  const take = (text: string): void => {
    setTyped(text);
    if (text.trim() === '') {
      setUnreadable(false);
      onChange('');
      return;
    }
    const date = readTypedDate(text);
    if (date !== null) {
      setUnreadable(false);
      onChange(date);
    }
  };
  const settle = (): void => {
    // Leaving the field: a date reads in the clerk's order again; a text that is no date stays, marked.
    if (typed === null) return;
    if (typed.trim() === '' || readTypedDate(typed) !== null) {
      setTyped(null);
      setUnreadable(false);
    } else setUnreadable(true);
  };
  return (
    <label className="inline">
      {label}{' '}
      <input
        type="text"
        inputMode="numeric"
        dir="ltr"
        size={11}
        aria-label={label}
        aria-invalid={isUnreadable || undefined}
        aria-describedby={isUnreadable ? hintId : undefined}
        placeholder={example}
        value={typed ?? shown}
        onChange={(event) => take(event.target.value)}
        onBlur={settle}
        onKeyDown={(event) => {
          if (event.key === 'Enter') settle(); // words: not shown (a key's name)
        }}
      />
      {isUnreadable && (
        <span id={hintId} role="alert" className="field-hint">
          {say('dayEnd.range.unreadable', { example: isolate.ltr(example) })}
        </span>
      )}
    </label>
  );
}

/**
 * The report's date range: From and To date fields, and quick choices ending today (Today, This week,
 * Last 7 days, This month); a quick choice is shown pressed while the range is exactly it.
 */
export function RangePicker(props: { range: DateRange; today: string; onChange(range: DateRange): void }) {
  const { range, today, onChange } = props;
  const say = useSay();
  const isChoice = (choice: QuickRange): boolean => {
    const of = quickRangeOf(choice, today);
    return of.from === range.from && of.to === range.to;
  };
  return (
    <div className="range-picker">
      <div className="views" role="group" aria-label={say('dayEnd.quickRanges')}>
        {quickRanges.map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={isChoice(choice)}
            onClick={() => onChange(quickRangeOf(choice, today))}
          >
            {quickRangeLabel(choice)}
          </button>
        ))}
      </div>
      <DateField end="from" value={range.from} onChange={(from) => onChange({ ...range, from })} />
      <DateField end="to" value={range.to} onChange={(to) => onChange({ ...range, to })} />
    </div>
  );
}
