// Run by test/core/keychain-stores.test.ts in a chosen D-Bus situation (none, a bus without a Secret
// Service, a Secret Service that keeps nothing): opens the app's keychain, adds a connection through the
// core on it, and prints one JSON line of what the app says and what the kernel's keyring holds.
import { readFileSync } from 'node:fs';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import { describeKeychainFinding, findKernelSecrets } from '../../src-main/core/adapters/keychain-probe';
import { openKeychainReporting } from '../../src-main/core/adapters/os-keychain';
import { keychainAccount } from '../../src-main/core/connections/connections';
import { DeskCore } from '../../src-main/core/desk-service';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`open-keychain-child: ${name} is not set`);
  return value;
}

/** The descriptions of the service's secrets in the kernel's keyring (null when /proc/keys cannot be read). */
function kernelSecrets(service: string): string[] | null {
  try {
    return findKernelSecrets(readFileSync('/proc/keys', 'utf8'), service).map((key) => key.description);
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const service = required('KEYCHAIN_SERVICE');
  const token = required('TOKEN');
  const { keychain, finding } = await openKeychainReporting({ service });
  const afterProbe = kernelSecrets(service);

  const core = new DeskCore({
    runtime: 'browser',
    version: 'test',
    keychain,
    store: createFileStore(required('DESK_DATA_DIR')),
    clock: { now: () => Date.now() },
  });
  const added = await core.add({ label: 'Live', baseUrl: required('SANDBOX_BASE_URL'), token });
  const report = {
    finding: { storage: finding.storage, reason: finding.storage === 'memory' ? finding.reason : null },
    warning: describeKeychainFinding(finding),
    appTokenStorage: core.info().tokenStorage,
    connectionTokenStorage: added.tokenStorage,
    tokenReadBack: (await keychain.get(keychainAccount(added.id))) === token,
    kernelSecrets: { afterProbe, afterAdd: kernelSecrets(service) },
  };
  await core.remove(added.id);
  await core.close();
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `open-keychain-child failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`,
  );
  process.exitCode = 1;
});
