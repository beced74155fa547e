// ag-grid Community (v33+): modules are registered once and the theme is the Theming API's
// (`themeQuartz`), so no CSS files are imported and the CSP's inline styles suffice.
import { AG_GRID_LOCALE_EG } from '@ag-grid-community/locale';
import {
  AllCommunityModule,
  ModuleRegistry,
  themeQuartz,
  type SuppressKeyboardEventParams,
} from 'ag-grid-community';
import { useDeskLocale } from '../../messages/use-say';

ModuleRegistry.registerModules([AllCommunityModule]);

/** The grids' theme: Quartz, a little denser than its default. */
const gridTheme = themeQuartz.withParams({
  fontSize: 13,
  rowHeight: 32,
  headerHeight: 34,
  spacing: 6,
  accentColor: '#1f3a5f',
});

/**
 * Ctrl+Home and Ctrl+End (⌘ on macOS) in a cell: to the first or the last row, in the same column, the
 * focus going with it, as in a spreadsheet. ag-grid leaves these keys to the browser, which scrolls the
 * grid (smoothly, and a scroll under way may be cut short) but leaves the focus on the row it was on, so
 * the next arrow key jumps back there. As a column's `suppressKeyboardEvent`: true when it took the key.
 */
export function jumpToEdgeRow(params: SuppressKeyboardEventParams): boolean {
  const { event, api, column, editing } = params;
  if (editing || event.type !== 'keydown' || event.altKey || event.shiftKey) return false;
  // words: not shown (the keys' names as KeyboardEvent.key spells them)
  if (!(event.ctrlKey || event.metaKey) || (event.key !== 'Home' && event.key !== 'End')) return false;
  // A paged grid whose end is not known yet counts the rows read and one more: its end as far as known.
  const rowCount = api.getDisplayedRowCount();
  if (rowCount === 0) return false;
  const index = event.key === 'Home' ? 0 : rowCount - 1; // words: not shown (a key's name)
  event.preventDefault();
  api.ensureIndexVisible(index);
  api.setFocusedCell(index, column);
  return true;
}

/**
 * What every grid of the desk shares: the theme, columns a clerk can sort, filter and resize, a tooltip
 * (a long name) after a short rest, and Ctrl+Home and Ctrl+End to the first and last rows. Spread first
 * on an `AgGridReact`, so a grid can still say otherwise.
 */
export const gridDefaults = {
  theme: gridTheme,
  defaultColDef: { sortable: true, filter: true, resizable: true, suppressKeyboardEvent: jumpToEdgeRow },
  tooltipShowDelay: 400,
} as const;

/**
 * The grid's language and direction: right to left with ag-grid's Arabic (Egypt) words in Arabic, its
 * own English otherwise. ag-grid reads `enableRtl` and `localeText` only when a grid is made, so a grid
 * takes `key` too and is made anew when the clerk switches language.
 */
export function useGridLocale(): {
  key: string;
  enableRtl: boolean;
  localeText: Record<string, string> | undefined;
} {
  const locale = useDeskLocale();
  return {
    key: locale.tag,
    enableRtl: locale.direction === 'rtl',
    localeText: locale.language === 'ar' ? AG_GRID_LOCALE_EG : undefined,
  };
}
