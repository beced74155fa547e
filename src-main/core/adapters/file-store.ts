import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { DamagedFile } from '../../../src-shared/bridge/contract';
import { logRedacted } from '../redact';
import type { Store } from '../ports';

/**
 * A Store on the file system: one JSON file per name, replaced durably. A write goes to a temporary
 * file, which is flushed to the disk before it is renamed over the document, and the folder is flushed
 * after the rename: a power cut then leaves the old document or the new one, never an empty or cut one
 * (a rename reaches the disk before the data it names unless the data was flushed first).
 *
 * A document that is no JSON (an earlier build renamed without flushing, the disk failed, someone
 * edited it) is kept aside under a dated name (`connections.damaged-2026-11-27T04-51-07Z.json`) and read
 * as absent, so the desk starts with what is left; `damaged()` lists it for the clerk to be told.
 */
export function createFileStore(dir: string): Store {
  const damaged: DamagedFile[] = [];
  const pathOf = (name: string): string => {
    if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`store name must be kebab-case: ${name}`);
    return join(dir, `${name}.json`);
  };
  return {
    async read<T>(name: string): Promise<T | null> {
      const path = pathOf(name);
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        return JSON.parse(text) as T;
      } catch {
        const at = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
        const keptAs = `${name}.damaged-${at.replaceAll(':', '-')}.json`;
        await rename(path, join(dir, keptAs));
        damaged.push({ name, keptAs, at });
        logRedacted('warn', `desk: ${name}.json was damaged (${text.length} characters); kept as ${keptAs}`);
        return null;
      }
    },
    async write<T>(name: string, value: T): Promise<void> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const target = pathOf(name);
      const temporary = `${target}.${process.pid}.tmp`;
      const file = await open(temporary, 'w', 0o600);
      try {
        await file.writeFile(JSON.stringify(value), 'utf8');
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, target);
      await syncFolder(dir);
    },
    damaged: () => [...damaged],
  };
}

/**
 * Flushes a folder's entries (a rename) to the disk. Windows cannot open a folder to flush it (its
 * renames are flushed with the file system's journal): that refusal is no failure.
 */
async function syncFolder(dir: string): Promise<void> {
  let folder;
  try {
    folder = await open(dir, 'r');
  } catch (error) {
    if (['EISDIR', 'EPERM', 'EACCES'].includes((error as NodeJS.ErrnoException).code ?? '')) return;
    throw error;
  }
  try {
    await folder.sync();
  } catch (error) {
    if (!['EINVAL', 'EPERM', 'EBADF'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await folder.close();
  }
}
