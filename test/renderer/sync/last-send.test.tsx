import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { SyncBar } from '../../../src-renderer/features/sync/SyncBar';
import { emptySendOutcome } from '../../../src-renderer/sync/send-acks';
import { useDeskStore } from '../../../src-renderer/state/store';
import { useConnectedDesk } from '../support/connected-desk';

useConnectedDesk();

describe('what the last send said', () => {
  it('stays on the bar through a pass with nothing to send, as a retry or a poll makes', async () => {
    useDeskStore.setState({ lastSend: { ...emptySendOutcome(), elsewhere: 1 } });
    render(<SyncBar />);
    const notSent = '1 answer(s) not sent: already answered elsewhere.';
    expect((await screen.findByRole('status', { name: 'Answers not sent' })).textContent).toBe(notSent);

    // Nothing is queued: the pass sends nothing, and the bar still says why the answer was not sent.
    await act(async () => {
      await useDeskStore.getState().sendAcks();
    });
    expect(useDeskStore.getState().lastSend?.elsewhere).toBe(1);
    expect(screen.getByRole('status', { name: 'Answers not sent' }).textContent).toBe(notSent);
  });
});
