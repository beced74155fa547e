// Electron's own install step downloads its binary from a host outside the npm registry. Where that
// host can't be reached the optional `electron` package is dropped by npm, which would also take away
// its type definitions and version (needed by typecheck, electron-vite and electron-builder).
// This puts the package itself back from the npm registry, without the binary and without running
// its download, so everything but opening the window builds and tests. See docs/development.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, cpSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = process.cwd();
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const wanted = pkg.optionalDependencies?.electron;
const target = join(root, 'node_modules', 'electron');

// A package already in place is kept when it is the pinned version (with or without its binary); an
// older one left behind by a move to a new pin (npm keeps it when the new download fails) is replaced.
if (!wanted || installedVersion() === wanted) process.exit(0);

const scratch = mkdtempSync(join(tmpdir(), 'electron-pkg-'));
try {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['pack', `electron@${wanted}`, '--silent', '--pack-destination', scratch], {
    stdio: ['ignore', 'ignore', 'inherit'],
    shell: process.platform === 'win32',
  });
  const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack produced no tarball');
  execFileSync('tar', ['-xzf', join(scratch, tarball), '-C', scratch]);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  cpSync(join(scratch, 'package'), target, { recursive: true });
  console.log(
    `electron@${wanted}: the binary could not be downloaded here; its package (types) is in place. ` +
      'Everything but the Electron window works: use `npm run start:browser`, or run `npx install-electron` where the download host is reachable.',
  );
} catch (error) {
  // Never fail the install over this: only typecheck of the Electron shell needs it.
  console.warn(`electron@${wanted}: could not place the package without its binary (${error.message}).`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

function installedVersion() {
  try {
    return JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}
