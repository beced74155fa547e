import { open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes `data` to `target` durably: to a temporary file beside it (`temporary`; with `isExclusive` it
 * must not exist and is created, never followed), flushed to the disk, renamed over `target`, and the
 * folder flushed.
 * A power cut or a full disk then leaves the old file or the new one, never an empty or cut one (a
 * rename can reach the disk before the data it names unless that was flushed first). The temporary
 * file is removed when anything fails.
 */
export async function writeFileDurably(
  target: string,
  data: string | Uint8Array,
  options: { temporary: string; mode?: number; isExclusive?: boolean },
): Promise<void> {
  const { temporary } = options;
  try {
    const file = await open(temporary, options.isExclusive ? 'wx' : 'w', options.mode ?? 0o600);
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await syncFolder(dirname(target));
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
