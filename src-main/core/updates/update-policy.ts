/**
 * When the installed app looks for a new release, and what it says about one.
 *
 * Plain rules, no electron: src-main/electron/updates.ts asks electron-updater and shows these texts
 * in native message boxes. Nothing is downloaded before the clerk says "Download", and the app never
 * quits to install before the clerk says "Restart now" (docs/decisions/097-packaging-and-release-pipeline.md).
 */

/** Where the check runs and what it may read from its environment. */
export interface UpdateCheckContext {
  /** Electron's `app.isPackaged`: false under `electron-vite dev` or `electron .` from the source tree. */
  isPackaged: boolean;
  runtime: 'electron' | 'browser';
  /** `process.env`: `DESK_UPDATES=off` turns the check off (administrators, the end-to-end suite). */
  env: Readonly<Record<string, string | undefined>>;
}

/** Whether to look for a release at start, and why not when not. */
export type UpdateCheckDecision = { check: true } | { check: false; reason: string };

/** Decides whether the app looks for a new release at start. */
export function decideUpdateCheck(context: UpdateCheckContext): UpdateCheckDecision {
  if (context.runtime !== 'electron') {
    return { check: false, reason: 'browser mode runs from the source tree; it is updated with it' };
  }
  if (!context.isPackaged) {
    return { check: false, reason: 'not an installed app (development build): nothing to update' };
  }
  if (context.env.DESK_UPDATES?.trim().toLowerCase() === 'off') {
    return { check: false, reason: 'turned off by DESK_UPDATES=off' };
  }
  return { check: true };
}

/** A native message box: its texts and buttons; the answer is the index of the button clicked. */
export interface UpdatePrompt {
  title: string;
  message: string;
  detail: string;
  buttons: [string, string];
  /** The button Enter clicks. */
  defaultId: 0 | 1;
  /** The button Escape or closing the box clicks: always the one that does nothing. */
  cancelId: 1;
}

/** What the app asks when a newer release is published: download it, or not now. */
export function updateAvailablePrompt(currentVersion: string, newVersion: string): UpdatePrompt {
  return {
    title: 'Update available',
    message: `Reconciliation Desk ${newVersion} is available.`,
    detail:
      `You have ${currentVersion}. Download the new version now? It downloads while you work; ` +
      'nothing is installed until you say so. Your documents, answers and connections stay as they are.',
    buttons: ['Download', 'Not now'],
    defaultId: 0,
    cancelId: 1,
  };
}

/** What the app asks when a downloaded release is ready: restart now to install it, or later. */
export function updateReadyPrompt(newVersion: string): UpdatePrompt {
  return {
    title: 'Update ready',
    message: `Reconciliation Desk ${newVersion} is ready to install.`,
    detail:
      'Restart now to install it. Answers still waiting to be sent are kept and sent after the restart. ' +
      'Choose Later to keep working; you are asked again the next time the app starts.',
    buttons: ['Restart now', 'Later'],
    defaultId: 1,
    cancelId: 1,
  };
}

/**
 * Whether the clerk's answer to a prompt was its first button ("Download", "Restart now").
 *
 * Escape and closing the box answer `cancelId`, the button that does nothing.
 */
export function isConfirmed(clickedIndex: number): boolean {
  return clickedIndex === 0;
}
