import { useEffect } from 'react';
import { menuWordsFrom } from '../../../src-shared/bridge/commands';
import { desk } from '../../bridge/desk';
import { say } from '../../messages/intl';
import { useDeskLocale } from '../../messages/use-say';

/**
 * Sends the menu's words, in the clerk's language, to the desktop shell whenever the language changes
 * (`app.setMenuWords`; browser mode has no menu and answers without doing anything). docs/decisions/106.
 */
export function useMenuWords(): void {
  const locale = useDeskLocale();
  useEffect(() => {
    void desk.app.setMenuWords(menuWordsFrom((id) => say(id)));
  }, [locale]);
}
