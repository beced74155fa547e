import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeskCore } from './desk-service';

/** Where the first connection comes from when the app is started by a script. */
export interface StartupConnection {
  /** `{base_url}` of the service or sandbox. */
  serviceUrl?: string;
  /** A sandbox data folder: its `demo-token` is the token (the newcomer's path). */
  sandboxDataDir?: string;
  /** A token handed over once by the environment (DESK_SERVICE_TOKEN); it goes to the keychain. */
  token?: string;
}

/**
 * Saves the connection the app was started with, if any, so that the first screen is connected: the
 * token goes into the keychain and nowhere else.
 */
export async function applyStartupConnection(core: DeskCore, startup: StartupConnection): Promise<void> {
  if (!startup.serviceUrl) return;
  if (startup.sandboxDataDir) {
    const token = readFileSync(join(startup.sandboxDataDir, 'demo-token'), 'utf8').trim();
    await core.connections.save({ label: 'Sandbox (demo company)', baseUrl: startup.serviceUrl, token });
  } else if (startup.token) {
    await core.connections.save({ label: new URL(startup.serviceUrl).host, baseUrl: startup.serviceUrl, token: startup.token });
  }
}
