import { AppShell } from './features/shell/AppShell';

/** The app. */
export function App() {
  return <AppShell />;
}
