import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

function executable(): { executablePath?: string } {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => !!p && existsSync(p),
  );
  const executablePath = candidates[0];
  return executablePath ? { executablePath } : {};
}

/**
 * Launches Chromium for end-to-end runs: Playwright's own build where one is installed, else Debian's
 * `/usr/bin/chromium` (CHROMIUM_PATH overrides), with the flags this machine's closed network needs.
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ ...executable(), headless: true, args: chromiumArgs });
}

/**
 * Launches Chromium on a profile folder of its own (`userDataDir`), so IndexedDB outlives the browser:
 * close it (or kill it) and launch again on the same folder to reopen the app with its staged data.
 * `locale` sets the computer's language (default: the machine's).
 */
export async function launchChromiumProfile(
  userDataDir: string,
  viewport = { width: 1400, height: 900 },
  locale?: string,
): Promise<BrowserContext> {
  // A locale (`ar-EG`): the computer as a clerk in that language has it, Chromium's UI language and
  // the page's `navigator.languages` both.
  return chromium.launchPersistentContext(userDataDir, {
    ...executable(),
    headless: true,
    args: locale ? [...chromiumArgs, `--lang=${locale}`] : chromiumArgs,
    viewport,
    ...(locale ? { locale } : {}),
  });
}

/**
 * SIGKILLs the Chromium launched on `userDataDir` (its browser process, found by the profile folder on
 * its command line; its helpers die with it): the app's window gone with no chance to save or close.
 * Answers whether a process was killed.
 */
export function killChromiumProfile(userDataDir: string): boolean {
  const wanted = `--user-data-dir=${userDataDir}`;
  let killed = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone meanwhile
    }
    if (!args.includes(wanted) || args.some((arg) => arg.startsWith('--type='))) continue;
    try {
      process.kill(Number(entry), 'SIGKILL');
      killed = true;
    } catch {
      // already gone
    }
  }
  return killed;
}
