// Lint enforces the runtime boundaries of ../shared/STYLE.md ("The runtime is in the folder").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import local from './eslint-rules/index.js';

// Which runtime folder may import what (STYLE.md, "Layout" and "Import rules"), checked by
// eslint-rules/boundaries.js on resolved paths, so `../` depth never matters. The first entry whose
// `files` match a file is its folder; `paths` (repo-relative globs) and `packages` (package names;
// `node:*` for Node's built-ins) are all that folder may import. test/ and scripts/ are not listed:
// they may import anything. A file under a src-* folder that no entry claims is an error.
const shared = 'src-shared/**';
const rendererPackages = [
  'react',
  'react-dom',
  'zustand',
  'dexie',
  'ag-grid-community',
  'ag-grid-react',
  'read-excel-file',
  'write-excel-file',
  'fflate',
  '@formatjs/intl',
  '@ag-grid-community/locale',
];
/** A renderer floor: it imports its own folder and the floors below it, src-shared, browser packages. */
function rendererFloor(floor, below, because) {
  return {
    name: `src-renderer/${floor}`,
    files: [`src-renderer/${floor}/**`],
    paths: [floor, ...below].map((name) => `src-renderer/${name}/**`).concat(shared),
    packages: rendererPackages,
    because,
  };
}

const runtimeFolders = [
  // src-shared is runtime-free, in three floors: wire (the v1 interface) < domain < bridge.
  {
    name: 'src-shared/wire',
    files: ['src-shared/wire/**'],
    paths: ['src-shared/wire/**'],
    packages: ['typebox'],
    because: 'The wire is the lowest floor of src-shared and runtime-free.',
  },
  {
    name: 'src-shared/domain',
    files: ['src-shared/domain/**'],
    paths: ['src-shared/wire/**', 'src-shared/domain/**'],
    packages: ['typebox'],
    because: 'src-shared is runtime-free; domain sits on the wire, below the bridge.',
  },
  {
    name: 'src-shared/bridge',
    files: ['src-shared/bridge/**'],
    paths: ['src-shared/wire/**', 'src-shared/domain/**', 'src-shared/bridge/**'],
    packages: ['typebox'],
    because: 'src-shared is runtime-free.',
  },
  {
    name: 'src-main/core',
    files: ['src-main/core/**'],
    paths: ['src-main/core/**', shared],
    packages: ['node:*', 'undici', 'typebox', '@napi-rs/keyring'],
    because: 'The core is plain TypeScript on Node, shared by Electron, the browser host and tests.',
  },
  {
    name: 'src-main/electron',
    files: ['src-main/electron/**'],
    paths: ['src-main/electron/**', 'src-main/core/**', shared],
    packages: ['electron', 'electron-updater', 'node:*'],
    because: 'The Electron shell stays thin: behaviour lives in the core.',
  },
  {
    name: 'src-main/browser-host',
    files: ['src-main/browser-host/**'],
    paths: ['src-main/browser-host/**', 'src-main/core/**', shared],
    packages: ['node:*'],
    because: 'The browser host runs on plain Node: no electron.',
  },
  {
    name: 'src-preload',
    files: ['src-preload/**'],
    paths: ['src-shared/bridge/contract'],
    packages: ['electron'],
    because: 'A sandboxed preload can load nothing else.',
  },
  {
    name: 'src-renderer/* (the root files)',
    files: ['src-renderer/*'],
    paths: ['src-renderer/**', shared],
    packages: rendererPackages,
    because: 'The renderer runs in Chromium: no node:, electron, src-main or src-sandbox.',
  },
  // The two doors of features/ to the bridge: files (Save and Open) and menu commands. Every other
  // feature reaches the core through state/ and sync/ (docs/decisions/080-who-owns-what.md).
  {
    ...rendererFloor(
      'features',
      ['state', 'sync', 'data', 'words', 'messages', 'bridge'],
      'Files and menu commands are the two doors of features/ to the bridge.',
    ),
    name: 'src-renderer/features/files and features/commands (the two doors)',
    files: ['src-renderer/features/files/**', 'src-renderer/features/commands/**'],
  },
  rendererFloor(
    'features',
    ['state', 'sync', 'data', 'words', 'messages'],
    'Features sit on top of the renderer and reach the core through state/ and sync/; only ' +
      'features/files and features/commands (the two doors) import bridge/.',
  ),
  rendererFloor('state', ['sync', 'data', 'words', 'messages', 'bridge'], 'state/ sits below features/.'),
  rendererFloor('sync', ['data', 'words', 'messages', 'bridge'], 'sync/ sits below state/ and features/.'),
  rendererFloor('data', [], 'data/ is the bottom floor of the renderer, on src-shared alone.'),
  rendererFloor('words', ['messages'], 'words/ sits on the catalogue (messages/) and src-shared.'),
  rendererFloor('messages', [], 'messages/ (the catalogue, the locale, its formatters) is a bottom floor.'),
  rendererFloor('bridge', [], 'bridge/ is a bottom floor of the renderer, on src-shared alone.'),
  {
    name: 'src-sandbox',
    files: ['src-sandbox/**'],
    paths: ['src-sandbox/**', 'src-shared/wire/**'],
    packages: [
      'node:*',
      'fastify',
      '@fastify/*',
      'better-sqlite3',
      'typebox',
      'ipaddr.js',
      'write-excel-file',
    ],
    because: 'The sandbox shares wire schemas with the app, never behaviour.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'out-*/', 'dist/', '.sandbox/', '.desk/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { local },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'local/boundaries': ['error', { root: import.meta.dirname, folders: runtimeFolders }],
    },
  },
  {
    // Decision 080: ack for a clerk's accept or reject, response for what HTTP returns. The field names
    // already stored on clerks' disks keep answer: the review rows' three, a stored document's
    // `answered`, and the push journal's `answeredAt` (the core's store).
    files: ['src-*/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'local/ack-vocabulary': [
        'error',
        { stored: ['answerState', 'answerOutcome', 'answerError', 'answered', 'answeredAt'] },
      ],
    },
  },
  {
    // No import circle in the renderer (issue 25): its floors import only downward. The one circle
    // allowed is zustand's slices pattern, a slice importing the store's types back (`import type`).
    files: ['src-renderer/**/*.{ts,tsx}'],
    rules: {
      'local/import-circles': [
        'error',
        { root: import.meta.dirname, folder: 'src-renderer', typeOnlyInto: ['src-renderer/state/store.ts'] },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
