import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import { createMemoryKeychain } from '../../src-main/core/adapters/memory-keychain';
import { Connections } from '../../src-main/core/connections/connections';
import { PushJournal } from '../../src-main/core/push/journal';
import { PushRunner } from '../../src-main/core/push/push-runner';

// The core's files (issue 28, item 4): written to a temporary file, flushed, renamed and the folder
// flushed; a damaged one kept aside under a dated name, the desk starting with what is left.

const dirs: string[] = [];
function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'desk-files-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const token = `svc_test_${'a'.repeat(43)}`;

describe('the core’s file store', () => {
  it('flushes the written file and then its folder before a write counts as done', async () => {
    const dir = newDir();
    const probe = await open(join(dir, 'probe'), 'w');
    const handles = Object.getPrototypeOf(probe) as { sync(): Promise<void> };
    await probe.close();
    const flushed: string[] = [];
    const sync = handles.sync;
    vi.spyOn(handles, 'sync').mockImplementation(async function (this: { fd: number }) {
      // What the handle is open on when it is flushed: the temporary file, or the folder.
      flushed.push(readdirSync(dir).some((name) => name.endsWith('.tmp')) ? 'file' : 'folder');
      return sync.call(this);
    });
    const store = createFileStore(dir);
    await store.write('connections', { connections: [], activeId: null });
    expect(flushed).toEqual(['file', 'folder']);
    expect(readdirSync(dir).filter((name) => name !== 'probe')).toEqual(['connections.json']);
  });

  it('keeps a saved-connections file cut at any byte aside, and starts without connections, saying so', async () => {
    const dir = newDir();
    const keychain = createMemoryKeychain();
    const written = new Connections(createFileStore(dir), keychain);
    await written.save({ label: 'Demo', baseUrl: 'http://127.0.0.1:9/api/integration/v1', token });
    await written.save({
      label: 'Nile ERP · النيل',
      baseUrl: 'http://127.0.0.1:8/api/integration/v1',
      token,
    });
    const whole = readFileSync(join(dir, 'connections.json'));
    expect((await written.list()).map((c) => c.label)).toEqual(['Demo', 'Nile ERP · النيل']);

    for (let length = 0; length < whole.length; length += 1) {
      const cutDir = newDir();
      writeFileSync(join(cutDir, 'connections.json'), whole.subarray(0, length));
      const store = createFileStore(cutDir);
      const connections = new Connections(store, keychain);
      expect(await connections.list(), `cut at ${length}`).toEqual([]);
      const [damaged, ...more] = store.damaged();
      expect(more).toEqual([]);
      expect(damaged?.name).toBe('connections');
      expect(damaged?.keptAs).toMatch(/^connections\.damaged-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json$/);
      // Kept as it was found, byte for byte; the name is free for the connection added again.
      expect(readFileSync(join(cutDir, damaged!.keptAs)).equals(whole.subarray(0, length))).toBe(true);
      expect(readdirSync(cutDir)).toEqual([damaged!.keptAs]);
      await connections.save({ label: 'Demo', baseUrl: 'http://127.0.0.1:9/api/integration/v1', token });
      expect((await connections.list()).map((c) => c.label)).toEqual(['Demo']);
      rmSync(cutDir, { recursive: true, force: true });
    }
  });

  it('keeps a push journal file cut at any byte aside: a cut index lists no run, a cut header or part drops its run', async () => {
    const dir = newDir();
    const journal = new PushJournal(createFileStore(dir));
    const header = {
      version: 1 as const,
      runId: 'run-1',
      label: 'units.csv',
      connectionId: 'c-1',
      createdAt: '2026-11-27T04:00:00.000Z',
      updatedAt: '2026-11-27T04:00:00.000Z',
      state: 'paused' as const,
      reason: { code: 'PAUSED', kind: 'paused' as const, message: 'Paused.' },
      callsTotal: 1,
      callsDone: 0,
      recordsTotal: 1,
      counts: { pending: 1, created: 0, updated: 0, unchanged: 0, stale: 0, deleted: 0, failed: 0 },
      parts: 1,
    };
    const call = {
      index: 0,
      call: {
        call: 'units-batch',
        file: 'units.csv',
        items: [{ ref: 'KG', line: 2, body: { name: { en: 'Kilo' } } }],
      },
      key: 'key-1',
      keyCreatedAt: '2026-11-27T04:00:00.000Z',
      state: 'pending' as const,
      attempts: 0,
      outcome: null,
      requestId: null,
      answeredAt: null,
    };
    await journal.create(header, [[call as never]]);
    const files = ['push-runs', 'push-run-run-1', 'push-run-run-1-part-0'];
    expect(readdirSync(dir).sort()).toEqual(files.map((name) => `${name}.json`).sort());

    for (const file of files) {
      const whole = readFileSync(join(dir, `${file}.json`));
      for (let length = 0; length < whole.length; length += 1) {
        const cutDir = newDir();
        for (const other of files)
          writeFileSync(join(cutDir, `${other}.json`), readFileSync(join(dir, `${other}.json`)));
        writeFileSync(join(cutDir, `${file}.json`), whole.subarray(0, length));
        const store = createFileStore(cutDir);
        const cut = new PushJournal(store);
        const ids = await cut.runIds();
        const found = ids.length === 0 ? null : await cut.header('run-1');
        const calls = found ? await cut.calls(found) : null;
        expect([ids, found !== null, calls], `${file} cut at ${length}`).toEqual(
          file === 'push-runs'
            ? [[], false, null]
            : file === 'push-run-run-1'
              ? [['run-1'], false, null]
              : [['run-1'], true, null],
        );
        expect(store.damaged().map((damaged) => damaged.name)).toEqual([file]);
        rmSync(cutDir, { recursive: true, force: true });
      }
    }

    // The runner: a run whose part was damaged is listed by its header until it is read, then dropped.
    writeFileSync(join(dir, 'push-run-run-1-part-0.json'), '{"version":1,"ca');
    const store = createFileStore(dir);
    const runner = new PushRunner({
      store,
      clock: { now: () => Date.now() },
      activeClient: () => Promise.reject(new Error('no call is made')),
    });
    expect((await runner.list()).map((run) => run.runId)).toEqual(['run-1']);
    await expect(runner.status('run-1')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(await runner.list()).toEqual([]);
    expect(store.damaged().map((damaged) => damaged.name)).toEqual(['push-run-run-1-part-0']);
  });
});
