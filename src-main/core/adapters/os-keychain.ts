import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Entry as KeyringEntry, EntryOptions } from '@napi-rs/keyring';
import {
  decideLinuxKeychain,
  findKernelSecrets,
  type KeychainFinding,
  type SecretServiceProbe,
} from './keychain-probe';
import { createMemoryKeychain } from './memory-keychain';
import type { Keychain } from '../ports';

/** The keychain service name the app's secrets are filed under. */
export const keychainService = 'reconciliation-desk';

/**
 * The account the probe writes, reads back and deletes. A fixed name: a probe a crash left behind is
 * overwritten and deleted by the next start.
 */
export const keychainProbeAccount = '__probe__';

/** Where to file secrets; tests use a service name of their own. */
export interface OsKeychainOptions {
  service?: string;
}

/** The keychain the app will use and what the probe found (a host prints the reason when it is memory). */
export interface KeychainOpening {
  keychain: Keychain;
  finding: KeychainFinding;
}

type MakeEntry = (account: string) => KeyringEntry;

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}

function readProcKeys(): string | null {
  try {
    return readFileSync('/proc/keys', 'utf8');
  } catch {
    return null;
  }
}

/**
 * Linux: write a random secret, read it back and delete it, every entry pinned to the Secret Service.
 * /proc/keys is read while the probe is stored, so a library that filed it in the kernel's keyring
 * anyway is seen (docs/decisions/095-keychain-that-outlives-the-session.md).
 */
function probeSecretService(entry: MakeEntry, kernelEntry: MakeEntry, service: string): KeychainFinding {
  let stored: KeyringEntry;
  try {
    // A pinned entry throws when no Secret Service answers on D-Bus; it never falls back.
    stored = entry(keychainProbeAccount);
    stored.getPassword();
  } catch (error) {
    return decideLinuxKeychain(
      { outcome: 'unreachable', message: messageOf(error), procKeys: readProcKeys() },
      service,
      keychainProbeAccount,
    );
  }
  const secret = randomBytes(18).toString('base64url');
  let probe: SecretServiceProbe;
  try {
    stored.setPassword(secret);
    const procKeys = readProcKeys();
    probe =
      stored.getPassword() === secret
        ? { outcome: 'kept', procKeys }
        : { outcome: 'refused', message: 'the test secret read back differently', procKeys };
  } catch (error) {
    // A write that fails half-way can still leave a key in the kernel: look after it too.
    probe = { outcome: 'refused', message: messageOf(error), procKeys: readProcKeys() };
  }
  forgetProbe(stored, kernelEntry, service);
  return decideLinuxKeychain(probe, service, keychainProbeAccount);
}

/** Deletes the probe wherever it went; nothing of it is left in the kernel's keyring where it can be removed. */
function forgetProbe(stored: KeyringEntry, kernelEntry: MakeEntry, service: string): void {
  try {
    stored.deletePassword();
  } catch {
    // Not stored, or a store that refuses: the kernel check below is what matters.
  }
  const procKeys = readProcKeys();
  if (procKeys !== null && findKernelSecrets(procKeys, service, keychainProbeAccount).length > 0) {
    try {
      kernelEntry(keychainProbeAccount).deletePassword();
    } catch {
      // The kernel refused: the probe's random secret is worthless outside this start.
    }
  }
}

/** macOS and Windows: a keychain that is absent or cannot be unlocked throws; a missing entry is null. */
function probePlatform(entry: MakeEntry): KeychainFinding {
  try {
    entry(keychainProbeAccount).getPassword();
    return { storage: 'os-keychain', store: 'platform' };
  } catch (error) {
    return { storage: 'memory', reason: 'no-keychain', detail: messageOf(error) };
  }
}

/**
 * The OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux) through
 * @napi-rs/keyring, which runs in Electron's main process and in plain Node alike, with what its probe
 * found.
 *
 * On Linux every entry is pinned to the Secret Service: the library's default would quietly use the
 * kernel's session keyring where none answers, and that is gone at logout. A keychain that does not
 * keep the probe, or keeps it in the kernel's keyring, is reported as memory only with its reason
 * (docs/decisions/095-keychain-that-outlives-the-session.md). It never falls back to a file.
 */
export async function openKeychainReporting(options: OsKeychainOptions = {}): Promise<KeychainOpening> {
  const service = options.service ?? keychainService;
  let Entry: typeof KeyringEntry;
  try {
    ({ Entry } = await import('@napi-rs/keyring'));
  } catch (error) {
    return {
      keychain: createMemoryKeychain(),
      finding: { storage: 'memory', reason: 'no-keychain', detail: messageOf(error) },
    };
  }
  const isLinux = process.platform === 'linux';
  const pinned: EntryOptions | undefined = isLinux ? { linux: { store: 'secret-service' } } : undefined;
  const entry: MakeEntry = (account) => new Entry(service, account, pinned);
  const kernelEntry: MakeEntry = (account) => new Entry(service, account, { linux: { store: 'keyutils' } });
  const finding = isLinux ? probeSecretService(entry, kernelEntry, service) : probePlatform(entry);
  if (finding.storage === 'memory') return { keychain: createMemoryKeychain(), finding };
  return {
    finding,
    keychain: {
      storage: 'os-keychain',
      async get(account) {
        return entry(account).getPassword() ?? null;
      },
      async set(account, secret) {
        entry(account).setPassword(secret);
      },
      async delete(account) {
        // Deleting what is not there is done already (a second click, an entry removed by hand).
        const existing = entry(account);
        if (existing.getPassword() !== null) existing.deletePassword();
      },
    },
  };
}
