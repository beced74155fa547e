// ag-grid Community (v33+): modules are registered once and the theme is the Theming API's
// (`themeQuartz`), so no CSS files are imported and the CSP's inline styles suffice.
import { AG_GRID_LOCALE_EG } from '@ag-grid-community/locale';
import { AllCommunityModule, ModuleRegistry, themeQuartz } from 'ag-grid-community';
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
 * What every grid of the desk shares: the theme, columns a clerk can sort, filter and resize, and a
 * tooltip (a long name) after a short rest. Spread first on an `AgGridReact`, so a grid can still say
 * otherwise.
 */
export const gridDefaults = {
  theme: gridTheme,
  defaultColDef: { sortable: true, filter: true, resizable: true },
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
