import { quickRangeOf, quickRanges, type QuickRange } from '../../../src-shared/domain/day-end';
import { useSay } from '../../messages/use-say';
import { quickRangeLabel } from './day-end-words';

/** The days a report is of: first and last, both included (`YYYY-MM-DD`). */
export interface DateRange {
  from: string;
  to: string;
}

/** One end of the range: a date field with its word before it. */
function DateField(props: { end: 'from' | 'to'; value: string; onChange(value: string): void }) {
  const { end, value, onChange } = props;
  const say = useSay();
  const label = say(end === 'from' ? 'dayEnd.range.from' : 'dayEnd.range.to');
  return (
    <label className="inline">
      {label}{' '}
      <input
        type="date"
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
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
