// The runtime boundaries of STYLE.md ("Layout", "Import rules") as lint reports them: each case lints
// a few lines of code under a virtual path with the repo's own eslint.config.js, so no fixture file
// exists on disk for typecheck or the normal lint run to see.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });
const ruleId = 'local/boundaries';

/** The boundaries rule's messages for `code` written at the repo-relative `filePath`. */
async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === ruleId)
    .map((message) => message.message);
}

/**
 * Imports lint must refuse, by how the message names the importing file's folder:
 * [the importing file (virtual), its code, what the message says the specifier is].
 */
const refused: Record<string, Array<[file: string, code: string, target: string]>> = {
  'src-shared/domain': [
    ['src-shared/domain/fixture.ts', "import 'node:fs';", 'the Node built-in node:fs'],
    ['src-shared/domain/fixture.ts', "import '../bridge/contract';", 'src-shared/bridge/contract'],
    [
      'src-shared/domain/master-data/fixture.ts',
      "import '../../bridge/contract';",
      'src-shared/bridge/contract',
    ],
  ],
  'src-shared/wire': [
    ['src-shared/wire/fixture.ts', "import 'react';", 'the package react'],
    ['src-shared/wire/fixture.ts', "import '../domain/feeds';", 'src-shared/domain/feeds'],
    ['src-shared/wire/fixture.ts', "export * from '../bridge/result';", 'src-shared/bridge/result'],
  ],
  'src-shared/bridge': [
    ['src-shared/bridge/fixture.ts', "import 'undici';", 'the package undici'],
    ['src-shared/bridge/fixture.ts', "import '../../src-main/core/ports';", 'src-main/core/ports'],
  ],
  'src-main/core': [
    ['src-main/core/api/fixture.ts', "import 'electron';", 'the package electron'],
    [
      'src-main/core/fixture.ts',
      "const { app } = require('electron');\nexport { app };",
      'the package electron',
    ],
    ['src-main/core/fixture.ts', "export type App = import('electron').App;", 'the package electron'],
    ['src-main/core/api/fixture.ts', "import '../../browser-host/server';", 'src-main/browser-host/server'],
    ['src-main/core/fixture.ts', "import '../electron/ipc';", 'src-main/electron/ipc'],
    ['src-main/core/push/fixture.ts', "import 'dexie';", 'the package dexie'],
    ['src-main/core/fixture.ts', "import 'fs';", 'the package fs'],
  ],
  'src-main/electron': [
    ['src-main/electron/fixture.ts', "import 'react';", 'the package react'],
    ['src-main/electron/fixture.ts', "import '../browser-host/server';", 'src-main/browser-host/server'],
    ['src-main/electron/fixture.ts', "import '../../src-renderer/App';", 'src-renderer/App'],
  ],
  'src-main/browser-host': [
    ['src-main/browser-host/fixture.ts', "import 'electron';", 'the package electron'],
    ['src-main/browser-host/fixture.ts', "import '../electron/ipc';", 'src-main/electron/ipc'],
  ],
  'src-preload': [
    ['src-preload/fixture.ts', "import '../src-shared/wire';", 'src-shared/wire'],
    ['src-preload/fixture.ts', "import '../src-shared/bridge/result';", 'src-shared/bridge/result'],
    ['src-preload/fixture.ts', "import 'node:path';", 'the Node built-in node:path'],
  ],
  'src-renderer/features': [
    ['src-renderer/features/review/fixture.ts', "import 'node:fs';", 'the Node built-in node:fs'],
    // Only the two doors (files, menu commands) reach the bridge.
    ['src-renderer/features/review/fixture.ts', "import '../../bridge/desk';", 'src-renderer/bridge/desk'],
    [
      'src-renderer/features/master-data/fixture.ts',
      "import type { Desk } from '../../bridge/desk';",
      'src-renderer/bridge/desk',
    ],
    [
      'src-renderer/features/connections/fixture.ts',
      "import '../../bridge/browser-files';",
      'src-renderer/bridge/browser-files',
    ],
    ['src-renderer/features/ui/fixture.ts', "import '../../../src-main/core/ports';", 'src-main/core/ports'],
  ],
  'src-renderer/* (the root files)': [
    ['src-renderer/fixture.tsx', "import 'electron';", 'the package electron'],
    ['src-renderer/fixture.ts', "import '../src-sandbox/app';", 'src-sandbox/app'],
  ],
  'src-renderer/data': [
    ['src-renderer/data/fixture.ts', "await import('node:fs/promises');", 'the Node built-in node:fs'],
    ['src-renderer/data/fixture.ts', "import '../sync/feed-sync';", 'src-renderer/sync/feed-sync'],
    ['src-renderer/data/fixture.ts', "import '../bridge/desk';", 'src-renderer/bridge/desk'],
  ],
  'src-renderer/bridge': [
    ['src-renderer/bridge/fixture.ts', "import '../../src-main/core/dispatch';", 'src-main/core/dispatch'],
    ['src-renderer/bridge/fixture.ts', "import '../state/store';", 'src-renderer/state/store'],
  ],
  'src-renderer/state': [
    [
      'src-renderer/state/fixture.ts',
      "import '../features/review/ReviewGrid';",
      'src-renderer/features/review/ReviewGrid',
    ],
    [
      'src-renderer/state/slices/fixture.ts',
      "export { formatTime } from '../../features/ui/format';",
      'src-renderer/features/ui/format',
    ],
    ['src-renderer/state/fixture.ts', "import '../App';", 'src-renderer/App'],
  ],
  'src-renderer/sync': [
    ['src-renderer/sync/fixture.ts', "import '../state/store';", 'src-renderer/state/store'],
    [
      'src-renderer/sync/fixture.ts',
      "import '../features/sync/SyncBar';",
      'src-renderer/features/sync/SyncBar',
    ],
  ],
  'src-renderer/words': [
    ['src-renderer/words/fixture.ts', "import '../data/db';", 'src-renderer/data/db'],
    ['src-renderer/words/fixture.ts', "import '../bridge/desk';", 'src-renderer/bridge/desk'],
  ],
  'src-sandbox': [
    ['src-sandbox/fixture.ts', "import '../src-shared/domain/feeds';", 'src-shared/domain/feeds'],
    ['src-sandbox/routes/fixture.ts', "import '../../src-shared/domain/acks';", 'src-shared/domain/acks'],
    ['src-sandbox/fixture.ts', "import '../src-shared/bridge/contract';", 'src-shared/bridge/contract'],
    ['src-sandbox/store/fixture.ts', "import '../../src-main/core/api/retry';", 'src-main/core/api/retry'],
    ['src-sandbox/fixture.ts', "import 'electron';", 'the package electron'],
    ['src-sandbox/fixture.ts', "import '../src-renderer/data/db';", 'src-renderer/data/db'],
  ],
};

/** Imports lint must let through: [the importing file (virtual), the specifiers it imports]. */
const allowed: Array<[file: string, specifiers: string[]]> = [
  ['src-shared/wire/fixture.ts', ['typebox', 'typebox/compile', './common']],
  ['src-shared/domain/master-data/fixture.ts', ['../../wire', '../feeds', 'typebox']],
  ['src-shared/bridge/fixture.ts', ['../wire', '../domain/acks', './result']],
  ['src-main/core/fixture.ts', ['../../src-shared/wire', './ports', '@napi-rs/keyring']],
  [
    'src-main/core/api/fixture.ts',
    ['../../../src-shared/wire', '../ports', 'node:fs/promises', 'undici', 'typebox/compile', 'node:crypto'],
  ],
  [
    'src-main/electron/fixture.ts',
    ['electron', 'node:path', '../core/dispatch', './ipc', '../../src-shared/wire'],
  ],
  [
    'src-main/browser-host/fixture.ts',
    ['node:http', '../core/dispatch', '../../src-shared/bridge/contract', './guard'],
  ],
  ['src-preload/fixture.ts', ['electron', '../src-shared/bridge/contract']],
  ['src-renderer/fixture.tsx', ['react-dom/client', './features/shell/AppShell', './styles.css']],
  [
    'src-renderer/features/review/fixture.ts',
    ['../../state/store', '../../sync/feed-sync', '../../data/db', 'ag-grid-react'],
  ],
  ['src-renderer/features/files/fixture.ts', ['../../bridge/desk', '../../state/store']],
  ['src-renderer/features/commands/fixture.ts', ['../../bridge/desk', '../../bridge/shortcuts']],
  [
    'src-renderer/features/review/fixture.ts',
    ['../../../src-shared/bridge/contract', '../../../src-shared/bridge/result', '../../state/desk-jobs'],
  ],
  [
    'src-renderer/state/slices/fixture.ts',
    ['../store', '../../sync/send-acks', '../../data/documents', '../../bridge/desk', '../../words/format'],
  ],
  [
    'src-renderer/sync/fixture.ts',
    ['../data/ack-outbox', '../words/problem-words', '../bridge/desk', 'zustand'],
  ],
  [
    'src-renderer/data/fixture.ts',
    ['dexie', './db', '../../src-shared/bridge/result', '../../src-shared/domain/acks'],
  ],
  [
    'src-sandbox/routes/fixture.ts',
    ['../../src-shared/wire', '../context', 'fastify', '@fastify/type-provider-typebox', 'node:crypto'],
  ],
  ['test/core/fixture.ts', ['electron', '../../src-main/core/ports', '../../src-renderer/data/db']],
  ['scripts/fixture.ts', ['electron', '../src-sandbox/app']],
];

const refusedRows = Object.entries(refused).flatMap(([folder, rows]) =>
  rows.map(([file, code, target]) => [folder, file, code, target] as const),
);

describe('lint: runtime boundaries (local/boundaries)', () => {
  it.each(refusedRows)('%s: refuses %s importing %j', async (folder, file, code, target) => {
    const messages = await boundaryMessages(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(`${folder} may import only `);
    expect(messages[0]).toContain(` is ${target}`);
  });

  it.each(allowed)('allows %s importing %j', async (file, specifiers) => {
    const code = specifiers.map((specifier) => `import '${specifier}';`).join('\n');
    expect(await boundaryMessages(file, code)).toEqual([]);
  });

  it('refuses a module specifier it cannot read', async () => {
    const code = 'export async function load(name: string) {\n  return import(name);\n}';
    const messages = await boundaryMessages('src-main/core/fixture.ts', code);
    expect(messages).toEqual([expect.stringContaining('src-main/core may import only ')]);
  });

  it('refuses a /// <reference types> the folder may not import', async () => {
    const code = '/// <reference types="node" />\nexport {};';
    const messages = await boundaryMessages('src-renderer/fixture.ts', code);
    expect(messages).toEqual([expect.stringContaining('the package node')]);
  });

  it('refuses a file under a src-* folder that no runtime folder claims', async () => {
    const messages = await boundaryMessages('src-main/fixture.ts', 'export {};');
    expect(messages).toEqual([expect.stringContaining('src-main/fixture.ts is in no runtime folder')]);
  });
});
