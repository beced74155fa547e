import { chromium, type Browser } from 'playwright-core';
import { existsSync } from 'node:fs';

/**
 * Launches Chromium for end-to-end runs: Playwright's own build where one is installed, else Debian's
 * `/usr/bin/chromium` (CHROMIUM_PATH overrides), with the flags this machine's closed network needs.
 */
export async function launchChromium(): Promise<Browser> {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => !!p && existsSync(p),
  );
  const executablePath = candidates[0];
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
