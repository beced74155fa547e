// ag-grid Community (v33+): modules are registered once and the theme is the Theming API's
// (`themeQuartz`), so no CSS files are imported and the CSP's inline styles suffice.
import { AllCommunityModule, ModuleRegistry, themeQuartz } from 'ag-grid-community';

ModuleRegistry.registerModules([AllCommunityModule]);

/** The grids' theme: Quartz, a little denser than its default. */
export const gridTheme = themeQuartz.withParams({
  fontSize: 13,
  rowHeight: 32,
  headerHeight: 34,
  spacing: 6,
  accentColor: '#1f3a5f',
});
