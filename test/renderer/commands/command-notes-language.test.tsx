import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MenuCommand } from '../../../src-shared/bridge/commands';

// The menu's commands arrive as the bridge's `menu.command` event; here a bridge whose test raises it.
const bridge = vi.hoisted(() => {
  const listeners = new Set<(command: MenuCommand) => void>();
  const desk = {
    on: (event: string, listener: (command: MenuCommand) => void) => {
      if (event !== 'menu.command') return () => undefined;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  Object.assign(globalThis, { desk });
  return { listeners };
});

import { createCommandTargets } from '../../../src-renderer/features/commands/command-targets';
import { MenuCommands } from '../../../src-renderer/features/commands/MenuCommands';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { resetDeskStore } from '../../../src-renderer/state/store';

function raise(command: MenuCommand): void {
  act(() => {
    for (const listener of bridge.listeners) listener(command);
  });
}

afterEach(() => resetDeskStore());

describe('the notes of the menu’s commands, in the desk’s language', () => {
  it('says in Arabic why a command did nothing, and what to do', async () => {
    render(<MenuCommands />);
    raise('accept');
    expect(screen.getByRole('status', { name: 'Command' }).textContent).toBe(
      'Accept works on Invoices, Payments, Returns or Orders: open one and select documents first. Dismiss',
    );
    await act(async () => useLanguageStore.getState().change({ language: 'ar' }));
    // The note on screen keeps its words; the frame around it and the next note speak Arabic.
    expect(screen.getByRole('button', { name: 'إخفاء' })).toBeTruthy();
    raise('sync');
    const note = screen.getByRole('status', { name: 'الأمر' });
    expect(note.textContent).toBe(
      'لا يوجد اتصال بعد: أضف عنوان الخدمة ورمز الوصول في الاتصالات، ثم زامن. إخفاء',
    );
    expect(note.textContent).not.toMatch(/[A-Za-z]/);
    expect(createCommandTargets().dispatch('find')).toBe(
      'البحث يصفّي مستندات الفواتير أو التحصيلات أو المرتجعات أو الطلبيات: افتح واحدة منها أولًا.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'إخفاء' }));
    expect(screen.queryByRole('status', { name: 'الأمر' })).toBeNull();
  });
});
