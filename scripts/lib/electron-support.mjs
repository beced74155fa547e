// Electron supports only its latest three stable majors (https://www.electronjs.org/docs/latest/tutorial/electron-timelines):
// a release of an older major gets no security fixes, Chromium's included. This judges the pinned version
// against the registry's dist-tags for `electron`; it reads nothing itself, so the rule is tested on
// fixtures (test/tooling/scripts/electron-support.test.ts) and scripts/check-electron-support.mjs does the I/O.
// docs/decisions/096-supported-electron.md.

/** How many stable majors Electron supports at a time. */
export const supportedMajorCount = 3;

const stableVersion = /^(\d+)\.(\d+)\.(\d+)$/;

/**
 * Judges `pinned` (an exact version such as "45.4.1") against the registry's dist-tags of `electron`.
 *
 * Only tags naming a stable version count (`latest`, `44-x-y`, …); `alpha`, `beta` and `nightly`
 * name prereleases and are ignored. The newest stable major and the two before it are supported.
 * Answers `{ ok, pinnedMajor, latestStable, supportedMajors, message }`; `message` says what to do.
 */
export function judgeElectronSupport(pinned, distTags) {
  const stable = Object.values(distTags ?? {})
    .filter((version) => typeof version === 'string' && stableVersion.test(version))
    .sort(compareVersions);
  const latestStable = stable.at(-1) ?? null;
  const pinnedMatch = stableVersion.exec(String(pinned ?? ''));
  const pinnedMajor = pinnedMatch ? Number(pinnedMatch[1]) : null;
  if (latestStable === null) {
    return {
      ok: false,
      pinnedMajor,
      latestStable,
      supportedMajors: [],
      message:
        'The registry named no stable Electron release in its dist-tags; the check cannot tell what is supported.',
    };
  }
  const latestMajor = Number(stableVersion.exec(latestStable)[1]);
  const supportedMajors = Array.from({ length: supportedMajorCount }, (_, i) => latestMajor - i);
  const supportedText = `${supportedMajors.slice(0, -1).join(', ')} and ${supportedMajors.at(-1)}`;
  const how =
    `Move to the newest ${latestMajor}.x release (${latestStable}): set optionalDependencies.electron in ` +
    'package.json and electronVersion in electron-builder.json to it, check electron-vite and electron-builder ' +
    'for releases that pair with it, run `npm install` and `npm test`, and record the move in ' +
    'docs/decisions/096-supported-electron.md.';
  if (pinnedMajor === null) {
    return {
      ok: false,
      pinnedMajor,
      latestStable,
      supportedMajors,
      message: `electron is pinned as "${pinned}", which is not an exact stable version. ${how}`,
    };
  }
  if (!supportedMajors.includes(pinnedMajor)) {
    return {
      ok: false,
      pinnedMajor,
      latestStable,
      supportedMajors,
      message:
        `electron ${pinned} is pinned, but Electron supports only its majors ${supportedText} ` +
        `(the registry's newest stable release is ${latestStable}): ${pinnedMajor} gets no security fixes. ${how}`,
    };
  }
  const lastOfThree = pinnedMajor === supportedMajors.at(-1);
  return {
    ok: true,
    pinnedMajor,
    latestStable,
    supportedMajors,
    message:
      `electron ${pinned} is pinned; Electron supports its majors ${supportedText} ` +
      `(newest stable ${latestStable}).` +
      (lastOfThree
        ? ` ${pinnedMajor} is the oldest of them and drops out at the next major: plan the move.`
        : ''),
  };
}

function compareVersions(a, b) {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}
