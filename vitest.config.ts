import { defineConfig } from 'vitest/config';

// Unit and integration suites (vitest, Node). Renderer tests run under happy-dom, except the renderer's
// non-UI code driven against a real core (`test/renderer/**/*.core.test.ts`: the sync engine and the ack
// outbox on fake-indexeddb), which runs in Node as the core does; every other folder runs in Node against
// the real sandbox over loopback (test/support/sandbox.ts). The end-to-end suites have their own configs.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['test/**/*.test.ts'], exclude: ['test/renderer/**', 'test/e2e/**'] },
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.ts', 'test/renderer/**/*.test.tsx'],
          exclude: ['test/renderer/**/*.core.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['test/renderer/setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'renderer-node', include: ['test/renderer/**/*.core.test.ts'], environment: 'node' },
      },
    ],
  },
});
