import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normaliseBaseUrl } from './connections/identity';
import type { DeskCore } from './desk-service';
import { LocalError } from './local-error';
import { logRedacted } from './redact';

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
 * token goes into the keychain and nowhere else. It is saved unverified (the service may not be up
 * yet); the first `connections.status` verifies it and records who it speaks for. An address the app
 * refuses (plain http to another machine) is skipped with a warning, not a crash.
 */
export async function applyStartupConnection(core: DeskCore, startup: StartupConnection): Promise<void> {
  if (!startup.serviceUrl) return;
  let baseUrl: string;
  try {
    baseUrl = normaliseBaseUrl(startup.serviceUrl);
  } catch (error) {
    if (!(error instanceof LocalError)) throw error;
    logRedacted('warn', `desk: the start-up connection was not saved: ${error.message}`);
    return;
  }
  if (startup.sandboxDataDir) {
    const token = readFileSync(join(startup.sandboxDataDir, 'demo-token'), 'utf8').trim();
    await core.connections.save({ label: 'Sandbox (demo company)', baseUrl, token });
  } else if (startup.token) {
    await core.connections.save({ label: new URL(baseUrl).host, baseUrl, token: startup.token });
  }
}
