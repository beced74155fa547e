import { describe, expect, it } from 'vitest';
import {
  decideLinuxKeychain,
  describeKeychainFinding,
  findKernelSecrets,
  kernelKeyDescription,
  parseProcKeys,
  secretServiceHint,
} from '../../src-main/core/adapters/keychain-probe';

// /proc/keys as a Linux desktop without a Secret Service lists it once the keyring library has filed
// the desk's probe and a token in the session keyring (lines as the kernel prints them).
const procKeys = [
  '00649d51 I------     1 perm 1f030000     0     0 keyring   .persistent_register: 1',
  '12625ab8 I--Q---     1 perm 1f3f0000  1000  1000 keyring   _uid_ses.1000: 3',
  '11d00735 I--Q---     1 perm 3f010000  1000  1000 user      keyring:__probe__@reconciliation-desk: 24',
  '2d923af6 I--Q---     1 perm 3f010000  1000  1000 user      keyring:connection:5b0c…@reconciliation-desk: 52',
  '3a000001 I--Q---     1 perm 3f010000  1000  1000 user      keyring:connection:9@other-app: 12',
  '3a000002 I--Q---     1 perm 3f010000  1000  1000 user      keyring:connection:7@reconciliation-desk-test',
  '3a000003 I--Q---     1 perm 3f010000  1000  1000 logon     keyring:__probe__@reconciliation-desk: 3',
  'not a key line',
  '',
].join('\n');

describe('reading /proc/keys', () => {
  it('gives each key its id, type and description without the summary', () => {
    expect(parseProcKeys(procKeys)).toEqual([
      { id: '00649d51', type: 'keyring', description: '.persistent_register' },
      { id: '12625ab8', type: 'keyring', description: '_uid_ses.1000' },
      { id: '11d00735', type: 'user', description: 'keyring:__probe__@reconciliation-desk' },
      { id: '2d923af6', type: 'user', description: 'keyring:connection:5b0c…@reconciliation-desk' },
      { id: '3a000001', type: 'user', description: 'keyring:connection:9@other-app' },
      // A key with no payload has no summary.
      { id: '3a000002', type: 'user', description: 'keyring:connection:7@reconciliation-desk-test' },
      { id: '3a000003', type: 'logon', description: 'keyring:__probe__@reconciliation-desk' },
    ]);
  });

  it("finds the library's secrets of one service, or of one account of it, and no other", () => {
    expect(kernelKeyDescription('reconciliation-desk', '__probe__')).toBe(
      'keyring:__probe__@reconciliation-desk',
    );
    expect(findKernelSecrets(procKeys, 'reconciliation-desk').map((key) => key.id)).toEqual([
      '11d00735',
      '2d923af6',
    ]);
    expect(findKernelSecrets(procKeys, 'reconciliation-desk', '__probe__').map((key) => key.id)).toEqual([
      '11d00735',
    ]);
    expect(findKernelSecrets(procKeys, 'reconciliation-desk', 'connection:1')).toEqual([]);
    expect(findKernelSecrets('', 'reconciliation-desk')).toEqual([]);
  });
});

describe('deciding where tokens go on Linux', () => {
  const service = 'reconciliation-desk';
  const clean = procKeys
    .split('\n')
    .filter((line) => !line.includes('@reconciliation-desk:'))
    .join('\n');

  it('is the keychain only when the Secret Service kept the probe and the kernel does not hold it', () => {
    expect(decideLinuxKeychain({ outcome: 'kept', procKeys: clean }, service, '__probe__')).toEqual({
      storage: 'os-keychain',
      store: 'secret-service',
    });
    // Without /proc/keys nothing contradicts the pinned Secret Service.
    expect(decideLinuxKeychain({ outcome: 'kept', procKeys: null }, service, '__probe__')).toEqual({
      storage: 'os-keychain',
      store: 'secret-service',
    });
  });

  it('is memory when the probe was filed in the kernel session keyring, whatever the store answered', () => {
    const inKernel = {
      storage: 'memory',
      reason: 'session-keyring',
      detail: "the test secret landed in the kernel's session keyring",
    };
    expect(decideLinuxKeychain({ outcome: 'kept', procKeys }, service, '__probe__')).toEqual(inKernel);
    expect(
      decideLinuxKeychain({ outcome: 'refused', message: 'AccessDenied', procKeys }, service, '__probe__'),
    ).toEqual(inKernel);
  });

  it('is memory, with the reason, when no Secret Service answered or it kept nothing', () => {
    expect(
      decideLinuxKeychain(
        { outcome: 'unreachable', message: 'DBus error: no socket', procKeys: clean },
        service,
        '__probe__',
      ),
    ).toEqual({ storage: 'memory', reason: 'no-secret-service', detail: 'DBus error: no socket' });
    expect(
      decideLinuxKeychain(
        { outcome: 'refused', message: 'Secret Service: no result found', procKeys: null },
        service,
        '__probe__',
      ),
    ).toEqual({
      storage: 'memory',
      reason: 'secret-service-refused',
      detail: 'Secret Service: no result found',
    });
  });

  it('warns in plain words, with the hint to install or unlock a Secret Service on Linux', () => {
    expect(describeKeychainFinding({ storage: 'os-keychain', store: 'secret-service' })).toBeNull();
    expect(
      describeKeychainFinding({
        storage: 'memory',
        reason: 'session-keyring',
        detail: "the test secret landed in the kernel's session keyring",
      }),
    ).toBe(
      "The keychain filed a test secret in the kernel's session keyring, which is emptied at logout: tokens are kept in memory for this session only, never on disk. Install or unlock a Secret Service (GNOME Keyring or KeePassXC) and restart the app to keep tokens across restarts.",
    );
    for (const reason of ['no-secret-service', 'secret-service-refused'] as const)
      expect(describeKeychainFinding({ storage: 'memory', reason, detail: 'x' })).toContain(
        secretServiceHint,
      );
    expect(describeKeychainFinding({ storage: 'memory', reason: 'no-keychain', detail: 'locked' })).toBe(
      'No OS keychain answered (locked): tokens are kept in memory for this session only, never on disk.',
    );
  });
});
