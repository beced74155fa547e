import { defineConfig } from 'vitest/config';

// Unit and integration suites (vitest, Node). Renderer tests run under happy-dom; every other folder
// runs in Node against the real sandbox over loopback (test/support/sandbox.ts).
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
          environment: 'happy-dom',
          setupFiles: ['test/renderer/setup.ts'],
        },
      },
    ],
  },
});
