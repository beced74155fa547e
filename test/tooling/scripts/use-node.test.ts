// scripts/use-node.sh, as .ci/run sources it: the Node of .node-version first on PATH where the machine's
// is older, from the cache folder (filled from the npm registry once), with npm_config_nodedir at its
// headers; a machine with that Node or a newer one is left as it is. The registry is not asked here: the
// cache is laid out beforehand, as a second run finds it.
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const pinned = readFileSync(join(root, '.node-version'), 'utf8').trim();
const platform = `${process.platform}-${process.arch === 'x64' ? 'x64' : 'arm64'}`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder holding a `node` that says `version`. */
function fakeNode(version: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'use-node-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'bin', 'node'), `#!/bin/sh\necho v${version}\n`);
  chmodSync(join(dir, 'bin', 'node'), 0o755);
  return dir;
}

/** Sources the script in bash with `machineNode` as the only Node on PATH: the Node then run, and the env. */
function sourceWith(machineNode: string, cache: string): { node: string; path: string; nodedir: string } {
  const out = execFileSync(
    'bash',
    [
      '-c',
      `set -euo pipefail; . scripts/use-node.sh >/dev/null; node; echo "$PATH"; echo "\${npm_config_nodedir:-}"`,
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: `${join(machineNode, 'bin')}:/usr/bin:/bin`, HOME: cache, DESK_NODE_CACHE: cache },
    },
  );
  const [node, path, nodedir] = out.trimEnd().split('\n');
  return { node: node!, path: path!, nodedir: nodedir ?? '' };
}

describe.skipIf(process.platform === 'win32')('scripts/use-node.sh', () => {
  it("puts the cached pinned Node first on PATH where the machine's is older, with its headers for npm", () => {
    const cache = mkdtempSync(join(tmpdir(), 'use-node-cache-'));
    dirs.push(cache);
    const cached = join(cache, `node-${platform}-${pinned}`);
    mkdirSync(join(cached, 'bin'), { recursive: true });
    writeFileSync(join(cached, 'bin', 'node'), `#!/bin/sh\necho v${pinned}\n`);
    chmodSync(join(cached, 'bin', 'node'), 0o755);

    const used = sourceWith(fakeNode('20.20.2'), cache);
    expect(used.node).toBe(`v${pinned}`);
    expect(used.path.split(':')[0]).toBe(join(cached, 'bin'));
    expect(used.nodedir).toBe(cached);
  });

  it('leaves a machine with the pinned Node or a newer one as it is', () => {
    const cache = mkdtempSync(join(tmpdir(), 'use-node-cache-'));
    dirs.push(cache);
    const [major, minor] = pinned.split('.').map(Number);
    for (const version of [pinned, `${major}.${minor! + 1}.0`, '26.12.1']) {
      const used = sourceWith(fakeNode(version), cache);
      expect(used.node).toBe(`v${version}`);
      expect(used.nodedir).toBe('');
    }
  });
});
