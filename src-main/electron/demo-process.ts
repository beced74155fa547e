// "Open the demo company" in the desktop app: the bundled sandbox in an Electron utility process. The
// behaviour (port, waiting for `listening`, the token, restarts) is the core's (core/demo/); this file
// only starts the process.
import { utilityProcess } from 'electron';
import { join } from 'node:path';
import { createDemoSandbox, type SandboxProcess } from '../core/demo/demo-sandbox';
import type { DemoSandbox } from '../core/ports';
import { redactText } from '../core/redact';

/**
 * The desktop app's demo sandbox: `sandboxEntry` (the bundle `out/main/sandbox.js`) in a utility
 * process, its data in `<userDataDir>/demo-sandbox`. A utility process is a child of the app that ends
 * with it (docs/decisions/099-demo-company.md).
 */
export function createElectronDemoSandbox(options: {
  userDataDir: string;
  sandboxEntry: string;
}): DemoSandbox {
  return createDemoSandbox({
    dataDir: join(options.userDataDir, 'demo-sandbox'),
    entry: options.sandboxEntry,
    fork: forkUtility,
    log: (line) => console.log(`demo sandbox: ${redactText(line)}`),
  });
}

function forkUtility(entry: string, args: string[]): SandboxProcess {
  const child = utilityProcess.fork(entry, args, {
    serviceName: 'Reconciliation Desk demo sandbox',
    stdio: 'pipe',
  });
  return {
    stdout: child.stdout,
    stderr: child.stderr,
    kill: () => void child.kill(),
    // Electron says 'exit' also for a script that could not be started (code 1).
    onExit: (listener) => void child.once('exit', (code) => listener(code)),
  };
}
