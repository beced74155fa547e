import type { TokenStorage } from '../../../src-shared/bridge/contract';

// Memory is what the app reports both where no keychain answered and where the only one that answered
// does not outlive the session (Linux's kernel session keyring, emptied at logout): the words must be
// true of both, and say what would give the app a keychain
// (docs/decisions/095-keychain-that-outlives-the-session.md).
const noLastingKeychain = 'no keychain on this computer keeps tokens across restarts';
const secretServiceHint =
  'On Linux, install or unlock a Secret Service (GNOME Keyring or KeePassXC), then restart the app.';

/** Where a saved connection's token is kept, for the active connection's "Kept in". */
export function describeTokenStorage(storage: TokenStorage): string {
  return storage === 'os-keychain'
    ? "this computer's keychain"
    : `memory only: ${noLastingKeychain}, so the token is forgotten when the app closes. ${secretServiceHint}`;
}

/**
 * Where a token typed in the add form will go, ending the sentence "It is checked with the service
 * first, then …". Before the app has said (null), the keychain: the app's normal case.
 */
export function describeTokenKeeping(storage: TokenStorage | null): string {
  return storage === 'memory'
    ? `kept in memory only: ${noLastingKeychain}, so it is forgotten when the app closes. ${secretServiceHint}`
    : "kept in this computer's keychain, never in a file.";
}
