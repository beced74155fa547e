// The installed app looks for a release only where it is one (packaged, Electron, not turned off), and
// every prompt leaves the choice to the clerk: Escape or closing the box does nothing.
import { describe, expect, it } from 'vitest';
import {
  decideUpdateCheck,
  isConfirmed,
  updateAvailablePrompt,
  updateReadyPrompt,
} from '../../../src-main/core/updates/update-policy';

describe('decideUpdateCheck', () => {
  it('checks in an installed Electron app', () => {
    expect(decideUpdateCheck({ isPackaged: true, runtime: 'electron', env: {} })).toEqual({ check: true });
  });

  it('never checks in development, in browser mode or when turned off', () => {
    const cases = [
      decideUpdateCheck({ isPackaged: false, runtime: 'electron', env: {} }),
      decideUpdateCheck({ isPackaged: true, runtime: 'browser', env: {} }),
      decideUpdateCheck({ isPackaged: false, runtime: 'browser', env: {} }),
      decideUpdateCheck({ isPackaged: true, runtime: 'electron', env: { DESK_UPDATES: 'off' } }),
      decideUpdateCheck({ isPackaged: true, runtime: 'electron', env: { DESK_UPDATES: ' OFF ' } }),
    ];
    expect(cases.map((decision) => decision.check)).toEqual([false, false, false, false, false]);
    expect(cases.map((decision) => (decision.check ? '' : decision.reason))).toEqual([
      'not an installed app (development build): nothing to update',
      'browser mode runs from the source tree; it is updated with it',
      'browser mode runs from the source tree; it is updated with it',
      'turned off by DESK_UPDATES=off',
      'turned off by DESK_UPDATES=off',
    ]);
  });

  it('keeps checking for any other value of DESK_UPDATES', () => {
    expect(decideUpdateCheck({ isPackaged: true, runtime: 'electron', env: { DESK_UPDATES: 'on' } })).toEqual(
      {
        check: true,
      },
    );
  });
});

describe('update prompts', () => {
  it('asks before downloading, naming both versions', () => {
    expect(updateAvailablePrompt('0.1.0', '0.2.0')).toEqual({
      title: 'Update available',
      message: 'Reconciliation Desk 0.2.0 is available.',
      detail:
        'You have 0.1.0. Download the new version now? It downloads while you work; nothing is installed ' +
        'until you say so. Your documents, answers and connections stay as they are.',
      buttons: ['Download', 'Not now'],
      defaultId: 0,
      cancelId: 1,
    });
  });

  it('asks before restarting, and Enter does not restart', () => {
    const prompt = updateReadyPrompt('0.2.0');
    expect(prompt.buttons).toEqual(['Restart now', 'Later']);
    expect(prompt.message).toBe('Reconciliation Desk 0.2.0 is ready to install.');
    expect(isConfirmed(prompt.defaultId)).toBe(false);
  });

  it('does nothing on Escape or a closed box', () => {
    for (const prompt of [updateAvailablePrompt('0.1.0', '0.2.0'), updateReadyPrompt('0.2.0')]) {
      expect(isConfirmed(prompt.cancelId)).toBe(false);
      expect(isConfirmed(0)).toBe(true);
    }
  });
});
