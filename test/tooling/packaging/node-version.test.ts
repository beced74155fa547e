// The project's Node (docs/decisions/103-node-24-and-better-sqlite3-13.md): .node-version pins the exact
// 24 LTS release that .ci/run and the workflows run; package.json's engines, the README and every locked
// package agree with it, so `npm ci` on the pinned Node or the oldest supported one prints no EBADENGINE
// (and, with engine-strict, stops on an older Node instead of installing a native module that crashes).
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
  valid(version: string): string | null;
};
const read = (file: string): string => readFileSync(join(root, file), 'utf8');

const pinned = read('.node-version').trim();
const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe("the project's Node", () => {
  it('is pinned exactly to a Node 24 LTS release that engines accepts', () => {
    expect(semver.valid(pinned)).toBe(pinned);
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(semver.satisfies(pinned, pkg.engines.node)).toBe(true);
    // Node 20 is past its end of life and better-sqlite3 13 crashes on it.
    expect(semver.satisfies('20.20.2', pkg.engines.node)).toBe(false);
  });

  it('is what the README asks for and names as the tested one', () => {
    const oldest = semver.minVersion(pkg.engines.node)!.version.replace(/\.0$/, '');
    const readme = read('README.md');
    expect(readme).toContain(`Node.js ${oldest} or later`);
    expect(readme).toContain(`Node.js 24 LTS`);
    expect(readme).toContain('.node-version');
  });

  it('makes npm refuse an older Node at install, rather than warn', () => {
    expect(read('.npmrc')).toMatch(/^engine-strict=true$/m);
  });

  it('is accepted by every locked package, on the pinned Node and on the oldest engines allows', () => {
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    const refusing = (version: string): string[] =>
      Object.entries(lock.packages).flatMap(([path, entry]) => {
        const range = !entry.engines || Array.isArray(entry.engines) ? undefined : entry.engines.node;
        // An optional package that refuses is skipped by npm, silently (rolldown's wasm fallback).
        if (!range || entry.optional || semver.satisfies(version, range)) return [];
        return [`${path || 'the project'} needs node ${range}`];
      });
    expect(refusing(pinned)).toEqual([]);
    expect(refusing(oldest)).toEqual([]);
  });

  it('is the Node .ci/run runs the tests with, installed from the registry where the machine is older', () => {
    const ci = read('.ci/run');
    const useNode = ci.indexOf('. scripts/use-node.sh');
    expect(useNode).toBeGreaterThan(-1);
    expect(useNode).toBeLessThan(ci.indexOf('npm ci'));
    const script = read('scripts/use-node.sh');
    expect(script).toContain('.node-version');
    expect(script).toContain('npm pack');
    expect(script).toContain('npm_config_nodedir');
  });
});
