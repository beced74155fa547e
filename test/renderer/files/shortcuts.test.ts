import { describe, expect, it } from 'vitest';
import { menuCommandItems, type MenuCommand } from '../../../src-shared/bridge/commands';
import { createShortcutEvents } from '../../../src-renderer/bridge/desk';
import {
  commandOfKey,
  isMacPlatform,
  matchesCombo,
  menuShortcuts,
  parseAccelerator,
  type KeyPress,
} from '../../../src-renderer/bridge/shortcuts';

/** A keydown as the browser reports it; no modifier unless given. */
function press(code: string, key: string, modifiers: Partial<KeyPress> = {}): KeyPress {
  return { code, key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...modifiers };
}

describe("Electron's accelerators read for browser mode", () => {
  it('reads CmdOrCtrl as Ctrl off macOS and as ⌘ on macOS, with Shift and the key', () => {
    expect(parseAccelerator('CmdOrCtrl+Shift+A', false)).toEqual({
      code: 'KeyA',
      ctrl: true,
      meta: false,
      shift: true,
      alt: false,
    });
    expect(parseAccelerator('CmdOrCtrl+Shift+A', true)).toEqual({
      code: 'KeyA',
      ctrl: false,
      meta: true,
      shift: true,
      alt: false,
    });
    expect(parseAccelerator('F5', false)).toEqual({
      code: 'F5',
      ctrl: false,
      meta: false,
      shift: false,
      alt: false,
    });
    expect(parseAccelerator('Alt+Command+Plus', false)).toMatchObject({ code: '+', alt: true, meta: true });
    expect(parseAccelerator('Control+Return', true)).toMatchObject({ code: 'Enter', ctrl: true });
    expect(parseAccelerator('Ctrl+1', false)).toMatchObject({ code: 'Digit1', ctrl: true });
  });

  it('refuses a modifier or key it does not know, so a typo cannot leave a shortcut dead', () => {
    expect(() => parseAccelerator('Hyper+F', false)).toThrow('Unknown modifier "Hyper"');
    expect(() => parseAccelerator('CmdOrCtrl+F25', false)).toThrow('Unknown key "F25"');
    expect(() => parseAccelerator('CmdOrCtrl+', false)).toThrow('Unknown key ""');
  });

  it('reads every command of the menu on both platforms', () => {
    for (const isMac of [false, true])
      expect(menuShortcuts(menuCommandItems, isMac).map((shortcut) => shortcut.command)).toEqual([
        'sync',
        'accept',
        'reject',
        'find',
      ]);
  });
});

describe('a keydown matched to a command', () => {
  const windows = menuShortcuts(menuCommandItems, false);
  const mac = menuShortcuts(menuCommandItems, true);

  it('raises each command from its own keys and nothing from others', () => {
    const cases: Array<[KeyPress, MenuCommand | null]> = [
      [press('F5', 'F5'), 'sync'],
      [press('KeyA', 'A', { ctrlKey: true, shiftKey: true }), 'accept'],
      [press('KeyR', 'R', { ctrlKey: true, shiftKey: true }), 'reject'],
      [press('KeyF', 'f', { ctrlKey: true }), 'find'],
      // Exactly the modifiers: Ctrl+Shift+F is not Find, Shift+F5 is not Sync, Ctrl+A selects text.
      [press('KeyF', 'F', { ctrlKey: true, shiftKey: true }), null],
      [press('F5', 'F5', { shiftKey: true }), null],
      [press('KeyA', 'a', { ctrlKey: true }), null],
      [press('KeyF', 'f'), null],
      // ⌘F is not Find off macOS.
      [press('KeyF', 'f', { metaKey: true }), null],
    ];
    expect(cases.map(([key]) => commandOfKey(key, windows))).toEqual(cases.map(([, command]) => command));
  });

  it('takes ⌘ on macOS and not Ctrl', () => {
    expect(commandOfKey(press('KeyF', 'f', { metaKey: true }), mac)).toBe('find');
    expect(commandOfKey(press('KeyF', 'f', { ctrlKey: true }), mac)).toBeNull();
    expect(commandOfKey(press('KeyA', 'a', { metaKey: true, shiftKey: true }), mac)).toBe('accept');
  });

  it('finds with an Arabic layout by the key’s place, and follows the letter a Latin layout types', () => {
    const find = parseAccelerator('CmdOrCtrl+F', false);
    // Arabic: the F key types "ب".
    expect(matchesCombo(press('KeyF', 'ب', { ctrlKey: true }), find)).toBe(true);
    // AZERTY: the key where QWERTY has Q types "a"; QWERTY's A place types "q".
    const accept = parseAccelerator('CmdOrCtrl+Shift+A', false);
    expect(matchesCombo(press('KeyQ', 'A', { ctrlKey: true, shiftKey: true }), accept)).toBe(true);
    expect(matchesCombo(press('KeyA', 'Q', { ctrlKey: true, shiftKey: true }), accept)).toBe(false);
  });

  it('knows macOS from the navigator', () => {
    expect(isMacPlatform({ platform: 'MacIntel', userAgent: '' })).toBe(true);
    expect(isMacPlatform({ platform: 'Win32', userAgent: '' })).toBe(false);
    expect(isMacPlatform({ platform: '', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' })).toBe(false);
  });
});

describe("browser mode's menu.command", () => {
  function keydown(init: KeyboardEventInit): KeyboardEvent {
    return new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  }

  it('raises the command from a shortcut and keeps the browser from its own use of the key', () => {
    const target = new EventTarget() as unknown as Window;
    const subscribe = createShortcutEvents(target, false);
    const seen: MenuCommand[] = [];
    const stop = subscribe((command) => seen.push(command));

    const f5 = keydown({ key: 'F5', code: 'F5' });
    target.dispatchEvent(f5);
    const find = keydown({ key: 'f', code: 'KeyF', ctrlKey: true });
    target.dispatchEvent(find);
    const typing = keydown({ key: 'f', code: 'KeyF' });
    target.dispatchEvent(typing);
    expect(seen).toEqual(['sync', 'find']);
    // F5 does not reload the page, Ctrl+F does not open the find bar; a plain "f" is typed.
    expect([f5.defaultPrevented, find.defaultPrevented, typing.defaultPrevented]).toEqual([
      true,
      true,
      false,
    ]);

    // A held key repeats: one sync, and still no reload.
    const held = keydown({ key: 'F5', code: 'F5', repeat: true });
    target.dispatchEvent(held);
    expect(seen).toEqual(['sync', 'find']);
    expect(held.defaultPrevented).toBe(true);

    // Nothing listens any more: the keys are the browser's again.
    stop();
    const after = keydown({ key: 'F5', code: 'F5' });
    target.dispatchEvent(after);
    expect(seen).toEqual(['sync', 'find']);
    expect(after.defaultPrevented).toBe(false);
  });
});
