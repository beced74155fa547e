// The installers' configuration, read as electron-builder reads it (electron-builder.json, package.json):
// valid against electron-builder's own schema, every fuse of the Electron security checklist (item 19)
// set, native modules unpacked from the archive and all of them N-API (so none is rebuilt for Electron),
// the built app with its bundled sandbox inside, the Electron pins agreeing, and the update feed
// published with the release. docs/decisions/097-packaging-and-release-pipeline.md and
// 103-node-24-and-better-sqlite3-13.md. Pure reads: nothing is built here.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);

interface BuilderConfig {
  electronVersion: string;
  files: string[];
  asar?: boolean;
  asarUnpack: string[];
  npmRebuild?: boolean;
  buildDependenciesFromSource?: boolean;
  electronFuses: Record<string, boolean>;
  publish: Array<{ provider: string; releaseType?: string }>;
  mac: { target: string[]; hardenedRuntime: boolean };
  linux: { target: string[] };
  win: { target: string[] };
}
interface PackageJson {
  main: string;
  optionalDependencies: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

const config = JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;

describe('electron-builder.json', () => {
  it("is valid against electron-builder's own schema", async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
      validateConfiguration(config: unknown, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    // The same validation refuses a misspelt fuse, so the check above has teeth.
    await expect(
      validateConfiguration({ ...config, electronFuses: { runAsNod: false } }, new DebugLogger(false)),
    ).rejects.toThrow(/electronFuses/);
  });

  it('flips every fuse of the security checklist when packaging', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      // The window loads app://desk (src-main/electron/protocol.ts), never file://.
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs the app into an ASAR archive, with native modules unpacked and not rebuilt', () => {
    // onlyLoadAppFromAsar and the integrity check need the archive; a .node file cannot be loaded from
    // inside one. Every native module of the package is N-API (checked below), so the same binary
    // loads in Electron: no rebuild against Electron's headers (decision 103).
    expect(config.asar).not.toBe(false);
    expect(config.asarUnpack).toContain('**/*.node');
    expect(config.npmRebuild).toBe(false);
    expect(config.buildDependenciesFromSource).not.toBe(true);
    // Only `dependencies` reach the package: the sandbox's store needs better-sqlite3 at run time.
    expect(Object.keys(pkg.dependencies)).toContain('better-sqlite3');
    // Its sources and binding.gyp stay out: nothing loads them, and no tool can rebuild it from them.
    expect(config.files).toContain('!node_modules/better-sqlite3/{binding.gyp,deps,src}${/*}');
  });

  it('pins the same Electron as package.json, as an exact version', () => {
    expect(pkg.optionalDependencies.electron).toMatch(/^\d+\.\d+\.\d+$/);
    expect(config.electronVersion).toBe(pkg.optionalDependencies.electron);
  });

  it('takes the whole build, so the bundled sandbox (out/main/sandbox.js) is in the package', () => {
    expect(config.files.filter((pattern) => !pattern.startsWith('!'))).toEqual(['out/**/*', 'package.json']);
    expect(pkg.main).toBe('out/main/index.js');
  });

  it('publishes to GitHub releases, with the files electron-updater needs on each platform', () => {
    expect(config.publish).toEqual([{ provider: 'github', releaseType: 'draft' }]);
    expect(Object.keys(pkg.dependencies)).toContain('electron-updater');
    // macOS updates install from the zip; Windows from the NSIS installer; Linux from the AppImage.
    expect(config.mac.target).toEqual(expect.arrayContaining(['dmg', 'zip']));
    expect(config.win.target).toContain('nsis');
    expect(config.linux.target).toContain('AppImage');
    expect(config.mac.hardenedRuntime).toBe(true);
  });
});

describe('what the main bundle leaves to node_modules', () => {
  /** Bare package names imported by the files under `folder`, statically or not (type-only imports excluded). */
  function importedPackages(folder: string): Set<string> {
    const names = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) {
          const text = readFileSync(path, 'utf8');
          const statics = text.matchAll(/^import (?!type )[^'"]*?from '([^'.][^']*)'/gm);
          const dynamics = text.matchAll(/\bimport\('([^'.][^']*)'\)/g);
          for (const match of [...statics, ...dynamics]) {
            const spec = match[1]!;
            if (spec.startsWith('node:')) continue;
            names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
          }
        }
      }
    };
    walk(join(root, folder));
    return names;
  }

  it('finds every package the main process and the bundled sandbox import among the dependencies', () => {
    // electron-vite keeps dependencies out of the main bundle; electron-builder packs only `dependencies`.
    // A package the main process or the sandbox needs at run time that is only a devDependency would
    // work from the source tree and fail in the installed app.
    const needed = new Set(
      ['src-main/core', 'src-main/electron', 'src-sandbox', 'src-shared'].flatMap((folder) => [
        ...importedPackages(folder),
      ]),
    );
    needed.delete('electron');
    const missing = [...needed].filter((name) => !(name in pkg.dependencies));
    expect(
      missing,
      `imported at run time but not in dependencies (${relative(root, 'package.json')})`,
    ).toEqual([]);
  });
});

describe('the native modules the package carries', () => {
  /** The folder of package `name` as Node resolves it from `from` (a package folder), or null. */
  function packageDir(name: string, from: string): string | null {
    for (let dir = from; ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) return candidate;
      if (dir === root || dirname(dir) === dir) return null;
    }
  }

  /** The folders of the production dependencies, as installed: what electron-builder packs. */
  function productionPackages(): string[] {
    const seen = new Set<string>();
    const visit = (name: string, from: string, optional: boolean): void => {
      const dir = packageDir(name, from);
      if (dir === null) {
        // An optional dependency for another platform (npm installs only this one's).
        if (optional) return;
        throw new Error(`${name} (needed from ${relative(root, from) || '.'}) is not installed`);
      }
      if (seen.has(dir)) return;
      seen.add(dir);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
        optionalDependencies?: Record<string, string>;
      };
      for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dir, false);
      for (const dep of Object.keys(manifest.optionalDependencies ?? {})) visit(dep, dir, true);
    };
    for (const name of Object.keys(pkg.dependencies)) visit(name, root, false);
    return [...seen];
  }

  /** The .node files of one package folder, not those of packages nested in it. */
  function nativeFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(entry.parentPath, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : nativeFiles(path);
      return entry.name.endsWith('.node') ? [path] : [];
    });
  }

  it('are all N-API, so the same binary loads in every Node and in Electron without a rebuild', () => {
    // An N-API module exports napi_register_module_v1; one compiled against a Node ABI (better-sqlite3
    // 12 and older) exports node_register_module_v<ABI> and aborts under Node 24.19 or later when its
    // objects are collected. The names are in the binary's export table on ELF, Mach-O and PE alike.
    const files = productionPackages().flatMap(nativeFiles);
    expect(files.map((file) => relative(root, file))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^node_modules\/better-sqlite3\/prebuilds\//)]),
    );
    const notNapi = files.filter((file) => {
      const binary = readFileSync(file).toString('latin1');
      return !binary.includes('napi_register_module_v1') || /node_register_module_v\d/.test(binary);
    });
    expect(notNapi.map((file) => relative(root, file))).toEqual([]);
  });

  it('include no module compiled at install time (better-sqlite3 loads its prebuilt binary)', () => {
    // A build/ folder would be loaded before the prebuilds (better-sqlite3's lib/binding.js).
    const betterSqlite = packageDir('better-sqlite3', root)!;
    expect(existsSync(join(betterSqlite, 'build'))).toBe(false);
    expect(require.resolve('better-sqlite3')).toBe(join(betterSqlite, 'lib', 'index.js'));
  });
});
