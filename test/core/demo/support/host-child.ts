// A stand-in for browser mode's host: starts the demo sandbox as its child, prints its address, and
// waits to be killed (test/core/demo/demo-sandbox.test.ts, "the sandbox ends with a host that crashed").
import { join, resolve } from 'node:path';
import { createNodeDemoSandbox } from '../../../../src-main/core/demo/node-demo-sandbox';

const root = resolve(import.meta.dirname, '../../../..');
const demo = createNodeDemoSandbox({
  dataDir: process.argv[2]!,
  entry: join(root, 'src-sandbox/main.ts'),
  execArgv: ['--import', 'tsx'],
});
const { baseUrl } = await demo.start();
console.log(`demo ${baseUrl}`);
setInterval(() => undefined, 60_000);
