import type { Keychain } from '../ports';

/**
 * A keychain that keeps secrets in this process's memory only, for hosts without an OS keychain (a
 * headless test machine). Nothing is written anywhere: the user re-enters the token after a restart.
 */
export function createMemoryKeychain(): Keychain {
  const secrets = new Map<string, string>();
  return {
    storage: 'memory',
    async get(account) {
      return secrets.get(account) ?? null;
    },
    async set(account, secret) {
      secrets.set(account, secret);
    },
    async delete(account) {
      secrets.delete(account);
    },
  };
}
