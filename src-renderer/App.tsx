import { MenuCommands } from './features/commands/MenuCommands';
import { AppShell } from './features/shell/AppShell';

/** The app, and the menu's commands (the desktop app's menu, or browser mode's shortcuts). */
export function App() {
  return (
    <MenuCommands>
      <AppShell />
    </MenuCommands>
  );
}
