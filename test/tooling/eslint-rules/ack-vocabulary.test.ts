// One vocabulary (docs/decisions/080-who-owns-what.md) as lint reports it: a name that says answer in
// the sources is refused, the field names stored on clerks' disks are not, and prose (comments,
// strings) is left alone. Each case lints a few lines under a virtual path with the repo's own config.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The names the ack-vocabulary rule reports in `code` written at the repo-relative `filePath`. */
async function reported(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'local/ack-vocabulary')
    .map((message) => /^"([^"]+)"/.exec(message.message)?.[1] ?? message.message);
}

describe('lint: ack, never answer, in new names', () => {
  it('refuses a type, a function, a variable, a parameter and a property that say answer', async () => {
    const code = [
      'export interface HeldAnswer { answerCount: number }',
      'export function answerOf(givenAnswer: string): string {',
      '  const answered2 = givenAnswer;',
      '  return answered2;',
      '}',
    ].join('\n');
    expect(await reported('src-renderer/data/fixture.ts', code)).toEqual([
      'HeldAnswer',
      'answerCount',
      'answerOf',
      'givenAnswer',
      'answered2',
      'givenAnswer',
      'answered2',
    ]);
    expect(await reported('src-main/core/fixture.ts', 'export const Answer = 1;')).toEqual(['Answer']);
    expect(await reported('src-sandbox/fixture.ts', 'export const answer = 1;')).toEqual(['answer']);
  });

  it('lets the field names stored on clerks’ disks keep their names', async () => {
    const code = [
      'export function keep(row: { answerState: string; answerOutcome: string; answerError: string }) {',
      '  const stored = { answered: null, answeredAt: null };',
      '  return [row.answerState, row.answerOutcome, row.answerError, stored.answered, stored.answeredAt];',
      '}',
    ].join('\n');
    expect(await reported('src-renderer/data/fixture.ts', code)).toEqual([]);
  });

  it('leaves comments and strings alone, and files outside the sources', async () => {
    const code = "// the service's answer\nexport const text = 'an answer';\n";
    expect(await reported('src-renderer/data/fixture.ts', code)).toEqual([]);
    expect(await reported('test/fixture.ts', 'export const answer = 1;')).toEqual([]);
  });
});
