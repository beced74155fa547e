// Browser mode's keyboard shortcuts for the menu's commands: Electron's accelerators
// (src-shared/bridge/commands.ts) read into key combinations and matched against keydown events, so a
// shortcut does in the browser what the desktop app's menu does (docs/decisions/102-files-and-shortcuts.md).
import type { MenuCommand, MenuCommandItem } from '../../src-shared/bridge/commands';

/** One key with the modifiers that must be down with it, and no others. */
export interface KeyCombo {
  /**
   * The key as `KeyboardEvent.code` names it where it has a place on the keyboard ("KeyF", "Digit1",
   * "F5"), or as `KeyboardEvent.key` names it otherwise ("ArrowUp", "+").
   */
  code: string;
  ctrl: boolean;
  meta: boolean;
  shift: boolean;
  alt: boolean;
}

/** What of a keydown event the matcher reads. */
export type KeyPress = Pick<KeyboardEvent, 'code' | 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

// Electron's named keys (docs: Accelerator, "Available key codes") as KeyboardEvent.key spells them.
const namedKeys: Record<string, string> = {
  plus: '+',
  space: ' ',
  tab: 'Tab',
  backspace: 'Backspace',
  delete: 'Delete',
  insert: 'Insert',
  return: 'Enter',
  enter: 'Enter',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  home: 'Home',
  end: 'End',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  escape: 'Escape',
  esc: 'Escape',
};

/**
 * Reads an Electron accelerator ("CmdOrCtrl+Shift+A", "F5") into a key combination. `CmdOrCtrl` is
 * Meta (⌘) on macOS and Ctrl elsewhere, as in Electron's menus. Throws on a modifier or key it does
 * not know, so a typo in the command list fails its test instead of a shortcut going dead.
 */
export function parseAccelerator(accelerator: string, isMac: boolean): KeyCombo {
  const parts = accelerator.split('+');
  // "CmdOrCtrl+Plus" names the plus key; a trailing "+" (an empty last part) would be "Ctrl++".
  const key = parts.pop() ?? '';
  const combo: KeyCombo = { code: '', ctrl: false, meta: false, shift: false, alt: false };
  for (const modifier of parts) {
    switch (modifier.toLowerCase()) {
      case 'commandorcontrol':
      case 'cmdorctrl':
        if (isMac) combo.meta = true;
        else combo.ctrl = true;
        break;
      case 'command':
      case 'cmd':
      case 'super':
      case 'meta':
        combo.meta = true;
        break;
      case 'control':
      case 'ctrl':
        combo.ctrl = true;
        break;
      case 'alt':
      case 'option':
        combo.alt = true;
        break;
      case 'shift':
        combo.shift = true;
        break;
      default:
        throw new Error(`Unknown modifier "${modifier}" in the accelerator "${accelerator}".`);
    }
  }
  if (/^[A-Za-z]$/.test(key)) combo.code = `Key${key.toUpperCase()}`;
  else if (/^[0-9]$/.test(key)) combo.code = `Digit${key}`;
  else if (/^F([1-9]|1[0-9]|2[0-4])$/i.test(key)) combo.code = key.toUpperCase();
  else if (namedKeys[key.toLowerCase()] !== undefined) combo.code = namedKeys[key.toLowerCase()]!;
  else throw new Error(`Unknown key "${key}" in the accelerator "${accelerator}".`);
  return combo;
}

/** Letters and digits by their place on the keyboard; the rest by the key's own name. */
function isPlaced(code: string): boolean {
  return /^(Key[A-Z]|Digit[0-9]|F[0-9]{1,2})$/.test(code);
}

/**
 * Whether a keydown is the combination: its key, and exactly its modifiers (Ctrl+Shift+F is not
 * Ctrl+F). A letter matches the Latin letter typed (AZERTY's A is where QWERTY has Q); where the layout
 * types no Latin letter (Arabic), it matches by the key's place (`code`), so Ctrl+F still finds.
 */
export function matchesCombo(press: KeyPress, combo: KeyCombo): boolean {
  if (
    press.ctrlKey !== combo.ctrl ||
    press.metaKey !== combo.meta ||
    press.shiftKey !== combo.shift ||
    press.altKey !== combo.alt
  )
    return false;
  const letter = /^Key([A-Z])$/.exec(combo.code)?.[1];
  if (letter !== undefined && /^[A-Za-z]$/.test(press.key)) return press.key.toUpperCase() === letter;
  if (isPlaced(combo.code)) return press.code === combo.code;
  return press.key === combo.code;
}

/** The shortcuts of the menu's commands, read once for this platform. */
export function menuShortcuts(
  items: readonly MenuCommandItem[],
  isMac: boolean,
): Array<{ command: MenuCommand; combo: KeyCombo }> {
  return items.map((item) => ({ command: item.command, combo: parseAccelerator(item.accelerator, isMac) }));
}

/** The command a keydown raises, or null. */
export function commandOfKey(
  press: KeyPress,
  shortcuts: ReadonlyArray<{ command: MenuCommand; combo: KeyCombo }>,
): MenuCommand | null {
  return shortcuts.find((shortcut) => matchesCombo(press, shortcut.combo))?.command ?? null;
}

/** Whether this browser runs on macOS (where CmdOrCtrl is ⌘). */
export function isMacPlatform(nav: Pick<Navigator, 'platform' | 'userAgent'>): boolean {
  return /mac/i.test(nav.platform || nav.userAgent);
}
