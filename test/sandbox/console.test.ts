import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopes } from '../../src-shared/wire';
import { buildSandbox } from '../../src-sandbox/app';
import { consoleAddress, consoleContentSecurityPolicy, isOwnHost } from '../../src-sandbox/admin/console';
import { openClock } from '../../src-sandbox/clock';
import type { SandboxApp } from '../../src-sandbox/context';
import { openStore } from '../../src-sandbox/store/db';
import { createCompany } from '../../src-sandbox/store/platform';

// The console page (docs/decisions/019-sandbox-console-page.md): its files answer without the admin
// secret and hold none, under a strict CSP; the admin API it calls still needs the secret; a Host
// that is not the sandbox's own is refused; the address with the secret is printed to a terminal only.

const adminSecret = 'console-test-secret-Zq81xPw3';
const root = resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
let app: SandboxApp;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'console-test-'));
  dirs.push(dir);
  const db = openStore(dir);
  const clock = openClock(db);
  createCompany(db, clock, 'DEMO', 'Demo Trading Company');
  app = await buildSandbox(db, { dataDir: dir, rateLimitPerMinute: 77, writeDelayMs: 0 }, adminSecret);
});
afterAll(async () => {
  await app?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const pageHeaders = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const files = [
  { url: '/_sandbox/', type: 'text/html; charset=utf-8' },
  { url: '/_sandbox', type: 'text/html; charset=utf-8' },
  { url: '/_sandbox/console/console.js', type: 'text/javascript; charset=utf-8' },
  { url: '/_sandbox/console/console.css', type: 'text/css; charset=utf-8' },
  { url: '/_sandbox/console/icon.svg', type: 'image/svg+xml' },
  { url: '/_sandbox/console/options.json', type: 'application/json; charset=utf-8' },
];

function headersOf(answer: { headers: Record<string, unknown> }, names: readonly string[]) {
  return Object.fromEntries(names.map((name) => [name, answer.headers[name]]));
}

describe('the console page and its files', () => {
  it('answer without the admin secret, each with the CSP, nosniff and no-referrer', async () => {
    expect(consoleContentSecurityPolicy).toBe(pageHeaders['content-security-policy']);
    const seen = [];
    for (const file of files) {
      for (const method of ['GET', 'HEAD'] as const) {
        const answer = await app.inject({ method, url: file.url });
        seen.push({
          method,
          url: file.url,
          status: answer.statusCode,
          type: answer.headers['content-type'],
          hasBody: answer.body.length > 0,
          ...headersOf(answer, Object.keys(pageHeaders)),
        });
      }
    }
    expect(seen).toEqual(
      files.flatMap((file) =>
        (['GET', 'HEAD'] as const).map((method) => ({
          method,
          url: file.url,
          status: 200,
          type: file.type,
          hasBody: method === 'GET',
          ...pageHeaders,
        })),
      ),
    );
  });

  it('hold no secret, no inline script or style, and nothing from another origin', async () => {
    const html = (await app.inject({ method: 'GET', url: '/_sandbox/' })).body;
    for (const file of files) {
      const body = (await app.inject({ method: 'GET', url: file.url })).body;
      expect(body, file.url).not.toContain(adminSecret);
    }
    // Every script is a file of the page; none has a body; no handler or style attribute, no <style>.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => [m[1]!.trim(), m[2]!.trim()])).toEqual([
      ['src="/_sandbox/console/console.js" defer', ''],
    ]);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/\sstyle\s*=/i);
    expect(html).not.toMatch(/<style\b/i);
    const links = [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
    expect(links).toEqual([
      '/_sandbox/console/icon.svg',
      '/_sandbox/console/console.css',
      '/_sandbox/console/console.js',
    ]);
    // The script builds the page with textContent, never markup from the sandbox's answers.
    const script = (await app.inject({ method: 'GET', url: '/_sandbox/console/console.js' })).body;
    expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
    expect(script).not.toMatch(/document\.cookie|localStorage\./);
  });

  it('offers the page the scopes of the wire and the sandbox default rate limit', async () => {
    const answer = await app.inject({ method: 'GET', url: '/_sandbox/console/options.json' });
    expect(answer.json()).toEqual({ scopes: [...scopes], defaultRateLimitPerMinute: 77 });
  });
});

describe('the admin API the page calls', () => {
  it('still needs the admin secret, and serves no other file under /_sandbox/console/', async () => {
    const call = async (method: 'GET' | 'POST', url: string, secret?: string, payload?: object) => {
      const answer = await app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: secret ? { authorization: `Bearer ${secret}` } : {},
      });
      return {
        url,
        status: answer.statusCode,
        code: answer.json<{ error?: { code: string } }>().error?.code,
      };
    };
    expect([
      await call('GET', '/_sandbox/companies'),
      await call('GET', '/_sandbox/clients', 'wrong'),
      await call('POST', '/_sandbox/clock', undefined, { advance_seconds: 0 }),
      await call('POST', '/_sandbox/clock', adminSecret, { advance_seconds: 0 }),
      await call('GET', '/_sandbox/console/other.js'),
      await call('GET', '/_sandbox/console/../admin/console.ts'),
      await call('GET', '/_sandbox/console/%2e%2e/admin/console.ts'),
      await call('GET', '/_sandbox/console/index.html'),
    ]).toEqual([
      { url: '/_sandbox/companies', status: 401, code: 'TOKEN_INVALID' },
      { url: '/_sandbox/clients', status: 401, code: 'TOKEN_INVALID' },
      { url: '/_sandbox/clock', status: 401, code: 'TOKEN_INVALID' },
      { url: '/_sandbox/clock', status: 200, code: undefined },
      { url: '/_sandbox/console/other.js', status: 401, code: 'TOKEN_INVALID' },
      { url: '/_sandbox/console/../admin/console.ts', status: 401, code: 'TOKEN_INVALID' },
      { url: '/_sandbox/console/%2e%2e/admin/console.ts', status: 401, code: 'TOKEN_INVALID' },
      { url: '/_sandbox/console/index.html', status: 401, code: 'TOKEN_INVALID' },
    ]);
  });

  it('does not take the page a POST answers to', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/_sandbox/',
      headers: { authorization: `Bearer ${adminSecret}` },
    });
    expect([answer.statusCode, answer.json().error.code, answer.headers.allow]).toEqual([
      405,
      'METHOD_NOT_ALLOWED',
      'GET, HEAD',
    ]);
  });
});

describe("the sandbox's own Host", () => {
  it('serves the page to loopback names and refuses any other name with 403 and the envelope', async () => {
    const hosts = [
      'localhost:8787',
      'LOCALHOST',
      '127.0.0.1:8787',
      '127.5.6.7',
      '[::1]:8787',
      '[::ffff:127.0.0.1]:9',
      'evil.example',
      'evil.example:8787',
      '127.0.0.1.evil.example',
      'localhost.evil.example:8787',
      'sub.localhost',
      '192.0.2.10:8787',
      '[fd00::2]',
    ];
    const seen = [];
    for (const host of hosts) {
      const answer = await app.inject({ method: 'GET', url: '/_sandbox/', headers: { host } });
      seen.push({
        host,
        status: answer.statusCode,
        code: answer.statusCode === 200 ? null : answer.json().error.code,
        csp: answer.headers['content-security-policy'],
      });
    }
    const csp = pageHeaders['content-security-policy'];
    expect(seen).toEqual(
      hosts.map((host, index) => ({
        host,
        status: index < 6 ? 200 : 403,
        code: index < 6 ? null : 'INVALID_REQUEST',
        csp,
      })),
    );
  });

  it('counts the address a request arrived at as its own (a sandbox on a LAN address), by IP only', () => {
    expect([
      isOwnHost('192.0.2.10:8787', '192.0.2.10'),
      isOwnHost('192.0.2.10:8787', '::ffff:192.0.2.10'),
      isOwnHost('[fd00::2]:8787', 'fd00::2'),
      isOwnHost('192.0.2.11:8787', '192.0.2.10'),
      isOwnHost('sandbox.lan:8787', '192.0.2.10'),
      isOwnHost('192.0.2.10', undefined),
      isOwnHost(undefined, '127.0.0.1'),
    ]).toEqual([true, true, true, false, false, false, false]);
  });

  it('leaves the admin API to its secret, whatever the Host (an ERP in a container calls by any name)', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/_sandbox/clock',
      headers: { host: 'host.docker.internal:8787', authorization: `Bearer ${adminSecret}` },
      payload: { advance_seconds: 0 },
    });
    expect(answer.statusCode).toBe(200);
  });

  // Over a real socket: the address the connection arrived at is the machine's own non-loopback one.
  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  it.skipIf(lanAddress === undefined)(
    'serves the page by the LAN address it listens on, and not by another',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'console-lan-'));
      dirs.push(dir);
      const db = openStore(dir);
      const lan = await buildSandbox(db, { dataDir: dir, rateLimitPerMinute: 10, writeDelayMs: 0 }, 's');
      try {
        await lan.listen({ host: lanAddress!, port: 0 });
        const port = (lan.server.address() as { port: number }).port;
        const own = await fetch(`http://${lanAddress}:${port}/_sandbox/`);
        // fetch() cannot set Host; a raw request can.
        const other = await new Promise<number>((resolvePromise, reject) => {
          import('node:http').then(({ request }) => {
            const req = request(
              { host: lanAddress, port, path: '/_sandbox/', headers: { host: `rebound.example:${port}` } },
              (res) => {
                res.resume();
                resolvePromise(res.statusCode ?? 0);
              },
            );
            req.on('error', reject);
            req.end();
          }, reject);
        });
        expect([own.status, other]).toEqual([200, 403]);
      } finally {
        await lan.close();
        db.close();
      }
    },
  );
});

describe('the address that opens the console', () => {
  it('carries the secret in the fragment, on a loopback host for an unspecified one', () => {
    expect([
      consoleAddress(new URL('http://127.0.0.1:8787/api/integration/v1'), 'abc'),
      consoleAddress(new URL('http://0.0.0.0:8787/api/integration/v1'), 'abc'),
      consoleAddress(new URL('http://[::]:8787/api/integration/v1'), 'a+b/c=&d'),
      consoleAddress(new URL('http://192.0.2.10:8787/api/integration/v1'), 'abc'),
    ]).toEqual([
      'http://127.0.0.1:8787/_sandbox/#secret=abc',
      'http://127.0.0.1:8787/_sandbox/#secret=abc',
      'http://[::1]:8787/_sandbox/#secret=a%2Bb%2Fc%3D%26d',
      'http://192.0.2.10:8787/_sandbox/#secret=abc',
    ]);
  });
});

/** Runs the sandbox until its start-up lines are out, then stops it; answers its stdout. */
function startUpLines(command: string, args: string[]): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no listening line within 60 s:\n${out}\n${err}`));
    }, 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString().replace(/\r/g, '');
      // The console line, when there is one, is written right after the listening line.
      if (/^listening /m.test(out)) setTimeout(() => child.kill('SIGTERM'), 300);
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise(out);
    });
  });
}

describe('the start-up lines', () => {
  const sandboxArgs = (dir: string) => [
    '--import',
    'tsx',
    join(root, 'src-sandbox/main.ts'),
    '--port',
    '0',
    '--docs',
    '0',
    '--data',
    dir,
  ];

  it('print no console address (and no secret) when stdout is not a terminal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-pipe-'));
    dirs.push(dir);
    const out = await startUpLines(process.execPath, sandboxArgs(dir));
    const secret = readFileSync(join(dir, 'admin-secret'), 'utf8').trim();
    expect(out.trim().split('\n')).toEqual([
      expect.stringMatching(/^listening http:\/\/127\.0\.0\.1:\d+\/api\/integration\/v1$/),
    ]);
    expect(out).not.toContain(secret);
  });

  const hasScript = spawnSync('script', ['--version']).status === 0;
  it.skipIf(!hasScript)('print the console address after the listening line on a terminal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-tty-'));
    dirs.push(dir);
    // script(1) runs the sandbox on a pseudo-terminal, as `npm run sandbox` in a terminal does.
    const command = [process.execPath, ...sandboxArgs(dir)].map((a) => `'${a}'`).join(' ');
    const out = await startUpLines('script', ['-qec', command, '/dev/null']);
    const secret = readFileSync(join(dir, 'admin-secret'), 'utf8').trim();
    const lines = out.trim().split('\n');
    const port = /^listening http:\/\/127\.0\.0\.1:(\d+)\//.exec(lines[0] ?? '')?.[1];
    expect(lines).toEqual([
      `listening http://127.0.0.1:${port}/api/integration/v1`,
      `console http://127.0.0.1:${port}/_sandbox/#secret=${encodeURIComponent(secret)}`,
    ]);
  });
});
