import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewerStoreScreen } from '../../src-renderer/features/shell/NewerStoreScreen';
import { useLanguageStore } from '../../src-renderer/messages/language-store';

// What a clerk who reinstalled an older desk reads instead of the desk (issue 28, item 3).

describe('the refusal of a store a newer desk wrote', () => {
  it('says which version wrote it, that nothing changed, and what to install', () => {
    render(
      <NewerStoreScreen newer={{ storeVersion: 12, writtenBy: '0.3.0' }} version="0.1.0" knownVersion={11} />,
    );
    const text = screen.getByRole('main').textContent ?? '';
    expect(text).toContain('Version 0.3.0 of the desk wrote them (store version 12)');
    expect(text).toContain('this is version 0.1.0, which knows store versions up to 11');
    expect(text).toContain('queued answers stay as they were');
    expect(text).toContain('Install version 0.3.0 or later again');
  });

  it('says it in Arabic, and without the version when the store does not name it', () => {
    act(() => useLanguageStore.getState().change({ language: 'ar' }));
    render(
      <NewerStoreScreen newer={{ storeVersion: 12, writtenBy: null }} version={null} knownVersion={11} />,
    );
    const text = (screen.getByRole('main').textContent ?? '').replace(/[\u2066-\u2069]/g, '');
    expect(text).toContain('كتبها إصدار أحدث من المكتب (إصدار المخزن 12)');
    expect(text).toContain('وهذا إصدار أقدم');
    expect(text).toContain('ثبّت الإصدار الأحدث أو ما بعده');
  });
});
