import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const root = resolve(import.meta.dirname, '../..');

/** The browser-mode host of the app (`start:browser`'s server), on a free port. */
export interface RunningAppHost {
  /** The address with this launch's secret, as printed. */
  url: string;
  origin: string;
  /** This launch's secret (in `url`); programs send it as `Authorization: Bearer`. */
  secret: string;
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
      options.rendererDir ?? join(root, process.env.DESK_OUT_DIR ?? 'out', 'renderer'),
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
    secret: new URL(url).searchParams.get('secret') ?? '',
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

/** What came back on a raw connection: the status of the first answer (0: none) and all the bytes. */
export interface RawAnswer {
  status: number;
  text: string;
}

/**
 * Writes `text` byte for byte to a new TCP connection to 127.0.0.1:`port` (no HTTP client in between,
 * so a malformed request reaches the host exactly as written) and collects the answer until the host
 * closes the connection, or `timeoutMs` passes. With `cutOffAfterMs` the client drops the connection
 * that long after writing, as one that dies mid-request.
 */
export function sendRaw(
  port: number,
  text: string,
  options: { cutOffAfterMs?: number; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolveAnswer) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port });
    const finish = (): void => {
      socket.destroy();
      const answer = Buffer.concat(chunks).toString('latin1');
      resolveAnswer({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), text: answer });
    };
    const timer = setTimeout(finish, options.timeoutMs ?? 10_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      finish();
    });
    socket.on('connect', () => {
      socket.write(Buffer.from(text, 'latin1'));
      if (options.cutOffAfterMs !== undefined) setTimeout(() => socket.destroy(), options.cutOffAfterMs);
    });
  });
}

/** One malformed request of the attacker's review, and the status the host must answer it with. */
export interface MalformedRequest {
  name: string;
  /** The raw request, `\r\n` line ends, latin1 bytes. */
  text: string;
  /** The status expected; 0 for a request the client itself cuts off before the host can answer. */
  status: number;
  cutOffAfterMs?: number;
}

/**
 * Requests that once stopped the browser-mode host, or could: a request target that is no URL, bad
 * percent-encoding, garbage in cookies and headers, a header too large, bodies that are not a bridge
 * call, a body cut off. Each carries the right Host, and the secret where it takes the secret to reach
 * the code that reads it.
 */
export function malformedRequests(port: number, secret: string): MalformedRequest[] {
  const host = `Host: 127.0.0.1:${port}`;
  const auth = `Authorization: Bearer ${secret}`;
  const get = (target: string, ...headers: string[]): string =>
    [`GET ${target} HTTP/1.1`, host, ...headers, 'Connection: close', '', ''].join('\r\n');
  const post = (body: string, ...headers: string[]): string =>
    [
      'POST /desk/connections.list HTTP/1.1',
      host,
      auth,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body, 'latin1')}`,
      ...headers,
      'Connection: close',
      '',
      body,
    ].join('\r\n');
  return [
    { name: 'a request target that is no URL', text: get('http://['), status: 400 },
    { name: 'a request target that is no URL, with the secret', text: get('http://[', auth), status: 400 },
    {
      name: 'an absolute-form target naming another host',
      text: get('http://evil.example/', auth),
      status: 400,
    },
    { name: 'a bad percent-encoding in the path', text: get('/%', auth), status: 400 },
    { name: 'a cut percent-encoding in a file path', text: get('/assets/%E0%A4%A', auth), status: 400 },
    { name: 'a bad percent-encoding, without the secret', text: get('/%'), status: 401 },
    {
      name: 'percent garbage in the cookies',
      text: get('/', 'Cookie: desk_secret=%E0%A4%A; desk_page=/%; %=%'),
      status: 401,
    },
    {
      name: 'percent garbage in Authorization',
      text: get('/desk/events', 'Authorization: Bearer /%'),
      status: 401,
    },
    {
      name: 'bytes beyond ASCII in a cookie',
      text: get('/', 'Cookie: desk_secret=\xff\xfe\x80'),
      status: 401,
    },
    { name: 'a percent-encoded secret in the query', text: get('/?secret=%', auth), status: 401 },
    { name: 'an Origin that is no origin', text: get('/', auth, 'Origin: %'), status: 403 },
    { name: 'a header of 20 kB', text: get('/', auth, `X-Big: ${'a'.repeat(20_000)}`), status: 431 },
    { name: 'a control character in a header', text: get('/', auth, 'X-Bad: a\x01b'), status: 400 },
    { name: 'a header name with a space', text: get('/', auth, 'X Bad: b'), status: 400 },
    { name: 'a request line that is no HTTP', text: 'GARBAGE\r\n\r\n', status: 400 },
    { name: 'a bridge call that is no JSON', text: post('{"args":'), status: 400 },
    { name: 'a bridge call of JSON null', text: post('null'), status: 400 },
    { name: 'a bridge call of a JSON string', text: post('"args"'), status: 400 },
    { name: 'a bridge call of a JSON list', text: post('[]'), status: 400 },
    { name: 'a bridge call in bytes that are no UTF-8', text: post('{"args":["\xff\xfe"]}'), status: 200 },
    {
      name: 'a bridge call cut off mid-body',
      text: post('{"args":[]}').replace(/Content-Length: \d+/, 'Content-Length: 100'),
      status: 0,
      cutOffAfterMs: 100,
    },
  ];
}
