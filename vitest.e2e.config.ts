import { defineConfig } from 'vitest/config';

// End-to-end suite: Playwright (playwright-core) drives Chromium against the app served by
// `start:browser`'s host, connected to a real sandbox. Files run one at a time: each starts its own
// sandbox and host on free ports, and two Chromiums on two cores only slow each other down.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    // The same suite inside the Electron window has its own config (vitest.electron.config.ts).
    exclude: ['test/e2e/electron/**'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A screen that settles in a tenth of a second here may take seconds on a loaded CI machine; the
    // one-second default of expect.poll made cases fail there that pass on every run here. A poll that
    // waits for something that never comes still fails, only later.
    expect: { poll: { timeout: 15_000 } },
  },
});
