import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import {
  CommandTargetsContext,
  createCommandTargets,
} from '../../../src-renderer/features/commands/command-targets';
import { useCommandTarget } from '../../../src-renderer/features/commands/use-command-target';

let select: () => void = () => undefined;

function Screen() {
  const [isSelected, setSelected] = useState(false);
  select = () => setSelected(true);
  useCommandTarget(() => (isSelected ? null : 'Select first.'));
  return <p>{isSelected ? 'selected' : 'nothing selected'}</p>;
}

describe('a screen’s command target', () => {
  it('answers from the state on screen the moment it shows, even when the change came from outside an event', async () => {
    const targets = createCommandTargets();
    render(
      <CommandTargetsContext.Provider value={targets}>
        <Screen />
      </CommandTargetsContext.Provider>,
    );
    expect(targets.dispatch('accept')).toBe('Select first.');
    // A change that arrives as the grid's selection does: from a timer, outside React's own events.
    // The command is read the moment the screen shows the selection, as a key pressed right then is.
    const answer = new Promise<string | null>((resolve) => {
      const observer = new MutationObserver(() => {
        if (document.body.textContent?.includes('nothing') === false) {
          observer.disconnect();
          resolve(targets.dispatch('accept'));
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    setTimeout(() => select(), 0);
    expect(await answer).toBeNull();
    expect(screen.getByText('selected')).toBeTruthy();
  });
});
