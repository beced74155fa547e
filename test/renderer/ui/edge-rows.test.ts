import { describe, expect, it, vi } from 'vitest';
import type { Column, GridApi, SuppressKeyboardEventParams } from 'ag-grid-community';
import { gridDefaults, jumpToEdgeRow } from '../../../src-renderer/features/ui/grid-setup';

// Ctrl+Home and Ctrl+End in a cell: the grid's own move to the first or last row, focus included,
// instead of the browser's scroll that leaves the focus behind (src-renderer/features/ui/grid-setup.ts).

function keyParams(
  init: KeyboardEventInit & { type?: string },
  rowCount = 90_000,
  editing = false,
): { params: SuppressKeyboardEventParams; api: { ensureIndexVisible: unknown; setFocusedCell: unknown } } {
  const api = {
    getDisplayedRowCount: () => rowCount,
    ensureIndexVisible: vi.fn(),
    setFocusedCell: vi.fn(),
  };
  const event = new KeyboardEvent(init.type ?? 'keydown', { cancelable: true, ...init });
  const column = { getColId: () => 'date' } as unknown as Column;
  const params = { event, api: api as unknown as GridApi, column, editing } as SuppressKeyboardEventParams;
  return { params, api };
}

describe('Ctrl+Home and Ctrl+End in a grid', () => {
  it('goes to the last row of the same column, focus and all, and keeps the key from the browser', () => {
    const { params, api } = keyParams({ key: 'End', ctrlKey: true });
    expect(jumpToEdgeRow(params)).toBe(true);
    expect(api.ensureIndexVisible).toHaveBeenCalledWith(89_999);
    expect(api.setFocusedCell).toHaveBeenCalledWith(89_999, params.column);
    expect(params.event.defaultPrevented).toBe(true);
  });

  it('goes to the first row with Ctrl+Home, and with ⌘ as with Ctrl', () => {
    const { params, api } = keyParams({ key: 'Home', metaKey: true });
    expect(jumpToEdgeRow(params)).toBe(true);
    expect(api.setFocusedCell).toHaveBeenCalledWith(0, params.column);
  });

  it('leaves End alone, Shift or Alt with it, a cell being edited, a key let go and an empty grid', () => {
    for (const { params, api } of [
      keyParams({ key: 'End' }),
      keyParams({ key: 'End', ctrlKey: true, shiftKey: true }),
      keyParams({ key: 'End', ctrlKey: true, altKey: true }),
      keyParams({ key: 'End', ctrlKey: true }, 90_000, true),
      keyParams({ key: 'End', ctrlKey: true, type: 'keyup' }),
      keyParams({ key: 'End', ctrlKey: true }, 0),
      keyParams({ key: 'ArrowDown', ctrlKey: true }),
    ]) {
      expect(jumpToEdgeRow(params)).toBe(false);
      expect(api.setFocusedCell).not.toHaveBeenCalled();
      expect(params.event.defaultPrevented).toBe(false);
    }
  });

  it('is every grid column’s keyboard handling', () => {
    expect(gridDefaults.defaultColDef.suppressKeyboardEvent).toBe(jumpToEdgeRow);
  });
});
