import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { menuWordsFrom } from '../../src-shared/bridge/commands';
import english from '../../src-shared/messages/menu.en.json';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deskOperations, type DeskOperation } from '../../src-shared/bridge/contract';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import { createMemoryKeychain } from '../../src-main/core/adapters/memory-keychain';
import { NetworkError, ServiceError } from '../../src-main/core/api/errors';
import { AuditTrail } from '../../src-main/core/audit/audit-trail';
import { applyStartupConnection } from '../../src-main/core/bootstrap';
import { DeskCore } from '../../src-main/core/desk-service';
import { dispatchDesk, toDeskError } from '../../src-main/core/dispatch';
import { redactText, redactValue } from '../../src-main/core/redact';
import { startSandbox, type RunningSandbox } from '../support/sandbox';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('token hygiene: the token never reaches the renderer, a log or a file in clear', () => {
  let sandbox: RunningSandbox;
  let dataDir: string;
  let core: DeskCore;
  const logged: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ docs: 3 });
    dataDir = mkdtempSync(join(tmpdir(), 'desk-hygiene-'));
    core = new DeskCore({
      runtime: 'browser',
      version: 'test',
      keychain: createMemoryKeychain(),
      store: createFileStore(dataDir),
      clock: { now: () => Date.now() },
      // Every call the desk makes is kept in the data folder: the check of its files reads the trail too.
      audit: new AuditTrail({ dir: join(dataDir, 'audit'), clock: { now: () => Date.now() } }),
    });
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation((...values: unknown[]) => {
        logged.push(values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(' '));
      });
    }
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await core?.close();
    await sandbox?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no token in any bridge answer, event, log line or file of the data folder', async () => {
    const answers: string[] = [];
    const events: string[] = [];
    core.subscribe((event, payload) => events.push(`${event} ${JSON.stringify(payload)}`));
    const call = async (operation: string, args: unknown): Promise<void> => {
      answers.push(JSON.stringify(await dispatchDesk(core.api, operation, args)));
    };

    // Start-up path (the demo token handed over by a script), then the add form's path.
    await applyStartupConnection(core, { serviceUrl: sandbox.baseUrl, sandboxDataDir: sandbox.dataDir });
    const second = await sandbox.admin<{ client_id: string; token: string }>('POST', '/clients', {
      name: 'Hygiene ERP',
      system: 'OTHER',
      scopes: ['invoices:read', 'invoices:write'],
    });
    const rotated = await sandbox.admin<{ token: string }>('POST', `/clients/${second.client_id}/tokens`);
    const revoked = await sandbox.admin<{ token: string }>('POST', '/clients', {
      name: 'Revoked ERP',
      system: 'OTHER',
      scopes: [],
    });
    await sandbox.admin('POST', '/tokens/revoke', { token: revoked.token });
    const tokens = [sandbox.token, second.token, rotated.token, revoked.token];

    await call('connections.add', [{ label: 'Second', baseUrl: sandbox.baseUrl, token: second.token }]);
    await call('connections.add', [{ label: 'Revoked', baseUrl: sandbox.baseUrl, token: revoked.token }]);
    await call('connections.add', [
      { label: 'Nowhere', baseUrl: 'http://127.0.0.1:9/api/integration/v1', token: second.token },
    ]);
    await call('connections.add', [
      { label: 'Extra', baseUrl: sandbox.baseUrl, token: second.token, secret: second.token },
    ]);
    await call('connections.add', [{ label: 'Bad', baseUrl: sandbox.baseUrl, token: `${second.token}x` }]);
    const listed = await core.connections.list();
    const secondId = listed.find((c) => c.label === 'Second')?.id ?? '';
    const demoId = listed.find((c) => c.label.startsWith('Sandbox'))?.id ?? '';

    // Every operation at least once, with arguments each takes (a new operation must be added here).
    const samples: Record<DeskOperation, unknown[]> = {
      'app.info': [],
      'app.setMenuWords': [menuWordsFrom((id) => english[id])],
      'connections.list': [],
      'connections.status': [],
      'connections.add': [{ label: 'Again', baseUrl: `${sandbox.origin}/`, token: second.token }],
      'connections.activate': [secondId],
      'connections.rotate': [{ id: secondId, token: rotated.token }],
      'connections.remove': [demoId],
      'connections.checkup': [],
      'feeds.pull': ['invoices', { versionAfter: 0, perPage: 5 }],
      'feeds.cursor': ['invoices'],
      'feeds.documents': ['invoices', ['no-such-invoice']],
      'acks.send': [
        {
          id: 'hygiene-batch-0001',
          kind: 'invoices',
          items: [{ id: 'no-such-invoice', outcome: 'ACCEPTED' }],
        },
      ],
      'reference.list': ['currencies'],
      'reference.customerNames': [['no-such-customer']],
      'push.start': [
        {
          label: 'Hygiene',
          calls: [
            {
              call: 'customer',
              file: 'c.csv',
              line: 2,
              ref: 'HY-1',
              body: { name: { en: 'Hygiene' }, blocked: false },
            },
          ],
        },
      ],
      'push.pause': ['no-such-run'],
      'push.resume': ['no-such-run'],
      'push.status': ['no-such-run'],
      'push.list': [],
      'push.results': ['no-such-run', { offset: 0, limit: 10 }],
      'lookup.customerBalances': [['no-such-customer']],
      'lookup.customer': ['HY-1'],
      'lookup.customers': [['HY-1', 'no-such-customer']],
      'lookup.records': ['product', ['no-such-product']],
      'files.save': [
        {
          suggestedName: 'hygiene.csv',
          filter: { name: 'CSV file', extensions: ['csv'] },
          bytes: new Uint8Array(3),
        },
      ],
      'files.open': [{ title: 'Open', filters: [{ name: 'CSV file', extensions: ['csv'] }] }],
      'audit.calls': [{}],
      'demo.open': [],
    };
    for (const operation of deskOperations) await call(operation, samples[operation]);
    await call('connections.status', []);
    await call('connections.rotate', [{ id: secondId, token: revoked.token }]);

    expect(answers).toHaveLength(deskOperations.length + 7);
    const files = filesUnder(dataDir);
    // The trail kept the calls, those that tried a token before it was saved among them.
    const trail = files.filter((file) => /calls-\d{4}-\d{2}-\d{2}\.jsonl$/.test(file));
    expect(trail).toHaveLength(1);
    expect(readFileSync(trail[0]!, 'utf8')).toContain('"action":"connections.add"');
    expect(files.length).toBeGreaterThan(0);
    const seen = {
      answers: answers.join('\n'),
      events: events.join('\n'),
      logs: logged.join('\n'),
      files: files.map((f) => readFileSync(f, 'utf8')).join('\n'),
    };
    for (const token of tokens) {
      const secretPart = token.slice(17); // what the prefix does not show
      for (const [where, text] of Object.entries(seen)) {
        expect(text.includes(secretPart), `a token was found in ${where}`).toBe(false);
      }
    }
    // The answers did say useful things: prefixes only.
    expect(seen.answers).toContain(second.token.slice(0, 17));
    expect(seen.events).toContain('"state":"connected"');
  });

  it('redacts tokens and Authorization values from messages, details and log values', () => {
    const token = `svc_live_${'abcdEFGH'}${'x'.repeat(35)}`;
    expect(redactText(`Authorization: Bearer ${token}`)).toBe('Authorization: [redacted]');
    expect(redactText(`sent Bearer ${token}`)).toBe('sent Bearer [redacted]');
    expect(redactText(`the token ${token} was revoked`)).toBe('the token svc_live_abcdEFGH… was revoked');
    expect(redactText('{"authorization":"Basic dXNlcjpwYXNz"}')).toBe('{"authorization":"[redacted]"}');
    expect(
      JSON.stringify(redactValue({ headers: { Authorization: `Bearer ${token}` }, note: token })),
    ).not.toContain('x'.repeat(35));

    const fromService = toDeskError(
      new ServiceError(401, {
        code: 'TOKEN_INVALID',
        message: `Token ${token} is unknown`,
        details: [{ field: 'authorization', value: `Bearer ${token}` }],
        request_id: 'r1',
        retryable: false,
      }),
    );
    expect(JSON.stringify(fromService)).not.toContain('x'.repeat(35));
    expect(fromService).toMatchObject({ code: 'TOKEN_INVALID', requestId: 'r1' });
    expect(
      JSON.stringify(toDeskError(new NetworkError(`socket hang up (authorization: Bearer ${token})`))),
    ).not.toContain('x'.repeat(35));

    logged.length = 0;
    const internal = toDeskError(new Error(`boom with ${token}`));
    expect(internal.code).toBe('INTERNAL');
    expect(internal.message).not.toContain(token.slice(17));
    expect(logged.join('\n')).toContain('boom with svc_live_abcdEFGH…');
    expect(logged.join('\n')).not.toContain('x'.repeat(35));
  });

  it('masks a token glued to what comes before or after it, or cut short', () => {
    const secret = 'Qz9_-Kp'.repeat(5);
    const token = `svc_test_abcdEFGH${secret}`;
    const texts = {
      'after a URL-encoded =': `GET /cb?token%3D${token}&x=1`,
      'after a JSON-escaped line break': JSON.stringify(`first line\n${token}`),
      'after a digit': `id7${token}`,
      'after an underscore': `key_${token}`,
      'glued to a word after it': `${token}Trailing words`,
      'cut short in a clipped line': `… ${token.slice(0, 30)}`,
      'in a log value': JSON.stringify(redactValue({ at: `x${token}` })),
    };
    for (const [where, text] of Object.entries(texts)) {
      const redacted = where === 'in a log value' ? text : redactText(text);
      expect(redacted, where).not.toContain(secret.slice(0, 6));
      expect(redacted, where).toContain('svc_test_abcdEFGH…');
    }
  });
});
