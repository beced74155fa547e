// No import circle in the renderer, as lint reports it: each case lints a real file of the renderer
// as it is on disk, or with one import added, under the repo's own config.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The circles the import-circles rule reports in `filePath` with `extra` lines put first. */
async function circles(filePath: string, extra = ''): Promise<string[]> {
  const code = extra + readFileSync(path.join(repoRoot, filePath), 'utf8');
  const [result] = await eslint.lintText(code, { filePath });
  expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'local/import-circles')
    .map((message) => message.message);
}

describe('lint: no import circle in the renderer', () => {
  it('passes the renderer as it stands', async () => {
    expect(await circles('src-renderer/data/rows.ts')).toEqual([]);
    expect(await circles('src-renderer/data/db.ts')).toEqual([]);
    expect(await circles('src-renderer/state/slices/shell-slice.ts')).toEqual([]);
  });

  it('refuses an import that closes a circle, naming every file of it', async () => {
    expect(await circles('src-renderer/data/rows.ts', "import { db } from './db';\n")).toEqual([
      'Import circle: src-renderer/data/rows.ts -> src-renderer/data/db.ts -> src-renderer/data/rows.ts. ' +
        'Move what both need into a file below both.',
    ]);
    // A type-only import counts too: two files cannot lean on each other's types either.
    expect(
      await circles('src-renderer/data/review-rows/keys.ts', "import type { ReviewRow } from '../rows';\n"),
    ).toHaveLength(1);
  });

  it("allows zustand's slices pattern only as type-only imports of the store", async () => {
    const slice = 'src-renderer/state/slices/shell-slice.ts';
    expect(await circles(slice, "import type { DeskState } from '../store';\n")).toEqual([]);
    expect(await circles(slice, "import { useDeskStore } from '../store';\n")).toHaveLength(1);
  });
});
