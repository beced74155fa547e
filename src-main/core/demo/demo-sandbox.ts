import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { writeFileDurably } from '../adapters/durable-file';
import { LocalError } from '../local-error';
import type { DemoSandbox } from '../ports';

/**
 * A started sandbox process, as the host's way of starting one shows it: Node's `child_process.fork`
 * in browser mode, Electron's `utilityProcess.fork` in the desktop app. Both pipe stdout and stderr.
 */
export interface SandboxProcess {
  /** Where the sandbox prints `listening {base_url}` when it is ready (sandbox contract). */
  readonly stdout: NodeJS.ReadableStream | null;
  /** Where it logs its failures (the admin secret masked, never a token). */
  readonly stderr: NodeJS.ReadableStream | null;
  /** Asks it to stop: SIGTERM on POSIX, after which it finishes what is in flight and exits 0. */
  kill(): void;
  /** Calls `listener` once, when the process has ended (or could not be started): its exit code. */
  onExit(listener: (code: number | null) => void): void;
}

/** Starts `entry` (the sandbox's script) with `args` as a separate process. */
export type ForkSandbox = (entry: string, args: string[]) => SandboxProcess;

/** What a demo sandbox is made of; the times are for tests. */
export interface DemoSandboxOptions {
  /** The sandbox's data folder: `<user data>/demo-sandbox`. */
  dataDir: string;
  /** The sandbox's script: the bundle `out/main/sandbox.js` (or `src-sandbox/main.ts` under tsx). */
  entry: string;
  fork: ForkSandbox;
  /** How long a start may take before the clerk is told what to do (60 s). */
  startTimeoutMs?: number;
  /** How long `stop` waits for the process to exit after SIGTERM (10 s). */
  stopTimeoutMs?: number;
  /** Receives each line the sandbox writes (its logs), for the host's own log. */
  log?: (line: string) => void;
}

/** The file in the sandbox's data folder naming the port it listened on last. */
export const demoPortFile = 'desk-port';

/** The ERP sample files the demo writes beside its data, for trying Reconcile and Master data. */
export const demoErpSamplesDir = 'erp-samples';

interface Launched {
  child: SandboxProcess;
  baseUrl: string;
  /** Settles when the process has ended. */
  exited: Promise<void>;
  /** Whether it has ended, known the moment it ends (before `exited` settles). */
  hasExited(): boolean;
}

interface Running extends Launched {
  token: string;
}

/** What ended a start before the sandbox said it listens. */
class StartFailure extends Error {
  constructor(
    message: string,
    readonly isPortTaken: boolean,
  ) {
    super(message);
  }
}

const lastLinesKept = 20;

/**
 * The bundled sandbox of "Open the demo company" (docs/decisions/099-demo-company.md), on 127.0.0.1
 * with its data in `dataDir`. It listens on the port it used last time, so the saved connection's
 * address stays the same from one start of the app to the next; a port another program took since
 * makes it take a free one (and remember that). A second start while it runs answers the same; after
 * it died, the next start starts it again on the same data.
 */
export function createDemoSandbox(options: DemoSandboxOptions): DemoSandbox {
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  let running: Running | null = null;
  let starting: Promise<Running> | null = null;

  const portFile = join(options.dataDir, demoPortFile);

  async function rememberedPort(): Promise<number> {
    try {
      const port = Number((await readFile(portFile, 'utf8')).trim());
      return Number.isInteger(port) && port > 0 && port < 65_536 ? port : 0;
    } catch {
      return 0;
    }
  }

  async function rememberPort(port: number): Promise<void> {
    await writeFileDurably(portFile, `${port}\n`, { temporary: `${portFile}.${process.pid}.tmp` });
  }

  /** One attempt: forks the sandbox on `port` and waits for its `listening` line. */
  function launch(port: number): Promise<Launched> {
    const args = [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--data',
      options.dataDir,
      '--erp-samples',
      join(options.dataDir, demoErpSamplesDir),
    ];
    const child = options.fork(options.entry, args);
    const lastLines: string[] = [];
    const keep = (line: string): void => {
      lastLines.push(line);
      if (lastLines.length > lastLinesKept) lastLines.shift();
      options.log?.(line);
    };
    // Both streams are read to their end, so a sandbox that logs much never blocks on a full pipe.
    if (child.stderr) createInterface({ input: child.stderr }).on('line', keep);
    let resolveExit: (code: number | null) => void = () => undefined;
    const exitCode = new Promise<number | null>((resolveCode) => (resolveExit = resolveCode));
    let hasExited = false;
    child.onExit((code) => {
      hasExited = true;
      // In the host's log, so a sandbox that died while the clerk worked (a crash, a native abort) says
      // when and how: its last lines are just above.
      options.log?.(`ended (exit code ${code ?? 'none'})`);
      resolveExit(code);
    });
    const exited = exitCode.then(() => undefined);

    return new Promise((resolveStart, rejectStart) => {
      let isSettled = false;
      const timer = setTimeout(() => {
        if (isSettled) return;
        isSettled = true;
        child.kill();
        rejectStart(
          new StartFailure(
            `The demo company did not start within ${Math.round(startTimeoutMs / 1000)} s. Try again; if it still does not start, close the app and delete the folder ${options.dataDir} (it holds only the demo's made-up documents), then open the demo company again.`,
            false,
          ),
        );
      }, startTimeoutMs);
      if (child.stdout) {
        createInterface({ input: child.stdout }).on('line', (line) => {
          const match = /^listening (http:\/\/\S+)$/.exec(line);
          if (!match) return keep(line);
          if (isSettled) return;
          isSettled = true;
          clearTimeout(timer);
          resolveStart({ child, baseUrl: match[1]!, exited, hasExited: () => hasExited });
        });
      }
      void exitCode.then((code) => {
        if (isSettled) return;
        isSettled = true;
        clearTimeout(timer);
        const said = lastLines.join('\n');
        rejectStart(
          new StartFailure(
            `The demo company stopped while starting (exit code ${code ?? 'none'}). Try again; if it keeps stopping, close the app and delete the folder ${options.dataDir} (it holds only the demo's made-up documents), then open the demo company again.${said ? `\nIt said: ${said}` : ''}`,
            /EADDRINUSE/.test(said),
          ),
        );
      });
    });
  }

  /** Starts the process and waits until it listens; the demo's address and token. */
  async function startNew(): Promise<Running> {
    if (!existsSync(options.entry))
      throw new LocalError(
        'DEMO_UNAVAILABLE',
        `This copy of the app lacks its bundled sandbox (${options.entry}). Build the app again ("npm run build") or reinstall it.`,
      );
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
    const port = await rememberedPort();
    const started = await launch(port)
      .catch((error: unknown) => {
        // Another program took the port the demo used last: its saved connection's address changes once.
        if (error instanceof StartFailure && error.isPortTaken && port !== 0) return launch(0);
        throw error;
      })
      .catch(toLocalError);
    await rememberPort(Number(new URL(started.baseUrl).port));
    // The sandbox writes its demo token before it prints `listening` (sandbox contract).
    const token = (await readFile(join(options.dataDir, 'demo-token'), 'utf8')).trim();
    const now: Running = { ...started, token };
    void now.exited.then(() => {
      if (running === now) running = null;
    });
    running = now;
    return now;
  }

  return {
    async start() {
      // A sandbox that died (killed, crashed) is started again on the same data and port.
      const alive = running && !running.hasExited() ? running : null;
      const current = alive ?? (await (starting ??= startNew().finally(() => (starting = null))));
      return { baseUrl: current.baseUrl, token: current.token };
    },
    async stop() {
      await starting?.catch(() => undefined);
      const current = running;
      if (!current) return;
      running = null;
      current.child.kill();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        current.exited,
        new Promise<void>((resolveWait) => (timer = setTimeout(resolveWait, stopTimeoutMs))),
      ]);
      clearTimeout(timer);
    },
  };
}

function toLocalError(error: unknown): never {
  if (error instanceof StartFailure) throw new LocalError('DEMO_UNAVAILABLE', error.message, true);
  throw error;
}
