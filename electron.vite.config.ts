import { cpSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// Three bundles, one per runtime: the main process (Node + Electron), the sandboxed preload (CommonJS,
// since a sandboxed preload cannot be an ES module) and the renderer (the browser; also served by the
// browser-mode host from out/renderer). DESK_OUT_DIR builds elsewhere (several checkouts' work at once).
const out = process.env.DESK_OUT_DIR ?? 'out';

/**
 * The main build also writes the bundled sandbox (`main/sandbox.js`, "Open the demo company"), which
 * reads files found from its module's own address: the store's migrations (`main/migrations`) and the
 * console's page (`console/`). They are copied there after each build; better-sqlite3 stays a package
 * of node_modules, like every dependency of the main build (docs/decisions/099-demo-company.md).
 */
function sandboxFiles(): Plugin {
  // The main build's folder as resolved, so `electron-vite build --outDir DIR` copies into DIR too.
  let mainDir = '';
  return {
    name: 'desk-sandbox-files',
    apply: 'build',
    configResolved(config) {
      mainDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      cpSync(resolve('src-sandbox/store/migrations'), join(mainDir, 'migrations'), { recursive: true });
      cpSync(resolve('src-sandbox/console'), join(mainDir, '..', 'console'), { recursive: true });
    },
  };
}

export default defineConfig({
  main: {
    plugins: [sandboxFiles()],
    build: {
      outDir: `${out}/main`,
      rollupOptions: {
        input: {
          index: resolve('src-main/electron/main.ts'),
          sandbox: resolve('src-sandbox/main.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: `${out}/preload`,
      rollupOptions: {
        input: { index: resolve('src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    plugins: [react()],
    build: {
      outDir: resolve(`${out}/renderer`),
      rollupOptions: { input: { index: resolve('src-renderer/index.html') } },
    },
  },
});
