// `npm run start:browser [-- --port 5180 --sandbox-port 8787 --data .desk --sandbox-data .sandbox]`:
// the same renderer and main-process core in a browser, for machines without Electron.
// `--alone` starts the app as an installed one starts: no sandbox beside it and nothing connected, so the
// first screen offers "Open the demo company" (its sandbox runs from the build, data in --data).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build, checkNode, root, serviceFor, startChild } from './lib/launch.mjs';

checkNode();

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5180' },
    'sandbox-port': { type: 'string', default: '8787' },
    data: { type: 'string', default: '.desk' },
    'sandbox-data': { type: 'string', default: '.sandbox' },
    keychain: { type: 'string' },
    alone: { type: 'boolean', default: false },
  },
});

build();
const { serviceUrl, sandboxDataDir } = values.alone
  ? { serviceUrl: undefined, sandboxDataDir: undefined }
  : await serviceFor(resolve(root, values['sandbox-data']), values['sandbox-port']);
const { match } = await startChild(
  [
    '--import',
    'tsx',
    resolve(root, 'src-main/browser-host/main.ts'),
    '--port',
    values.port,
    '--data',
    resolve(root, values.data),
    ...(serviceUrl ? ['--service-url', serviceUrl] : []),
    ...(sandboxDataDir ? ['--sandbox-data', sandboxDataDir] : []),
    ...(values.keychain ? ['--keychain', values.keychain] : []),
  ],
  /^open (http:\/\/\S+)$/,
  'app',
);
console.log(
  `\nReconciliation Desk (browser mode): open ${match[1]}\nThe address carries this launch's secret; keep it to yourself. Ctrl+C stops.`,
);
