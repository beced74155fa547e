import type { Entry as KeyringEntry } from '@napi-rs/keyring';
import { createMemoryKeychain } from './memory-keychain';
import type { Keychain } from '../ports';

const service = 'reconciliation-desk';

/**
 * The OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux) through
 * @napi-rs/keyring, which runs in Electron's main process and in plain Node alike.
 *
 * Returns null when no keychain answers (no Secret Service on a headless machine): the caller then
 * decides, visibly, to keep secrets in memory only. It never falls back to a file.
 */
export async function openOsKeychain(): Promise<Keychain | null> {
  let Entry: typeof KeyringEntry;
  try {
    ({ Entry } = await import('@napi-rs/keyring'));
    // A probe: a keychain that is present but locked or absent throws here.
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
      new Entry(service, account).deletePassword();
    },
  };
}

/** The OS keychain where there is one, else memory only. */
export async function openKeychain(): Promise<Keychain> {
  return (await openOsKeychain()) ?? createMemoryKeychain();
}
