import { fork } from 'node:child_process';
import type { DemoSandbox } from '../ports';
import { createDemoSandbox, type SandboxProcess } from './demo-sandbox';

/** Where browser mode's demo sandbox keeps its data and which script it runs. */
export interface NodeDemoSandboxOptions {
  /** `<the host's --data folder>/demo-sandbox`. */
  dataDir: string;
  /** The sandbox bundle (`<out>/main/sandbox.js`), or `src-sandbox/main.ts` with `execArgv` loading tsx. */
  entry: string;
  /** Node's flags for the child (none: the bundle is plain JavaScript). */
  execArgv?: string[];
  startTimeoutMs?: number;
  log?: (line: string) => void;
}

/**
 * Browser mode's demo sandbox: a child process of the host (`child_process.fork`). The fork's IPC
 * channel closes when the host ends however it ends, and the sandbox stops with it, so no sandbox of a
 * crashed host keeps the demo's port (docs/decisions/099-demo-company.md).
 */
export function createNodeDemoSandbox(options: NodeDemoSandboxOptions): DemoSandbox {
  return createDemoSandbox({
    dataDir: options.dataDir,
    entry: options.entry,
    startTimeoutMs: options.startTimeoutMs,
    log: options.log,
    fork: (entry, args) => forkNode(entry, args, options.execArgv ?? []),
  });
}

/** `child_process.fork` as a `SandboxProcess`, with its pid. */
export function forkNode(
  entry: string,
  args: string[],
  execArgv: string[],
): SandboxProcess & { readonly pid: number | undefined } {
  const child = fork(entry, args, { execArgv, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  return {
    pid: child.pid,
    stdout: child.stdout,
    stderr: child.stderr,
    kill: () => void child.kill('SIGTERM'),
    onExit(listener) {
      let hasEnded = false;
      const end = (code: number | null): void => {
        if (hasEnded) return;
        hasEnded = true;
        listener(code);
      };
      child.once('exit', (code) => end(code));
      // Not started at all: Node says so with 'error' (and no pid) and may never say 'exit'.
      child.once('error', () => {
        if (child.pid === undefined) end(null);
      });
    },
  };
}
