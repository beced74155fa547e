import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { DamagedFile } from '../../../src-shared/bridge/contract';
import { logRedacted } from '../redact';
import type { Store } from '../ports';
import { writeFileDurably } from './durable-file';

/**
 * A Store on the file system: one JSON file per name, replaced durably (`writeFileDurably`: a
 * temporary file flushed, renamed over the document, the folder flushed), so a power cut leaves the old
 * document or the new one, never an empty or cut one.
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
      await writeFileDurably(target, JSON.stringify(value), { temporary: `${target}.${process.pid}.tmp` });
    },
    damaged: () => [...damaged],
  };
}
