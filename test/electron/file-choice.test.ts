import { afterAll, describe, expect, it } from 'vitest';
import {
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  statSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maxFileBytes, maxOpenFiles } from '../../src-shared/bridge/file-limits';
import { createFileStore } from '../../src-main/core/adapters/file-store';
import {
  createFileChoice,
  savePathFor,
  temporaryPathFor,
  type OpenQuestion,
  type SaveQuestion,
} from '../../src-main/electron/file-choice';

const home = mkdtempSync(join(tmpdir(), 'desk-files-'));
const documents = join(home, 'Documents');
mkdirSync(documents);
afterAll(() => rmSync(home, { recursive: true, force: true }));

const csv = { name: 'CSV file', extensions: ['csv'] };
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/**
 * The dialogs as a clerk answers them: each question is recorded, each answer taken from a list (a
 * path, the paths chosen together in one Open, or null for a cancel).
 */
function dialogs(
  answers: Array<string | string[] | null>,
  options: { maxBytes?: number; maxFiles?: number } = {},
) {
  const asked: Array<SaveQuestion | OpenQuestion> = [];
  const store = createFileStore(join(home, `store-${Math.random().toString(36).slice(2)}`));
  const files = createFileChoice({
    documentsFolder: documents,
    store,
    maxBytes: options.maxBytes,
    maxFiles: options.maxFiles,
    askSavePath: async (question) => {
      asked.push(question);
      const answer = answers.shift() ?? null;
      return Array.isArray(answer) ? (answer[0] ?? null) : answer;
    },
    askOpenPaths: async (question) => {
      asked.push(question);
      const answer = answers.shift() ?? null;
      return typeof answer === 'string' ? [answer] : answer;
    },
  });
  return { files, asked, store };
}

describe('Save and Open in the desktop app', () => {
  it('proposes the name in Documents first, then in the folder last used', async () => {
    const exports = join(home, 'exports');
    mkdirSync(exports);
    const { files, asked } = dialogs([join(exports, 'day-end.csv'), null]);
    expect(await files.save({ suggestedName: 'day-end.csv', filter: csv, bytes: bytes('a,b\n') })).toEqual({
      ok: true,
      value: { name: 'day-end.csv', path: join(exports, 'day-end.csv') },
    });
    expect(readFileSync(join(exports, 'day-end.csv'), 'utf8')).toBe('a,b\n');
    expect(await files.save({ suggestedName: 'invoices.csv', filter: csv, bytes: bytes('x') })).toEqual({
      ok: true,
      value: null,
    });
    expect(asked).toEqual([
      { defaultPath: join(documents, 'day-end.csv'), filters: [csv] },
      { defaultPath: join(exports, 'invoices.csv'), filters: [csv] },
    ]);
    // A folder that is gone since is not proposed.
    rmSync(exports, { recursive: true });
    await files.open({ title: 'Import a register', filters: [csv] });
    expect(asked[2]).toEqual({
      title: 'Import a register',
      defaultPath: documents,
      filters: [csv],
      multiple: false,
    });
  });

  it('adds the extension the dialog left out, but never onto a name that would replace a file unasked', async () => {
    const folder = mkdtempSync(join(home, 'ext-'));
    expect(await savePathFor(join(folder, 'report.csv'), csv)).toBe(join(folder, 'report.csv'));
    expect(await savePathFor(join(folder, 'report.CSV'), csv)).toBe(join(folder, 'report.CSV'));
    expect(await savePathFor(join(folder, 'report'), csv)).toBe(join(folder, 'report.csv'));
    expect(await savePathFor(join(folder, 'report.txt'), csv)).toBe(join(folder, 'report.txt.csv'));
    writeFileSync(join(folder, 'kept.csv'), 'the clerk’s own file');
    expect(await savePathFor(join(folder, 'kept'), csv)).toBe(join(folder, 'kept'));

    const { files } = dialogs([join(folder, 'kept')]);
    expect(await files.save({ suggestedName: 'kept.csv', filter: csv, bytes: bytes('new') })).toEqual({
      ok: true,
      value: { name: 'kept', path: join(folder, 'kept') },
    });
    expect(readFileSync(join(folder, 'kept.csv'), 'utf8')).toBe('the clerk’s own file');
  });

  it('replaces a file atomically and leaves no temporary file behind', async () => {
    const folder = mkdtempSync(join(home, 'atomic-'));
    const target = join(folder, 'register.xlsx');
    writeFileSync(target, 'old');
    // The old file is never written in place: the new one is renamed over it, so a crash or a full disk
    // mid-write leaves the old file whole. Seen here as the old file's inode, still holding "old".
    const before = statSync(target).ino;
    const oldHandle = openSync(target, 'r');
    const { files } = dialogs([target]);
    const xlsx = { name: 'Excel workbook', extensions: ['xlsx'] };
    expect(
      await files.save({ suggestedName: 'register.xlsx', filter: xlsx, bytes: bytes('new') }),
    ).toMatchObject({
      ok: true,
    });
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(statSync(target).ino).not.toBe(before);
    expect(readFileSync(oldHandle, 'utf8')).toBe('old');
    closeSync(oldHandle);
    expect(readdirSync(folder)).toEqual(['register.xlsx']);
    const temporary = temporaryPathFor(target);
    expect(temporary.startsWith(join(folder, '.register.xlsx.'))).toBe(true);
    expect(temporary).not.toBe(temporaryPathFor(target));
  });

  it('says in plain words when the file cannot be written, and leaves nothing behind', async () => {
    const folder = mkdtempSync(join(home, 'refused-'));
    // A folder stands where the file would go: the rename is refused, whoever runs the test.
    mkdirSync(join(folder, 'day-end.csv', 'inside'), { recursive: true });
    const { files } = dialogs([join(folder, 'day-end.csv'), join(folder, 'gone', 'day-end.csv')]);
    expect(
      await files.save({ suggestedName: 'day-end.csv', filter: csv, bytes: bytes('new') }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'FILE_NOT_SAVED',
        message: 'a folder has that name',
        retryable: true,
      },
    });
    expect(readdirSync(folder)).toEqual(['day-end.csv']);
    expect(readdirSync(join(folder, 'day-end.csv'))).toEqual(['inside']);
    expect(await files.save({ suggestedName: 'day-end.csv', filter: csv, bytes: bytes('new') })).toEqual({
      ok: false,
      error: {
        code: 'FILE_NOT_SAVED',
        message: 'the folder or file is no longer there',
        retryable: true,
      },
    });
  });

  it.skipIf(process.getuid?.() === 0)(
    'says so when the folder refuses the app (not as root, who writes anywhere)',
    async () => {
      const folder = mkdtempSync(join(home, 'locked-'));
      const target = join(folder, 'day-end.csv');
      writeFileSync(target, 'old');
      chmodSync(folder, 0o500);
      try {
        const { files } = dialogs([target]);
        const answer = await files.save({ suggestedName: 'day-end.csv', filter: csv, bytes: bytes('new') });
        expect(answer).toEqual({
          ok: false,
          error: {
            code: 'FILE_NOT_SAVED',
            message: 'this computer does not let the app write there',
            retryable: true,
          },
        });
        expect(readFileSync(target, 'utf8')).toBe('old');
        expect(readdirSync(folder)).toEqual(['day-end.csv']);
      } finally {
        chmodSync(folder, 0o700);
      }
    },
  );

  it('opens one file as its name and bytes, and answers null when cancelled', async () => {
    const path = join(home, 'register.csv');
    writeFileSync(path, 'id,number\nINV-1,ERP-1\n');
    const { files, asked } = dialogs([path, null]);
    const opened = await files.open({ title: 'Import a register', filters: [csv] });
    expect(opened).toEqual({
      ok: true,
      value: [{ name: 'register.csv', bytes: new Uint8Array(readFileSync(path)) }],
    });
    expect(opened.ok && opened.value?.[0]?.bytes.constructor).toBe(Uint8Array);
    expect(await files.open({ title: 'Import a register', filters: [csv] })).toEqual({
      ok: true,
      value: null,
    });
    expect(asked.map((question) => question.defaultPath)).toEqual([documents, home]);
  });

  it('refuses a file over 512 MiB without reading it, and one that grows past the limit while read', async () => {
    const large = join(home, 'huge.csv');
    writeFileSync(large, '');
    truncateSync(large, maxFileBytes + 1); // sparse: nothing is written
    const { files } = dialogs([large, join(home, 'limit.csv'), join(home, 'within.csv')]);
    expect(await files.open({ title: 'Import', filters: [csv] })).toEqual({
      ok: false,
      error: {
        code: 'FILE_TOO_LARGE',
        message: 'The file huge.csv is larger than 512 MB, the most the app opens',
        retryable: false,
        details: [{ limit: 'file' }],
      },
    });
    truncateSync(large, maxFileBytes);
    rmSync(large);

    const small = dialogs([join(home, 'limit.csv'), join(home, 'limit.csv')], { maxBytes: 10 });
    writeFileSync(join(home, 'limit.csv'), '0123456789');
    expect(await small.files.open({ title: 'Import', filters: [csv] })).toMatchObject({
      ok: true,
      value: [{ name: 'limit.csv' }],
    });
    writeFileSync(join(home, 'limit.csv'), '0123456789A');
    expect(await small.files.open({ title: 'Import', filters: [csv] })).toMatchObject({
      ok: false,
      error: { code: 'FILE_TOO_LARGE' },
    });
  });

  it('says in plain words when the chosen file cannot be read', async () => {
    const { files } = dialogs([join(home, 'gone.csv'), home]);
    expect(await files.open({ title: 'Import', filters: [csv] })).toEqual({
      ok: false,
      error: {
        code: 'FILE_NOT_READ',
        message: 'the folder or file is no longer there',
        retryable: true,
      },
    });
    expect(await files.open({ title: 'Import', filters: [csv] })).toMatchObject({
      ok: false,
      error: { code: 'FILE_NOT_READ', message: 'it is a folder, not a file' },
    });
  });

  it('opens several files in one dialog when asked, in the order chosen, and one otherwise', async () => {
    const folder = mkdtempSync(join(home, 'exports-'));
    writeFileSync(join(folder, 'units.csv'), 'code,name\nPCS,Piece\n');
    writeFileSync(join(folder, 'customers.csv'), 'code,name\nC1,Nile Market\n');
    const both = [join(folder, 'units.csv'), join(folder, 'customers.csv')];
    const { files, asked } = dialogs([both, both, []]);
    expect(await files.open({ title: 'ERP exports', filters: [csv], multiple: true })).toEqual({
      ok: true,
      value: [
        { name: 'units.csv', bytes: bytes('code,name\nPCS,Piece\n') },
        { name: 'customers.csv', bytes: bytes('code,name\nC1,Nile Market\n') },
      ],
    });
    // A screen that reads one file never gets two (a dialog that answered two is refused, not cut).
    expect(await files.open({ title: 'Import a register', filters: [csv] })).toEqual({
      ok: false,
      error: {
        code: 'TOO_MANY_FILES',
        message: '2 files were chosen; this asks for one',
        retryable: false,
        details: [{ limit: 'count' }],
      },
    });
    // No file chosen is a cancel.
    expect(await files.open({ title: 'ERP exports', filters: [csv], multiple: true })).toEqual({
      ok: true,
      value: null,
    });
    expect(asked.map((question) => 'multiple' in question && question.multiple)).toEqual([true, false, true]);
  });

  it('refuses more than 50 files at once before touching any of them', async () => {
    const folder = mkdtempSync(join(home, 'many-'));
    // Paths that do not exist: a choice refused for its count is never read (nor even looked at).
    const paths = (count: number): string[] =>
      Array.from({ length: count }, (_, index) => join(folder, `export-${index}.csv`));
    const { files } = dialogs([paths(maxOpenFiles + 1)]);
    expect(await files.open({ title: 'ERP exports', filters: [csv], multiple: true })).toEqual({
      ok: false,
      error: {
        code: 'TOO_MANY_FILES',
        message: '51 files were chosen; the app opens at most 50 at once',
        retryable: false,
        details: [{ limit: 'count' }],
      },
    });
    for (const path of paths(maxOpenFiles)) writeFileSync(path, 'x');
    const fifty = dialogs([paths(maxOpenFiles)]);
    const opened = await fifty.files.open({ title: 'ERP exports', filters: [csv], multiple: true });
    expect(opened.ok && opened.value?.length).toBe(maxOpenFiles);
  });

  it('refuses a choice with one file over 512 MiB, naming it, without reading any', async () => {
    const folder = mkdtempSync(join(home, 'one-large-'));
    writeFileSync(join(folder, 'units.csv'), 'code\nPCS\n');
    writeFileSync(join(folder, 'customers.csv'), '');
    truncateSync(join(folder, 'customers.csv'), maxFileBytes + 1); // sparse: nothing is written
    const { files } = dialogs([[join(folder, 'units.csv'), join(folder, 'customers.csv')]]);
    expect(await files.open({ title: 'ERP exports', filters: [csv], multiple: true })).toEqual({
      ok: false,
      error: {
        code: 'FILE_TOO_LARGE',
        message: 'The file customers.csv is larger than 512 MB, the most the app opens',
        retryable: false,
        details: [{ limit: 'file' }],
      },
    });
    rmSync(folder, { recursive: true });
  });

  it('refuses files each within 512 MiB whose sum is over it, so one Open never holds more', async () => {
    const folder = mkdtempSync(join(home, 'sum-'));
    const half = Math.floor(maxFileBytes / 2) + 1;
    for (const name of ['prices.csv', 'balances.csv']) {
      writeFileSync(join(folder, name), '');
      truncateSync(join(folder, name), half); // sparse: nothing is written
    }
    const { files } = dialogs([[join(folder, 'prices.csv'), join(folder, 'balances.csv')]]);
    expect(await files.open({ title: 'ERP exports', filters: [csv], multiple: true })).toEqual({
      ok: false,
      error: {
        code: 'FILE_TOO_LARGE',
        message: 'The 2 files chosen are larger than 512 MB together, the most the app opens at once',
        retryable: false,
        details: [{ limit: 'total' }],
      },
    });
    rmSync(folder, { recursive: true });

    // At the limit exactly, the files open; one byte more in all, they do not.
    const small = mkdtempSync(join(home, 'sum-small-'));
    writeFileSync(join(small, 'a.csv'), '01234');
    writeFileSync(join(small, 'b.csv'), '56789');
    const choice = [join(small, 'a.csv'), join(small, 'b.csv')];
    const limited = dialogs([choice, choice], { maxBytes: 10 });
    expect(await limited.files.open({ title: 'ERP exports', filters: [csv], multiple: true })).toMatchObject({
      ok: true,
      value: [{ name: 'a.csv' }, { name: 'b.csv' }],
    });
    writeFileSync(join(small, 'b.csv'), '56789A');
    expect(await limited.files.open({ title: 'ERP exports', filters: [csv], multiple: true })).toMatchObject({
      ok: false,
      error: { code: 'FILE_TOO_LARGE', details: [{ limit: 'total' }] },
    });
  });

  it('refuses files that grow past the limits between the look at their sizes and their reading', async () => {
    const folder = mkdtempSync(join(home, 'growing-'));
    const a = join(folder, 'a.csv');
    const b = join(folder, 'b.csv');
    /** An Open of `paths` within 10 bytes, where `grow` runs after the sizes were read, before the bytes. */
    const openGrowing = (paths: string[], grow: () => void) => {
      const store = createFileStore(join(folder, `store-${Math.random().toString(36).slice(2)}`));
      return createFileChoice({
        documentsFolder: documents,
        // The folder is remembered once the files' sizes are known, and before they are read.
        store: { ...store, write: async (name, value) => (grow(), store.write(name, value)) },
        maxBytes: 10,
        askSavePath: async () => null,
        askOpenPaths: async () => paths,
      }).open({ title: 'ERP exports', filters: [csv], multiple: true });
    };
    writeFileSync(a, '01234');
    writeFileSync(b, '5678');
    expect(await openGrowing([a, b], () => writeFileSync(b, '56789A'))).toMatchObject({
      ok: false,
      error: { code: 'FILE_TOO_LARGE', details: [{ limit: 'total' }] },
    });
    writeFileSync(a, '01234');
    expect(await openGrowing([a], () => writeFileSync(a, '0123456789A'))).toMatchObject({
      ok: false,
      error: { code: 'FILE_TOO_LARGE', details: [{ limit: 'file' }] },
    });
  });

  it('names the file the system refused among several', async () => {
    const folder = mkdtempSync(join(home, 'gone-'));
    writeFileSync(join(folder, 'units.csv'), 'code\nPCS\n');
    const { files } = dialogs([[join(folder, 'units.csv'), join(folder, 'prices.csv')]]);
    expect(await files.open({ title: 'ERP exports', filters: [csv], multiple: true })).toEqual({
      ok: false,
      error: {
        code: 'FILE_NOT_READ',
        message: 'prices.csv: the folder or file is no longer there',
        retryable: true,
      },
    });
  });
});
