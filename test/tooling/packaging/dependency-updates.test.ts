// Dependency updates (renovate.json, docs/decisions/103-node-24-and-better-sqlite3-13.md): npm, the
// workflows' actions and .node-version; Electron's two pins (package.json and electron-builder.json)
// found as one dependency, so its releases arrive as one pull request that moves both, reviewed by a
// person, with the pin check run on it by CI. Renovate reads the file; here its rules are checked.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const read = (file: string): string => readFileSync(join(root, file), 'utf8');

interface CustomManager {
  customType: string;
  managerFilePatterns: string[];
  matchStrings: string[];
  depNameTemplate: string;
  datasourceTemplate: string;
}
interface PackageRule {
  matchDepNames?: string[];
  matchManagers?: string[];
  groupName?: string;
  automerge?: boolean;
  rangeStrategy?: string;
  allowedVersions?: string;
  enabled?: boolean;
}
const config = JSON.parse(read('renovate.json')) as {
  enabledManagers: string[];
  automerge?: boolean;
  customManagers: CustomManager[];
  packageRules: PackageRule[];
};
const pkg = JSON.parse(read('package.json')) as { optionalDependencies: Record<string, string> };

/** Renovate's "/…/" pattern as a RegExp. */
const patternOf = (text: string): RegExp => new RegExp(text.replace(/^\/(.*)\/$/, '$1'));

describe('renovate.json', () => {
  it('updates npm packages, GitHub Actions and the pinned Node, and merges nothing by itself', () => {
    expect(config.enabledManagers).toEqual(
      expect.arrayContaining(['npm', 'github-actions', 'nodenv', 'custom.regex']),
    );
    expect(config.automerge).toBe(false);
  });

  it("finds electron-builder.json's Electron pin as the same dependency as package.json's", () => {
    const managers = config.customManagers.filter((manager) =>
      manager.managerFilePatterns.some((pattern) => patternOf(pattern).test('electron-builder.json')),
    );
    expect(managers).toHaveLength(1);
    const [manager] = managers;
    expect(manager).toMatchObject({
      customType: 'regex',
      depNameTemplate: 'electron',
      datasourceTemplate: 'npm',
    });
    // The pattern finds today's pin in today's file: a renamed key would leave the second pin behind.
    const found = new RegExp(manager!.matchStrings[0]!).exec(read('electron-builder.json'));
    expect(found?.groups?.currentValue).toBe(pkg.optionalDependencies.electron);
  });

  it('groups Electron into one pull request, pinned exactly, for a person to review', () => {
    const electron = config.packageRules.filter((rule) => rule.matchDepNames?.includes('electron'));
    expect(electron).toHaveLength(1);
    expect(electron[0]).toMatchObject({ groupName: 'Electron', rangeStrategy: 'pin', automerge: false });
  });

  it("keeps Node's types on the oldest supported line and .node-version on its LTS line", () => {
    const types = config.packageRules.find((rule) => rule.matchDepNames?.includes('@types/node'));
    expect(types?.allowedVersions).toBe('<23');
    const nodeMajor = config.packageRules.find((rule) => rule.matchManagers?.includes('nodenv'));
    expect(nodeMajor).toMatchObject({ matchUpdateTypes: ['major'], enabled: false });
  });
});
