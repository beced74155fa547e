import { defineConfig } from 'vitest/config';

// The end-to-end suite inside the real Electron window: Playwright's Electron support drives the built
// app (out/main/index.js, or DESK_OUT_DIR) connected to a real sandbox, through the same page modules as
// the browser suite (test/e2e/pages). It needs Electron's binary, so `npm test` leaves it out; the CI
// workflow runs it on Linux (under xvfb), Windows and macOS. Without the binary it is skipped, saying why.
export default defineConfig({
  test: {
    include: ['test/e2e/electron/**/*.e2e.ts'],
    globalSetup: ['test/e2e/electron/global-setup.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // As in the browser suite (vitest.e2e.config.ts): a loaded machine needs more than one second.
    expect: { poll: { timeout: 15_000 } },
  },
});
