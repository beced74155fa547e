// Says once, plainly, why the Electron suite is skipped where Electron's binary is missing; where the
// run must prove the window (DESK_REQUIRE_ELECTRON=1, the CI workflow), a missing binary fails instead.
import { findElectronBinary } from './support/electron-desk';

export default function setup(): void {
  const electron = findElectronBinary();
  if (!('missing' in electron)) return;
  if (process.env.DESK_REQUIRE_ELECTRON === '1') {
    throw new Error(`The Electron end-to-end suite cannot run: ${electron.missing}`);
  }
  console.warn(`\nThe Electron end-to-end suite is SKIPPED: ${electron.missing}\n`);
}
