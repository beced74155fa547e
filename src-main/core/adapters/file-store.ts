import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Store } from '../ports';

/**
 * A Store on the file system: one JSON file per name, replaced atomically (write to a temporary file,
 * then rename), so a crash leaves the old or the new document, never half of one.
 */
export function createFileStore(dir: string): Store {
  const pathOf = (name: string): string => {
    if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`store name must be kebab-case: ${name}`);
    return join(dir, `${name}.json`);
  };
  return {
    async read<T>(name: string): Promise<T | null> {
      try {
        return JSON.parse(await readFile(pathOf(name), 'utf8')) as T;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async write<T>(name: string, value: T): Promise<void> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const target = pathOf(name);
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(value), { mode: 0o600 });
      await rename(temporary, target);
    },
  };
}
