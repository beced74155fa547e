import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { toVersionCursor } from '../../../src-shared/domain/feeds';
import { db } from '../../../src-renderer/data/db';
import type { AckProblemFact } from '../../../src-renderer/data/rows';
import { stageFeedPage } from '../../../src-renderer/data/staging';
import { DetailPanel } from '../../../src-renderer/features/review/DetailPanel';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { ackAt, meta, payment } from '../../support/wire-documents';
import { useConnectedDesk } from '../support/connected-desk';
import { putRows } from '../support/stored-rows';

useConnectedDesk();

/** Text as read, without the isolates the words add around values. */
function plain(text: string | null | undefined): string {
  return (text ?? '').replace(/[\u2066-\u2069]/g, '');
}

describe('the detail panel’s word on the clerk’s ack', () => {
  it('says why it was not sent, in its note and its history, in the clerk’s language and again after a switch', async () => {
    await stageFeedPage(
      { kind: 'payments', data: [payment('p', 5, { ack: ackAt(5) })], meta: meta(5) },
      toVersionCursor(0),
      '2025-03-04T08:00:00.000Z',
    );
    const problem: AckProblemFact = {
      kind: 'elsewhere',
      outcome: 'REJECTED',
      externalNumber: null,
      reasonCode: 'DUPLICATE',
    };
    const row = await db.rowsOf('payments').get('p');
    await putRows('payments', [
      { ...row!, answerState: 'elsewhere', answerOutcome: 'ACCEPTED', ackProblem: problem },
    ]);
    await db.audit.add({
      at: '2025-03-04T09:00:00.000Z',
      connectionId: 'conn-1',
      call: 'POST /acks',
      kind: 'payments',
      batchId: 'b-1',
      docIds: ['p'],
      outcome: 'settled',
      applied: 0,
      unchanged: 0,
      failed: 1,
      requestId: null,
      error: 'Not sent.',
      items: [
        {
          id: 'p',
          outcome: 'ACCEPTED',
          externalNumber: 'RV-1',
          reasonCode: null,
          result: 'elsewhere',
          error: null,
          problem,
        },
      ],
    });
    render(<DetailPanel kind="payments" id="p" onClose={() => undefined} />);
    const english =
      'Already answered elsewhere: rejected (DUPLICATE). Your answer was not sent and is not retried.';
    expect((await screen.findByRole('note')).textContent).toBe(english);
    const history = await screen.findByRole('region', { name: 'Answers from this computer' });
    expect(
      await within(history).findByText(new RegExp(` — ${english.replace(/[().]/g, '\\$&')}$`)),
    ).toBeTruthy();

    act(() => useLanguageStore.getState().change({ language: 'ar' }));
    const arabic = 'سبق الرد عليه من مكان آخر: رفض (DUPLICATE). لم يُرسل ردك ولن يُعاد إرساله.';
    expect(plain((await screen.findByRole('note')).textContent)).toBe(arabic);
    const arabicHistory = await screen.findByRole('region', { name: 'الردود المرسلة من هذا الجهاز' });
    expect(plain(within(arabicHistory).getByRole('listitem').textContent).endsWith(` — ${arabic}`)).toBe(
      true,
    );
  });
});
