import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { desk } from './bridge/desk';
import { db } from './data/db';
import { newerAppStore } from './data/store-guard';
import { NewerStoreScreen } from './features/shell/NewerStoreScreen';
import { useDocumentLocale } from './messages/use-document-locale';
import { useDeskLocale } from './messages/use-say';
import './styles.css';

/** The refusal in the clerk's language, laid out in its direction, as the app would be. */
function Refusal(props: Parameters<typeof NewerStoreScreen>[0]) {
  useDeskLocale();
  useDocumentLocale();
  return <NewerStoreScreen {...props} />;
}

/** Renders the app, or the refusal when a newer desk wrote the store (before anything opens it). */
async function boot(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  const knownVersion = db.verno;
  const newer = await newerAppStore().catch(() => null);
  if (newer) {
    const info = await desk.app.info();
    root.render(
      <Refusal newer={newer} version={info.ok ? info.value.version : null} knownVersion={knownVersion} />,
    );
    return;
  }
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
