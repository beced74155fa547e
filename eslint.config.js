// Lint enforces the runtime boundaries of ../shared/STYLE.md ("The runtime is in the folder").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = { group: ['node:*'], message: 'This folder is runtime-free or browser-only: no node: imports.' };
const electronOnly = {
  name: 'electron',
  message: 'Only src-main/electron/ and src-preload/ import electron; the core stays plain TypeScript.',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', '.sandbox/', '.desk/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [electronOnly] }],
    },
  },
  {
    files: ['src-shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnly, { name: 'react', message: 'src-shared is runtime-free.' }],
          patterns: [nodeBuiltins, { group: ['../../src-*', '../src-*', 'undici', 'fastify', 'dexie'], message: 'src-shared imports only itself and typebox.' }],
        },
      ],
    },
  },
  {
    files: ['src-main/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnly], patterns: [{ group: ['**/src-renderer/**', '**/src-sandbox/**', '**/electron/**', '**/browser-host/**'], message: 'core imports src-shared only.' }] },
      ],
    },
  },
  {
    files: ['src-main/electron/**/*.ts', 'src-preload/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src-preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!electron$|\\.\\./src-shared/bridge/contract$)', message: 'A sandboxed preload loads electron and the bridge contract only.' }] },
      ],
    },
  },
  {
    files: ['src-sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnly], patterns: [{ group: ['**/src-main/**', '**/src-renderer/**', '**/src-shared/bridge/**', '**/src-shared/domain/**'], message: 'The sandbox shares wire schemas with the app, never behaviour: import src-shared/wire only.' }] },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { paths: [electronOnly], patterns: [nodeBuiltins, { group: ['**/src-main/**', '**/src-sandbox/**'], message: 'The renderer never imports the main process or the sandbox.' }] },
      ],
    },
  },
  {
    files: ['test/**/*.{ts,tsx}', 'scripts/**/*.{js,mjs,ts}'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
