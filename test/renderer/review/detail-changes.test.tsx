import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { toVersionCursor } from '../../../src-shared/domain/feeds';
import { stageFeedPage } from '../../../src-renderer/data/staging';
import { DetailPanel } from '../../../src-renderer/features/review/DetailPanel';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { ackAt, meta, payment } from '../../support/wire-documents';
import { useConnectedDesk } from '../support/connected-desk';

useConnectedDesk();

describe('the detail panel’s changes', () => {
  it('are said in the clerk’s language, and again after a switch', async () => {
    await stageFeedPage(
      { kind: 'payments', data: [payment('p', 5, { ack: ackAt(4), reversed: true })], meta: meta(5) },
      toVersionCursor(0),
      '2025-03-04T08:00:00.000Z',
    );
    render(<DetailPanel kind="payments" id="p" onClose={() => undefined} />);
    const english = await screen.findByRole('region', { name: 'What changed since it was answered' });
    expect(within(english).getByRole('listitem').textContent).toBe(
      'Reversed 2025-03-03 by office: Wrong customer.',
    );
    act(() => useLanguageStore.getState().change({ language: 'ar' }));
    const arabic = await screen.findByRole('region', { name: 'ما الذي تغيّر بعد الرد عليه' });
    expect(
      within(arabic)
        .getByRole('listitem')
        .textContent?.replace(/[\u2066-\u2069]/g, ''),
    ).toBe('عُكس التحصيل في 2025-03-03 بواسطة office: Wrong customer.');
  });
});
