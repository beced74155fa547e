import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DamagedFilesNote } from '../../src-renderer/features/shell/DamagedFilesNote';
import { StorageProblemNote } from '../../src-renderer/features/shell/StorageProblemNote';
import { resetDeskStore, useDeskStore } from '../../src-renderer/state/store';
import { useLanguageStore } from '../../src-renderer/messages/language-store';

// The core's files found damaged at this start (issue 28, item 4): what was lost and what to do, in the
// clerk's language, the kept file's name set apart, until the clerk says so.

const files = [
  {
    name: 'connections',
    keptAs: 'connections.damaged-2026-11-27T04-51-07Z.json',
    at: '2026-11-27T04:51:07Z',
  },
  { name: 'push-run-r1-part-0', keptAs: 'push-run-r1-part-0.damaged-2026-11-27T04-51-07Z.json', at: '' },
];

describe('damaged files', () => {
  it('says what was lost and what to do for each, until dismissed', () => {
    render(<DamagedFilesNote files={files} />);
    const note = screen.getByRole('alert', { name: 'Damaged files' });
    const items = [...note.querySelectorAll('li')].map((item) => item.textContent ?? '');
    expect(items[0]).toContain('It is kept as connections.damaged-2026-11-27T04-51-07Z.json.');
    expect(items[0]).toContain('add the connection again in Connections');
    expect(items[0]).toContain('token may still be in this computer’s keychain');
    expect(items[1]).toContain('push history');
    expect(items[1]).toContain('push those files again');
    fireEvent.click(screen.getByRole('button', { name: 'Understood' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says it in Arabic, the file name left to right', () => {
    act(() => useLanguageStore.getState().change({ language: 'ar' }));
    render(<DamagedFilesNote files={files.slice(0, 1)} />);
    const text = screen.getByRole('alert', { name: 'ملفات تالفة' }).textContent ?? '';
    expect(text).toContain('حُفظ باسم \u2066connections.damaged-2026-11-27T04-51-07Z.json\u2069.');
    expect(text).toContain('أضف الاتصال من جديد');
  });

  it('shows nothing when no file was damaged', () => {
    const { container } = render(<DamagedFilesNote files={[]} />);
    expect(container.textContent).toBe('');
  });
});

describe('a write no screen answered, refused by a full disk', () => {
  afterEach(() => resetDeskStore());

  it('is said at the top, whatever wrote it; an error that is no storage refusal is not', async () => {
    render(<StorageProblemNote />);
    const rejection = (reason: unknown): Event => Object.assign(new Event('unhandledrejection'), { reason });
    act(() => void window.dispatchEvent(rejection(new TypeError('a bug'))));
    await act(async () => {
      expect(await useDeskStore.getState().reportUnhandled(new TypeError('a bug'))).toBe(false);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void window.dispatchEvent(rejection(new DOMException('quota', 'QuotaExceededError'))));
    const note = await screen.findByRole('alert', { name: 'Not saved' });
    expect(note.textContent).toContain(
      'This computer’s disk is full: free some space, then do again what you were doing',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Understood' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
