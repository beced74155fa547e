// The bridge refuses malformed feed and answer calls before the core sees them, whatever the transport.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import { createMemoryKeychain } from '../../src-main/core/adapters/memory-keychain';
import { DeskCore } from '../../src-main/core/desk-service';
import { dispatchDesk } from '../../src-main/core/dispatch';

const dataDir = mkdtempSync(join(tmpdir(), 'desk-args-'));
const core = new DeskCore({
  runtime: 'browser',
  version: '0.0.0-test',
  keychain: createMemoryKeychain(),
  store: createFileStore(dataDir),
  clock: { now: () => Date.now() },
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const item = { id: 'inv_1', outcome: 'ACCEPTED', external_number: 'ERP-1' };
const batch = { id: '6f1c2a4e-0b7d-4c55-9d8e-2f3a1b0c9d8e', kind: 'invoices', items: [item] };

describe('bridge arguments of feeds and answers', () => {
  it.each([
    ['feeds.pull', ['invoices', { versionAfter: 0, perPage: 501 }]],
    ['feeds.pull', ['customers', { versionAfter: 0, perPage: 500 }]],
    ['feeds.pull', ['invoices', { versionAfter: -1, perPage: 10 }]],
    ['feeds.pull', ['invoices', { versionAfter: 0, perPage: 10, filter: 'x' }]],
    ['feeds.cursor', []],
    ['feeds.documents', ['invoices', []]],
    ['feeds.documents', ['invoices', Array.from({ length: 101 }, (_, i) => `inv_${i}`)]],
    ['feeds.documents', ['invoices', ['inv_1,inv_2']]],
    ['acks.send', [{ ...batch, items: Array.from({ length: 501 }, () => item) }]],
    ['acks.send', [{ ...batch, items: [] }]],
    ['acks.send', [{ ...batch, items: [{ id: 'inv_1' }] }]],
    ['acks.send', [{ ...batch, items: [{ ...item, outcome: 'MAYBE' }] }]],
    ['acks.send', [{ ...batch, items: [{ ...item, token: 'svc_test_x' }] }]],
    ['acks.send', [{ ...batch, items: [{ ...item, external_number: 'E'.repeat(65) }] }]],
    ['acks.send', [{ ...batch, id: 'short' }]],
    ['acks.send', [{ ...batch, id: `${'k'.repeat(101)}` }]],
    ['acks.send', [{ ...batch, id: 'has spaces in it' }]],
    ['acks.send', [{ ...batch, kind: 'receipts' }]],
    ['reference.list', ['reject-reasons']],
    ['reference.customerNames', [Array.from({ length: 101 }, (_, index) => `cus_${index}`)]],
    ['reference.customerNames', [[]]],
  ])('%s refuses %j', async (operation, args) => {
    expect(await dispatchDesk(core.api, operation, args)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', retryable: false },
    });
  });

  it('lets a well-formed batch through to the core (which has no connection here)', async () => {
    expect(await dispatchDesk(core.api, 'acks.send', [batch])).toMatchObject({
      ok: false,
      error: { code: 'NOT_CONFIGURED' },
    });
  });
});
