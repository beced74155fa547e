import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { SaveFileRequest } from '../../../src-shared/bridge/contract';

// Saving reaches files only through the bridge's `files`: here one that records what was asked.
const bridge = vi.hoisted(() => {
  const desk = {
    files: {
      save: vi.fn(async (request: SaveFileRequest) => ({
        ok: true as const,
        value: { name: request.suggestedName, path: null } as { name: string; path: string | null } | null,
      })),
    },
    on: vi.fn(() => () => undefined),
  };
  Object.assign(globalThis, { desk });
  return { desk };
});

import { csvFilter, runExport, saveFile } from '../../../src-renderer/features/files/file-actions';
import { FileNoteText } from '../../../src-renderer/features/files/FileNoteText';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';

afterEach(() => bridge.desk.files.save.mockClear());

describe('what the clerk reads of a save, in the desk’s language', () => {
  it('names the file type and says where the file went in Arabic, the file name set apart', async () => {
    await act(async () => useLanguageStore.getState().change({ language: 'ar' }));
    const note = await saveFile({
      suggestedName: 'invoices.csv',
      filter: csvFilter,
      bytes: new Uint8Array(),
    });
    // The type's name crosses the bridge as plain data, in the language of the moment of the Save.
    expect(bridge.desk.files.save.mock.calls[0]![0].filter).toEqual({ name: 'ملف CSV', extensions: ['csv'] });
    expect(
      Object.getOwnPropertyDescriptor(bridge.desk.files.save.mock.calls[0]![0].filter, 'name'),
    ).toHaveProperty('value', 'ملف CSV');
    expect(note).toEqual({ tone: 'saved', text: 'حُفظ \u2066invoices.csv\u2069' });

    const failed = await runExport(async () => {
      throw new Error('disk full');
    });
    render(<FileNoteText note={failed} />);
    expect(screen.getByRole('alert', { name: 'التصدير' }).textContent).toBe(
      'تعذّر إنشاء الملف (disk full). حاول مرة أخرى.',
    );

    await act(async () => useLanguageStore.getState().change({ language: 'en' }));
    expect(screen.getByRole('alert', { name: 'Export' })).toBeTruthy();
    await saveFile({ suggestedName: 'invoices.csv', filter: csvFilter, bytes: new Uint8Array() });
    expect(bridge.desk.files.save.mock.calls[1]![0].filter).toEqual({
      name: 'CSV file',
      extensions: ['csv'],
    });
  });
});
