import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSandbox, type RunningSandbox, type SandboxFlags } from '../../../support/sandbox';
import { startInOrder } from '../../../support/start-in-order';

const root = resolve(import.meta.dirname, '../../../..');
const electronPackage = join(root, 'node_modules', 'electron');

/** The built app's main script (DESK_OUT_DIR as for every build of a checkout's own). */
export const builtMain = join(root, process.env.DESK_OUT_DIR ?? 'out', 'main', 'index.js');

/**
 * The Electron binary of node_modules/electron, or why there is none. Read from the package's
 * `path.txt` by hand: requiring `electron` would try to download a missing binary.
 */
export function findElectronBinary(): { path: string } | { missing: string } {
  const pathFile = join(electronPackage, 'path.txt');
  if (!existsSync(pathFile)) {
    return {
      missing:
        "Electron's binary is not installed (node_modules/electron has no path.txt): its download host " +
        'could not be reached at install time. Run `npx install-electron` where it can, or rely on the CI ' +
        'workflow, which runs this suite on Linux, Windows and macOS.',
    };
  }
  const binary = join(electronPackage, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { missing: `Electron's binary is missing at ${binary}.` };
  if (!existsSync(builtMain)) {
    return { missing: `The app is not built (${builtMain} is missing): run \`npm run build\` first.` };
  }
  return { path: binary };
}

/** The real Electron window of the built app, started connected to a real sandbox. */
export interface DeskInElectron {
  sandbox: RunningSandbox;
  app: ElectronApplication;
  /** The main window. */
  page: Page;
  /** The app's own user-data folder for this run. */
  userDataDir: string;
  /**
   * Makes the native Save dialog answer `filePath` (or a cancel, for null) without showing itself, in
   * the main process: the renderer and the bridge run as they do for a clerk.
   */
  answerSaveDialog(filePath: string | null): Promise<void>;
  /** Closes the app, then the sandbox, and removes the user-data folder. */
  close(): Promise<void>;
}

/**
 * Starts the sandbox with `flags` and the built app in Electron on a fresh user-data folder, connected
 * to the sandbox through DESK_SERVICE_URL and DESK_SANDBOX_DATA (src-main/core/bootstrap.ts), with the
 * update check off.
 */
export async function startDeskInElectron(
  executablePath: string,
  flags: SandboxFlags,
): Promise<DeskInElectron> {
  return startInOrder(async (onStop) => {
    const sandbox = await startSandbox(flags);
    onStop(() => sandbox.dispose());
    const launched = await launchBuiltApp(executablePath, onStop, {
      DESK_SERVICE_URL: sandbox.baseUrl,
      DESK_SANDBOX_DATA: sandbox.dataDir,
    });
    return { sandbox, ...launched };
  });
}

/** The built app in its Electron window as an installed app starts: nothing connected, no sandbox. */
export interface BareDeskInElectron extends Omit<DeskInElectron, 'sandbox'> {
  /** What the main process has written to stdout and stderr (its log, the demo sandbox's lines). */
  output(): string;
}

/** Starts the built app in Electron on a fresh user-data folder with no service, as a first start. */
export async function startBareDeskInElectron(executablePath: string): Promise<BareDeskInElectron> {
  return startInOrder(async (onStop) => launchBuiltApp(executablePath, onStop, {}));
}

async function launchBuiltApp(
  executablePath: string,
  onStop: (stop: () => Promise<void>) => void,
  env: Record<string, string>,
): Promise<Omit<BareDeskInElectron, 'close'>> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'desk-electron-'));
  onStop(async () => rmSync(userDataDir, { recursive: true, force: true }));
  const inherited = { ...(process.env as Record<string, string>) };
  delete inherited.DESK_SERVICE_URL;
  delete inherited.DESK_SANDBOX_DATA;
  const app = await _electron.launch({
    executablePath,
    args: [builtMain, `--user-data-dir=${userDataDir}`],
    cwd: root,
    env: {
      ...inherited,
      ...env,
      DESK_UPDATES: 'off',
      // Where Electron reads the user-data folder from the platform's own variables.
      XDG_CONFIG_HOME: userDataDir,
      APPDATA: userDataDir,
    },
    timeout: 60_000,
  });
  onStop(() => app.close());
  let output = '';
  app.process().stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  app.process().stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const page = await app.firstWindow();
  await page.setViewportSize({ width: 1400, height: 900 }).catch(() => undefined);
  mkdirSync(join(root, 'test-results'), { recursive: true });
  return {
    app,
    page,
    userDataDir,
    output: () => output,
    async answerSaveDialog(filePath) {
      await app.evaluate(({ dialog }, answer) => {
        const reply =
          answer === null ? { canceled: true, filePath: '' } : { canceled: false, filePath: answer };
        dialog.showSaveDialog = (async () => reply) as typeof dialog.showSaveDialog;
      }, filePath);
    },
  };
}
