import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// Three bundles, one per runtime: the main process (Node + Electron), the sandboxed preload (CommonJS,
// since a sandboxed preload cannot be an ES module) and the renderer (the browser; also served by the
// browser-mode host from out/renderer). DESK_OUT_DIR builds elsewhere (several checkouts' work at once).
const out = process.env.DESK_OUT_DIR ?? 'out';

export default defineConfig({
  main: {
    build: {
      outDir: `${out}/main`,
      rollupOptions: { input: { index: resolve('src-main/electron/main.ts') } },
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
