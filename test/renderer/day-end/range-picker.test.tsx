import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { RangePicker, type DateRange } from '../../../src-renderer/features/day-end/RangePicker';
import { readTypedDate } from '../../../src-renderer/messages/formatters';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';

describe('a date the clerk typed', () => {
  it('is read year first or day first, in either digits, never month first', () => {
    expect(readTypedDate('2026-11-26')).toBe('2026-11-26');
    expect(readTypedDate(' 26/11/2026 ')).toBe('2026-11-26');
    expect(readTypedDate('9.3.2026')).toBe('2026-03-09');
    expect(readTypedDate('٢٦/١١/٢٠٢٦')).toBe('2026-11-26');
    expect(readTypedDate('۲۰۲۶-۰۳-۰۹')).toBe('2026-03-09');
    // The US order an en-EG computer would draw: no date, not 26 November.
    expect(readTypedDate('11/26/2026')).toBeNull();
    expect(readTypedDate('31/02/2026')).toBeNull();
    expect(readTypedDate('2026-11')).toBeNull();
    expect(readTypedDate('')).toBeNull();
  });
});

/** The picker with the range it holds shown beside it, as the Day end screen keeps it. */
function Picker() {
  const [range, setRange] = useState<DateRange>({ from: '2026-03-02', to: '2026-03-08' });
  return (
    <>
      <RangePicker range={range} today="2026-03-08" onChange={setRange} />
      <output>{`${range.from}|${range.to}`}</output>
    </>
  );
}

const held = (): string | null => document.querySelector('output')?.textContent ?? null;

describe('the range picker’s date fields', () => {
  it('show the dates in the clerk’s order, never the browser’s, and read what the clerk types', async () => {
    act(() => useLanguageStore.getState().change({ language: 'en', dates: 'day-first' }));
    const user = userEvent.setup();
    render(<Picker />);
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.type).toBe('text');
    expect(from.value).toBe('02/03/2026');
    expect(from.placeholder).toBe('26/11/2026');

    await user.clear(from);
    await user.type(from, '5/3/2026');
    expect(held()).toBe('2026-03-05|2026-03-08');
    await user.tab();
    expect(from.value).toBe('05/03/2026');

    act(() => useLanguageStore.getState().change({ dates: 'iso' }));
    expect(from.value).toBe('2026-03-05');
  });

  it('keep a text that is no date, say how to write one, and leave the range as it was', async () => {
    act(() => useLanguageStore.getState().change({ language: 'ar', dates: 'day-first' }));
    const user = userEvent.setup();
    render(<Picker />);
    const from = screen.getByLabelText('من') as HTMLInputElement;
    await user.clear(from);
    await user.type(from, '03/26/2026');
    await user.tab();
    expect(held()).toBe('|2026-03-08');
    expect(from.value).toBe('03/26/2026');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent?.replace(/[\u2066-\u2069]/g, '')).toBe(
      'اكتب التاريخ هكذا: 26/11/2026 (اليوم أولًا أو السنة أولًا، وليس الشهر أولًا).',
    );

    await user.clear(from);
    await user.type(from, '٢٦/٠٣/٢٠٢٦');
    await user.tab();
    expect(held()).toBe('2026-03-26|2026-03-08');
    expect(from.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
