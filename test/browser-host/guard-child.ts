// Run by guard.test.ts as its own process: installs the host's process-level net, then fails the ways
// no request handler can catch, and says whether it is still running afterwards.
import { keepServingThroughErrors } from '../../src-main/browser-host/guard';

const secret = process.argv[2] ?? '';
keepServingThroughErrors([secret]);

void Promise.reject(new Error(`rejected while holding ${secret}, Authorization: Bearer abc.def`));
setTimeout(() => {
  throw new Error(`thrown while holding ${secret} and svc_test_${'A'.repeat(43)}`);
}, 10);
setTimeout(() => console.log('still running'), 300);
