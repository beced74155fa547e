// Shared steps of `npm start` and `npm run start:browser`: build the bundles, and start the sandbox
// on a local data folder unless a real service is configured (DESK_SERVICE_URL + DESK_SERVICE_TOKEN).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');

/**
 * Stops with what to do when this Node is older than package.json's engines (`>=MAJOR.MINOR`): an older
 * Node would start and then crash in the sandbox's SQLite module (docs/decisions/103).
 */
export function checkNode() {
  const engines = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).engines.node;
  const [, major, minor] = /^>=(\d+)\.(\d+)/.exec(engines) ?? [];
  const [haveMajor, haveMinor] = process.versions.node.split('.').map(Number);
  if (haveMajor > Number(major) || (haveMajor === Number(major) && haveMinor >= Number(minor))) return;
  const tested = readFileSync(resolve(root, '.node-version'), 'utf8').trim();
  console.error(
    `This is Node.js ${process.versions.node}; Reconciliation Desk needs Node.js ${major}.${minor} or later ` +
      `(${tested}, Node 24 LTS, is the one tested). Install Node 24 LTS, or run \`. scripts/use-node.sh\` ` +
      'in this shell, then `npm ci` and start again.',
  );
  process.exit(1);
}

/** Runs `electron-vite build` (about a second), so the app always runs what the sources say. */
export function build() {
  const result = spawnSync(
    process.execPath,
    [resolve(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status !== 0) {
    console.error('The build failed; see above.');
    process.exit(result.status ?? 1);
  }
}

/** Starts a child that prints a line matching `pattern`; resolves with the match. */
export function startChild(args, pattern, label, env = process.env) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('exit', stop);
  return new Promise((resolvePromise, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const match = pattern.exec(line);
      if (match) resolvePromise({ child, match });
      else console.log(`[${label}] ${line}`);
    });
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code}`)));
  });
}

/**
 * The service the app connects to: DESK_SERVICE_URL when set (its token comes from
 * DESK_SERVICE_TOKEN once and goes to the keychain), else a sandbox on `dataDir`.
 */
export async function serviceFor(dataDir, port) {
  if (process.env.DESK_SERVICE_URL)
    return { serviceUrl: process.env.DESK_SERVICE_URL, sandboxDataDir: undefined };
  const { match } = await startChild(
    ['--import', 'tsx', resolve(root, 'src-sandbox/main.ts'), '--port', String(port), '--data', dataDir],
    /^listening (http:\/\/\S+)$/,
    'sandbox',
  );
  console.log(`Sandbox (demo company) at ${match[1]}, data in ${dataDir}`);
  return { serviceUrl: match[1], sandboxDataDir: dataDir };
}
