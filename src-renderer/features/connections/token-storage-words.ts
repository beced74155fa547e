import type { TokenStorage } from '../../../src-shared/bridge/contract';
import { say } from '../../messages/intl';

// Memory is what the app reports both where no keychain answered and where the only one that answered
// does not outlive the session (Linux's kernel session keyring, emptied at logout): the words must be
// true of both, and say what would give the app a keychain
// (docs/decisions/095-keychain-that-outlives-the-session.md).

/** Where a saved connection's token is kept, for the active connection's "Kept in". */
export function describeTokenStorage(storage: TokenStorage): string {
  return storage === 'os-keychain'
    ? say('connections.tokenStorage.keychain')
    : say('connections.tokenStorage.memory');
}

/**
 * The add form's hint: the token is shown once in the console, checked with the service, then kept
 * where the app keeps tokens. Before the app has said (null), the keychain: the app's normal case.
 */
export function tokenKeepingHint(storage: TokenStorage | null): string {
  return say('connections.add.hint', { storage: storage === 'memory' ? 'memory' : 'keychain' });
}
