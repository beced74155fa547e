import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { operationArguments } from '../../src-shared/bridge/arguments';
import {
  maxFileBytes,
  maxOpenFiles,
  openLimitOf,
  openLimitProblem,
} from '../../src-shared/bridge/file-limits';

const limits = { maxFiles: maxOpenFiles, maxBytes: maxFileBytes };
const sized = (byteLength: number, name = 'export.csv') => ({ name, byteLength });

describe('the limits of one Open', () => {
  it('lets up to 50 files of at most 512 MiB in all through', () => {
    expect([maxOpenFiles, maxFileBytes]).toEqual([50, 512 * 1024 * 1024]);
    expect(
      openLimitProblem(
        Array.from({ length: 50 }, () => sized(1)),
        limits,
      ),
    ).toBeNull();
    expect(openLimitProblem([sized(maxFileBytes)], limits)).toBeNull();
    expect(openLimitProblem([sized(maxFileBytes - 1), sized(1)], limits)).toBeNull();
    expect(openLimitProblem([], limits)).toBeNull();
  });

  it('refuses the 51st file, a file over the limit, and files over it together, each in its words', () => {
    const refusals = [
      openLimitProblem(
        Array.from({ length: 51 }, () => sized(maxFileBytes + 1)),
        limits,
      ),
      openLimitProblem([sized(1, 'units.csv'), sized(maxFileBytes + 1, 'prices.csv')], limits),
      openLimitProblem([sized(maxFileBytes - 1), sized(1), sized(1)], limits),
    ];
    expect(refusals).toEqual([
      {
        code: 'TOO_MANY_FILES',
        message: '51 files were chosen; the app opens at most 50 at once',
        retryable: false,
        details: [{ limit: 'count' }],
      },
      {
        code: 'FILE_TOO_LARGE',
        message: 'The file prices.csv is larger than 512 MB, the most the app opens',
        retryable: false,
        details: [{ limit: 'file' }],
      },
      {
        code: 'FILE_TOO_LARGE',
        message: 'The 3 files chosen are larger than 512 MB together, the most the app opens at once',
        retryable: false,
        details: [{ limit: 'total' }],
      },
    ]);
    expect(refusals.map((error) => error && openLimitOf(error))).toEqual(['count', 'file', 'total']);
    expect(openLimitOf({ code: 'FILE_TOO_LARGE', message: '', retryable: false })).toBeNull();
  });

  it('asks for one file unless the request says several, and takes nothing else', () => {
    const open = Compile(operationArguments['files.open']);
    const request = { title: 'ERP exports', filters: [{ name: 'CSV file', extensions: ['csv'] }] };
    expect(open.Check([request])).toBe(true);
    expect(open.Check([{ ...request, multiple: true }])).toBe(true);
    expect(open.Check([{ ...request, multiple: false }])).toBe(true);
    expect(open.Check([{ ...request, multiple: 'yes' }])).toBe(false);
    expect(open.Check([{ ...request, multiple: true, maxFiles: 500 }])).toBe(false);
  });
});
