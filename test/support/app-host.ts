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
  dispose(): Promise<void>;
}

/**
 * Starts the browser-mode host on the built renderer (out/renderer) and a temporary app data folder,
 * connected to `serviceUrl` with the demo token of `sandboxDataDir`. Tokens stay in memory.
 */
export async function startAppHost(serviceUrl: string, sandboxDataDir: string): Promise<RunningAppHost> {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-'));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'src-main/browser-host/main.ts'),
      '--port',
      '0',
      '--data',
      dataDir,
      '--renderer',
      join(root, 'out/renderer'),
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
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
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
    async dispose() {
      if (child.exitCode === null) {
        await new Promise((r) => {
          child.once('exit', r);
          child.kill('SIGTERM');
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
