import { MenuCommands } from './features/commands/MenuCommands';
import { AppShell } from './features/shell/AppShell';
import { useMenuWords } from './features/commands/use-menu-words';
import { useDocumentLocale } from './messages/use-document-locale';
import { useDeskLocale } from './messages/use-say';

/** The app in the clerk's language, and the menu's commands (the desktop app's menu, or browser mode's shortcuts). */
export function App() {
  useDeskLocale();
  useDocumentLocale();
  useMenuWords();
  return (
    <MenuCommands>
      <AppShell />
    </MenuCommands>
  );
}
