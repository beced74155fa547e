import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetLanguageSettings } from '../../src-renderer/messages/language-store';

afterEach(() => {
  cleanup();
  // A case that switched the desk to Arabic leaves the next one in the operating system's language.
  resetLanguageSettings();
});
