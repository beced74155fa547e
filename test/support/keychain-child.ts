// Run by test/core/keychain.test.ts inside `dbus-run-session` with gnome-keyring's Secret Service:
// the OS keychain adapter and the core against a real keychain. Prints one JSON line of findings.
import { readFileSync } from 'node:fs';
import { Entry } from '@napi-rs/keyring';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import { findKernelSecrets } from '../../src-main/core/adapters/keychain-probe';
import { openKeychainReporting } from '../../src-main/core/adapters/os-keychain';
import { keychainAccount } from '../../src-main/core/connections/connections';
import { DeskCore } from '../../src-main/core/desk-service';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`keychain-child: ${name} is not set`);
  return value;
}

async function main(): Promise<void> {
  const service = required('KEYCHAIN_SERVICE');
  const dataDir = required('DESK_DATA_DIR');
  const baseUrl = required('SANDBOX_BASE_URL');
  const keptToken = required('KEPT_TOKEN');
  const removedToken = required('REMOVED_TOKEN');

  const { keychain, finding } = await openKeychainReporting({ service });
  if (finding.storage !== 'os-keychain') {
    process.stdout.write(`${JSON.stringify({ storage: null, finding })}\n`);
    process.exitCode = 3;
    return;
  }

  // The adapter alone: set, get, delete, delete again.
  await keychain.set('probe', 'probe-secret');
  const probeRead = await keychain.get('probe');
  await keychain.delete('probe');
  const probeAfterDelete = await keychain.get('probe');
  await keychain.delete('probe');

  // The core on it: two verified connections; one removed.
  const store = createFileStore(dataDir);
  const first = new DeskCore({
    runtime: 'browser',
    version: 'test',
    keychain,
    store,
    clock: { now: () => Date.now() },
  });
  const kept = await first.add({ label: 'Kept', baseUrl, token: keptToken });
  const removed = await first.add({ label: 'Removed', baseUrl, token: removedToken });
  const removedEntryBefore = new Entry(service, keychainAccount(removed.id)).getPassword();
  await first.remove(removed.id);
  const removedEntryAfter = new Entry(service, keychainAccount(removed.id)).getPassword();
  await first.activate(kept.id);
  await first.close();

  // A restart: a new keychain handle and a new core read the token back from the Secret Service.
  const reopened = (await openKeychainReporting({ service })).keychain;
  const second = new DeskCore({
    runtime: 'browser',
    version: 'test',
    keychain: reopened,
    store,
    clock: { now: () => Date.now() },
  });
  const status = await second.status();
  await second.close();

  process.stdout.write(
    `${JSON.stringify({
      storage: keychain.storage,
      finding,
      // The library's own names for secrets it would file in the kernel's session keyring instead.
      kernelSecrets: findKernelSecrets(readFileSync('/proc/keys', 'utf8'), service).length,
      probe: { read: probeRead, afterDelete: probeAfterDelete },
      keptEntryMatches: new Entry(service, keychainAccount(kept.id)).getPassword() === keptToken,
      removedEntryBeforeMatches: removedEntryBefore === removedToken,
      removedEntryAfter,
      listed: (await second.connections.list()).map((c) => ({
        label: c.label,
        tokenStorage: c.tokenStorage,
        isActive: c.isActive,
      })),
      afterRestart: { state: status.state, client: status.client?.name ?? null },
    })}\n`,
  );
  new Entry(service, keychainAccount(kept.id)).deletePassword();
}

main().catch((error: unknown) => {
  process.stderr.write(
    `keychain-child failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`,
  );
  process.exitCode = 1;
});
