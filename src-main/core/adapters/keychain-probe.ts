/**
 * Which store answered the keychain's probe, and whether it outlives the session: the plain rules the
 * OS keychain adapter (./os-keychain.ts) applies to what it observed. docs/decisions/095-keychain-that-outlives-the-session.md.
 *
 * On Linux the keyring library files a secret in the Secret Service (GNOME Keyring, KeePassXC, KWallet)
 * when one answers over D-Bus, and otherwise quietly in the kernel's session keyring, which is emptied
 * at logout and reboot. The kernel lists its keys in /proc/keys, the library's under the description
 * `keyring:<account>@<service>`; a probe found there did not go to a store that outlives the session.
 */

/** One key of /proc/keys: its id (hex), type (`user`, `keyring`, …) and description. */
export interface KernelKey {
  id: string;
  type: string;
  description: string;
}

/**
 * The keys of a /proc/keys text.
 *
 * A line is `<id> <flags> <usage> <timeout> <perm> <uid> <gid> <type> <description>[: <summary>]`; the
 * summary (a payload length, a keyring's count) is not part of the description. Lines that do not have
 * the eight leading fields are skipped.
 */
export function parseProcKeys(text: string): KernelKey[] {
  const keys: KernelKey[] = [];
  for (const line of text.split('\n')) {
    const match = /^\s*([0-9a-f]+)\s+\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+(\S+)\s+(.*)$/.exec(line);
    if (!match) continue;
    const rest = (match[3] ?? '').trimEnd();
    const summary = /^(.*): \S+$/.exec(rest);
    keys.push({ id: match[1] ?? '', type: match[2] ?? '', description: summary?.[1] ?? rest });
  }
  return keys;
}

/** The description the keyring library gives a secret it files in the kernel's keyring. */
export function kernelKeyDescription(service: string, account: string): string {
  return `keyring:${account}@${service}`;
}

/**
 * The secrets of `service` (or of one account of it) that the keyring library filed in the kernel's
 * keyring, as /proc/keys lists them.
 */
export function findKernelSecrets(procKeys: string, service: string, account?: string): KernelKey[] {
  return parseProcKeys(procKeys).filter(
    (key) =>
      key.type === 'user' &&
      (account === undefined
        ? key.description.startsWith('keyring:') && key.description.endsWith(`@${service}`)
        : key.description === kernelKeyDescription(service, account)),
  );
}

/**
 * What the adapter observed when it probed the Secret Service on Linux.
 *
 * `unreachable`: no Secret Service answered (no D-Bus session, no provider on it). `refused`: one
 * answered but did not keep the probe (a locked keyring, no default keyring, a prompt dismissed).
 * `kept`: the probe was written, read back and deleted. `procKeys` is /proc/keys as it stood while the
 * probe was stored (null when it could not be read), so the store that took it can be told.
 */
export type SecretServiceProbe =
  | { outcome: 'unreachable'; message: string; procKeys: string | null }
  | { outcome: 'refused'; message: string; procKeys: string | null }
  | { outcome: 'kept'; procKeys: string | null };

/** Why the app keeps tokens in memory only. */
export type MemoryReason =
  /** No keychain answered at all (macOS, Windows, or the keyring library could not load). */
  | 'no-keychain'
  /** Linux: no Secret Service answered. */
  | 'no-secret-service'
  /** Linux: a Secret Service answered but did not keep the probe. */
  | 'secret-service-refused'
  /** Linux: the probe landed in the kernel's session keyring, gone at logout and reboot. */
  | 'session-keyring';

/** Where the app will keep tokens, and why not in a keychain when it will not. */
export type KeychainFinding =
  | { storage: 'os-keychain'; store: 'secret-service' | 'platform' }
  | { storage: 'memory'; reason: MemoryReason; detail: string };

/**
 * Where tokens go on Linux, from the Secret Service probe.
 *
 * Only a Secret Service that kept the probe is a keychain. A probe seen in the kernel's keyring while
 * stored means the library filed it there whatever the Secret Service said: that store does not
 * outlive the session, so it counts as memory. An unreadable /proc/keys proves nothing either way; the
 * adapter pins every entry to the Secret Service, so a kept probe is then trusted.
 */
export function decideLinuxKeychain(
  probe: SecretServiceProbe,
  service: string,
  probeAccount: string,
): KeychainFinding {
  const inKernel =
    probe.procKeys !== null && findKernelSecrets(probe.procKeys, service, probeAccount).length > 0;
  if (inKernel) {
    return {
      storage: 'memory',
      reason: 'session-keyring',
      detail: "the test secret landed in the kernel's session keyring",
    };
  }
  switch (probe.outcome) {
    case 'kept':
      return { storage: 'os-keychain', store: 'secret-service' };
    case 'unreachable':
      return { storage: 'memory', reason: 'no-secret-service', detail: probe.message };
    case 'refused':
      return { storage: 'memory', reason: 'secret-service-refused', detail: probe.message };
  }
}

/** What to do about a memory-only keychain on Linux: the hint the warning ends with. */
export const secretServiceHint =
  'Install or unlock a Secret Service (GNOME Keyring or KeePassXC) and restart the app to keep tokens across restarts.';

/**
 * The warning a host prints when tokens are kept in memory only, with the reason and, on Linux, the
 * hint; null when a keychain keeps them.
 */
export function describeKeychainFinding(finding: KeychainFinding): string | null {
  if (finding.storage === 'os-keychain') return null;
  const memory = 'tokens are kept in memory for this session only, never on disk.';
  switch (finding.reason) {
    case 'no-keychain':
      return `No OS keychain answered (${finding.detail}): ${memory}`;
    case 'no-secret-service':
      return `No Secret Service answered on D-Bus (${finding.detail}), and the kernel's session keyring the keyring library would use instead is emptied at logout: ${memory} ${secretServiceHint}`;
    case 'secret-service-refused':
      return `The Secret Service did not keep a test secret (${finding.detail}): ${memory} ${secretServiceHint}`;
    case 'session-keyring':
      return `The keychain filed a test secret in the kernel's session keyring, which is emptied at logout: ${memory} ${secretServiceHint}`;
  }
}
