#!/usr/bin/env node
// `npm run check:electron`: fails (exit 1) when the pinned Electron major is not among the latest three
// stable majors that the registry's dist-tags name, or when the pins disagree or the registry cannot be
// read. Run by .ci/run and the CI workflow, not by `npm test`: a test run must not depend on the registry
// being reachable (docs/decisions/096-supported-electron.md).
//
// `--dist-tags FILE` reads the dist-tags from a JSON file instead of asking the registry (tests).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { judgeElectronSupport } from './lib/electron-support.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

const pinned = readJson(join(root, 'package.json')).optionalDependencies?.electron;
const builderPin = readJson(join(root, 'electron-builder.json')).electronVersion;
if (builderPin !== undefined && builderPin !== pinned) {
  console.error(
    `check:electron: package.json pins electron ${pinned} but electron-builder.json packages ${builderPin}; make them the same.`,
  );
  process.exit(1);
}

const fileFlag = process.argv.indexOf('--dist-tags');
let distTags;
try {
  distTags =
    fileFlag >= 0
      ? readJson(process.argv[fileFlag + 1])
      : JSON.parse(askRegistry(['view', 'electron', 'dist-tags', '--json']));
} catch (error) {
  console.error(
    `check:electron: could not read electron's dist-tags from the registry (${error.message.split('\n')[0]}). ` +
      'The check needs the registry; run it again where `npm view electron dist-tags` answers.',
  );
  process.exit(1);
}

const verdict = judgeElectronSupport(pinned, distTags);
(verdict.ok ? console.log : console.error)(`check:electron: ${verdict.message}`);
process.exit(verdict.ok ? 0 : 1);

function askRegistry(args) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return execFileSync(npm, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
    shell: process.platform === 'win32',
  });
}
