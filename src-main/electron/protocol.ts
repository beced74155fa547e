// The app's own protocol (`app://desk/…`, Electron security checklist 18) as plain functions: which
// file a URL names, and the answer, so that both are tested without Electron's binary
// (test/electron/protocol.test.ts). main.ts hands `serveAppRequest` to `protocol.handle`.
import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, sep } from 'node:path';
import { rendererContentTypes } from '../core/renderer-files';
import { appHost, appScheme, electronContentSecurityPolicy } from './security';

/** A file of the renderer's build that a URL names, or null: the answer is then 404. */
export interface AppFile {
  path: string;
  contentType: string;
}

/** Whether a decoded segment holds a separator, a drive's colon or a control character. */
function hasForbiddenCharacter(segment: string): boolean {
  for (const character of segment) {
    const code = character.charCodeAt(0);
    if (character === '/' || character === '\\' || character === ':' || code < 0x20 || code === 0x7f)
      return true;
  }
  return false;
}

/**
 * The file under `rendererRoot` that an `app://desk/…` URL names, or null.
 *
 * Only the app's host (no port, no credentials); `/` is `index.html`. The path is read segment by
 * segment: a backslash or an encoded slash or backslash anywhere, an empty segment (`//`), `.` or `..`
 * (also when percent-encoded), a colon or a control character refuse the URL, and the joined path must
 * still lie under the root; a type not in `rendererContentTypes` (the build's types) is refused too, answered 404 like a missing file. Query and fragment are
 * ignored (docs/decisions/098-desktop-shell.md).
 */
export function resolveAppFile(url: string, rendererRoot: string): AppFile | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (
    parsed.protocol !== `${appScheme}:` ||
    parsed.hostname.toLowerCase() !== appHost ||
    parsed.port !== '' ||
    parsed.username !== '' ||
    parsed.password !== ''
  ) {
    return null;
  }
  const rawPath = parsed.pathname;
  if (!rawPath.startsWith('/') || /\\|%2f|%5c/i.test(rawPath)) return null;
  const rawSegments = rawPath === '/' ? ['index.html'] : rawPath.slice(1).split('/');
  const segments: string[] = [];
  for (const raw of rawSegments) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '' || segment === '.' || segment === '..' || hasForbiddenCharacter(segment)) return null;
    segments.push(segment);
  }
  const path = join(rendererRoot, ...segments);
  const inside = relative(rendererRoot, path);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return null;
  const contentType = rendererContentTypes[extname(path).toLowerCase()];
  return contentType === undefined ? null : { path, contentType };
}

/** The headers of every answer of the app's protocol, found or not: the strict CSP among them. */
export function appResponseHeaders(contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Security-Policy': electronContentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': 'no-cache',
  };
}

function plainResponse(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { ...appResponseHeaders('text/plain; charset=utf-8'), ...extra },
  });
}

/** Reads a file's bytes (node:fs/promises' readFile; tests pass their own). */
export type ReadAppFile = (path: string) => Promise<Uint8Array>;

/**
 * The answer to one request of the app's protocol: the file with its type, or 404 (not a file of the
 * renderer's build, or missing), 405 for a method other than GET and HEAD, 500 when the file exists but
 * cannot be read. Every answer carries `appResponseHeaders`.
 */
export async function serveAppRequest(
  request: Request,
  rendererRoot: string,
  read: ReadAppFile = readFile,
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return plainResponse(405, 'Method not allowed', { Allow: 'GET, HEAD' });
  }
  const file = resolveAppFile(request.url, rendererRoot);
  if (!file) return plainResponse(404, 'Not found');
  let bytes: Uint8Array;
  try {
    bytes = await read(file.path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return plainResponse(404, 'Not found');
    return plainResponse(500, 'The file could not be read');
  }
  return new Response(request.method === 'HEAD' ? null : new Blob([bytes]), {
    status: 200,
    headers: appResponseHeaders(file.contentType),
  });
}
