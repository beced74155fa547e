// `npm start`: the newcomer's path. Starts the sandbox on a local data folder (unless
// DESK_SERVICE_URL names a real service) and the app connected to it with the demo token.
// Where Electron's binary is missing (it could not be downloaded), it says so and runs the browser mode.
// The sandbox also writes the demo company's ERP registers and master-data exports beside its data
// (.sandbox/erp-samples), for trying Reconcile and Master data, and prints where.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, checkNode, root, serviceFor } from './lib/launch.mjs';

checkNode();

function electronBinary() {
  const dir = resolve(root, 'node_modules/electron');
  try {
    const relative = readFileSync(resolve(dir, 'path.txt'), 'utf8').trim();
    const binary = resolve(dir, 'dist', relative);
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

// Both modes start the sandbox through lib/launch.mjs, which passes this environment on; the sandbox
// reads it when no --erp-samples flag is given (docs/decisions/027-erp-registers-and-samples.md).
process.env.SANDBOX_ERP_SAMPLES ??= resolve(root, '.sandbox/erp-samples');

const binary = electronBinary();
if (!binary) {
  console.log(
    "Electron's binary is not installed here (its download host was unreachable during npm install).",
  );
  console.log('Starting the browser mode instead: the same app in your browser.\n');
  await import('./start-browser.mjs');
} else {
  build();
  const sandboxData = resolve(root, '.sandbox');
  const { serviceUrl, sandboxDataDir } = await serviceFor(sandboxData, 8787);
  const env = {
    ...process.env,
    DESK_SERVICE_URL: serviceUrl,
    ...(sandboxDataDir ? { DESK_SANDBOX_DATA: sandboxDataDir } : {}),
  };
  const app = spawn(binary, [root], { cwd: root, stdio: 'inherit', env });
  app.once('exit', (code) => process.exit(code ?? 0));
}
