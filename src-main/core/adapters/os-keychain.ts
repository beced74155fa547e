import type { Entry as KeyringEntry } from '@napi-rs/keyring';
import { createMemoryKeychain } from './memory-keychain';
import type { Keychain } from '../ports';

/** The keychain service name the app's secrets are filed under. */
export const keychainService = 'reconciliation-desk';

/** Where to file secrets; tests use a service name of their own. */
export interface OsKeychainOptions {
  service?: string;
}

/**
 * The OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux) through
 * @napi-rs/keyring, which runs in Electron's main process and in plain Node alike.
 *
 * Returns null when no keychain answers (no Secret Service on a headless machine): the caller then
 * decides, visibly, to keep secrets in memory only. It never falls back to a file.
 */
export async function openOsKeychain(options: OsKeychainOptions = {}): Promise<Keychain | null> {
  const service = options.service ?? keychainService;
  let Entry: typeof KeyringEntry;
  try {
    ({ Entry } = await import('@napi-rs/keyring'));
    // A probe: a keychain that is absent or cannot be unlocked throws here; a missing entry is null.
    new Entry(service, '__probe__').getPassword();
  } catch {
    return null;
  }
  return {
    storage: 'os-keychain',
    async get(account) {
      return new Entry(service, account).getPassword() ?? null;
    },
    async set(account, secret) {
      new Entry(service, account).setPassword(secret);
    },
    async delete(account) {
      // Deleting what is not there is done already (a second click, an entry removed by hand).
      const entry = new Entry(service, account);
      if (entry.getPassword() !== null) entry.deletePassword();
    },
  };
}

/** The OS keychain where there is one, else memory only. */
export async function openKeychain(options: OsKeychainOptions = {}): Promise<Keychain> {
  return (await openOsKeychain(options)) ?? createMemoryKeychain();
}
