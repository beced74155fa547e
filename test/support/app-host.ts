import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const root = resolve(import.meta.dirname, '../..');

/** The browser-mode host of the app (`start:browser`'s server), on a free port. */
export interface RunningAppHost {
  /** The address with this launch's secret, as printed. */
  url: string;
  origin: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the host wrote to stdout and stderr so far (its logs). */
  readonly output: string;
  /** SIGKILLs the host (a crash: no shutdown code runs) and waits for it to be gone. */
  kill(): Promise<void>;
  dispose(): Promise<void>;
}

/** Where and how the host starts; every field is optional. */
export interface AppHostOptions {
  /** The port to bind (0, a free one, by default). Restart on the same port to keep the page's origin and its IndexedDB. */
  port?: number;
  /** The app data folder (a new temporary one by default); kept by `dispose` when given. */
  dataDir?: string;
  /** The built renderer (out/renderer by default). */
  rendererDir?: string;
}

/**
 * Starts the browser-mode host on the built renderer (out/renderer) and a temporary app data folder,
 * connected to `serviceUrl` with the demo token of `sandboxDataDir`. Tokens stay in memory.
 */
export async function startAppHost(
  serviceUrl: string,
  sandboxDataDir: string,
  options: AppHostOptions = {},
): Promise<RunningAppHost> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'desk-'));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'src-main/browser-host/main.ts'),
      '--port',
      String(options.port ?? 0),
      '--data',
      dataDir,
      '--renderer',
      options.rendererDir ?? join(root, 'out/renderer'),
      '--service-url',
      serviceUrl,
      '--sandbox-data',
      sandboxDataDir,
      '--keychain',
      'memory',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    output += chunk.toString();
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`app host did not start\n${stderr}`)), 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^open (http:\/\/\S+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`app host exited with ${code}\n${stderr}`)));
  });
  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    process: child,
    get output() {
      return output;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGKILL');
      });
    },
    async dispose() {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise((r) => {
          child.once('exit', r);
          child.kill('SIGTERM');
        });
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
