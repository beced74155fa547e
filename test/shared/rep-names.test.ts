// Sales reps' names from an ERP's salesperson export: exports as Odoo and ERPNext write them, and an
// Arabic one from a local ERP, read into codes and names the desk keeps (store version 10, repNames).
import { describe, expect, it } from 'vitest';
import {
  nameMapOfText,
  readRepNamesFile,
  repNamesOf,
  repNamesTableFromRows,
  suggestRepNameColumns,
  type RepNameColumns,
} from '../../src-shared/domain/rep-names';
import type { ImportTable } from '../../src-shared/domain/master-data';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** The columns suggested for a table, with a code and a name column (the test fails otherwise). */
function chosen(table: ImportTable): RepNameColumns & { code: number; name: number } {
  const columns = suggestRepNameColumns(table.headers);
  if (columns.code === null || columns.name === null)
    throw new Error(`no columns in ${table.headers.join('|')}`);
  return { ...columns, code: columns.code, name: columns.name };
}

describe('an Odoo users export (res.users)', () => {
  it('takes the login as the code and the name as an Arabic or English name, as the columns are labelled', () => {
    const file = [
      '"Name","Login","Email","Sales Team","Latest authentication"',
      '"أحمد حسن","R01","ahmed.hassan@nilefoods.com.eg","Cairo East","2026-11-20 08:12:44"',
      '"Mostafa Abdel Aziz","R02","mostafa@nilefoods.com.eg","Cairo East",""',
      '"مصطفى السيد","R03","","Giza",""',
    ].join('\r\n');
    const read = readRepNamesFile(utf8(file));
    expect(read.delimiter).toBe(',');
    const columns = suggestRepNameColumns(read.table.headers);
    expect(columns).toEqual({ code: 1, name: 0, arabicName: null, isGroup: null });
    expect(repNamesOf(read.table, chosen(read.table))).toEqual({
      entries: [
        { code: 'R01', name: { ar: 'أحمد حسن' }, line: 2 },
        { code: 'R02', name: { en: 'Mostafa Abdel Aziz' }, line: 3 },
        { code: 'R03', name: { ar: 'مصطفى السيد' }, line: 4 },
      ],
      problems: [],
      groups: 0,
    });
  });

  it('reads the export made to import again (field names as headers, the external id beside the login)', () => {
    const file = [
      'id,name,login,sale_team_id/id',
      '__export__.res_users_7_2b1f4c9a,Karim Fathy,R04,sales_team.team_sales_department',
      '__export__.res_users_8_9e03d7b1,هاني رمضان,R05,sales_team.team_sales_department',
    ].join('\n');
    const { table } = readRepNamesFile(utf8(file));
    expect(suggestRepNameColumns(table.headers)).toEqual({
      code: 2,
      name: 1,
      arabicName: null,
      isGroup: null,
    });
    expect(repNamesOf(table, chosen(table)).entries).toEqual([
      { code: 'R04', name: { en: 'Karim Fathy' }, line: 2 },
      { code: 'R05', name: { ar: 'هاني رمضان' }, line: 3 },
    ]);
  });
});

describe('an ERPNext Sales Person export', () => {
  const file = [
    '"Sales Person"',
    '"Exported on 2026-11-24 09:15:02"',
    '',
    '"ID","Sales Person Name","Parent Sales Person","Is Group","Employee","Enabled"',
    '"Sales Team","Sales Team","","1","","1"',
    '"Cairo Reps","Cairo Reps","Sales Team","1","","1"',
    '"R01","محمد عبد الرحمن","Cairo Reps","0","HR-EMP-00003","1"',
    '"R02","Youssef Nabil","Cairo Reps","0","HR-EMP-00007","1"',
    '"R06","شريف منصور","Cairo Reps","0","","0"',
  ].join('\n');

  it('finds the header under the title, leaves out the groups of the sales tree, and keeps reps no longer enabled', () => {
    const { table } = readRepNamesFile(utf8(file));
    expect(table.headerLine).toBe(4);
    const suggested = suggestRepNameColumns(table.headers);
    // The employee id is suggested before the record's id; here the company named its reps by their codes.
    expect(suggested).toEqual({ code: 4, name: 1, arabicName: null, isGroup: 3 });
    expect(repNamesOf(table, { ...chosen(table), code: 0 })).toEqual({
      entries: [
        { code: 'R01', name: { ar: 'محمد عبد الرحمن' }, line: 7 },
        { code: 'R02', name: { en: 'Youssef Nabil' }, line: 8 },
        { code: 'R06', name: { ar: 'شريف منصور' }, line: 9 },
      ],
      problems: [],
      groups: 2,
    });
  });

  it('lists the rows the suggested employee column leaves without a code', () => {
    const { table } = readRepNamesFile(utf8(file));
    expect(repNamesOf(table, chosen(table))).toEqual({
      entries: [
        { code: 'HR-EMP-00003', name: { ar: 'محمد عبد الرحمن' }, line: 7 },
        { code: 'HR-EMP-00007', name: { en: 'Youssef Nabil' }, line: 8 },
      ],
      problems: [{ line: 9, problem: 'no-code', code: null }],
      groups: 2,
    });
  });
});

describe('an Arabic export with an English and an Arabic name column (XLSX rows)', () => {
  it('joins both names, and takes no code that two rows name differently', () => {
    const rows = [
      ['تقرير المندوبين', '', '', ''],
      ['كود المندوب', 'Name', 'الاسم بالعربي', 'الفرع'],
      ['R01', 'Ahmed Hassan', 'أحمد حسن', 'القاهرة'],
      ['R02', 'Mostafa Abdel Aziz', 'مصطفى عبد العزيز', 'القاهرة'],
      ['R02', 'Mostafa A. Aziz', 'مصطفى عبد العزيز', 'الجيزة'],
      ['R01', 'Ahmed Hassan', 'أحمد حسن', 'القاهرة'],
      ['', 'Samir Adel', 'سمير عادل', 'طنطا'],
      ['R07', '', '', 'طنطا'],
      ['R08', '', 'وليد شوقي', 'طنطا'],
    ].map((cells, index) => ({ line: index + 1, cells }));
    const table = repNamesTableFromRows(rows);
    expect(table.headers).toEqual(['كود المندوب', 'Name', 'الاسم بالعربي', 'الفرع']);
    expect(suggestRepNameColumns(table.headers)).toEqual({ code: 0, name: 1, arabicName: 2, isGroup: null });
    expect(repNamesOf(table, chosen(table))).toEqual({
      entries: [
        { code: 'R01', name: { en: 'Ahmed Hassan', ar: 'أحمد حسن' }, line: 3 },
        { code: 'R08', name: { ar: 'وليد شوقي' }, line: 9 },
      ],
      problems: [
        { line: 4, problem: 'same-code', code: 'R02' },
        { line: 5, problem: 'same-code', code: 'R02' },
        { line: 7, problem: 'no-code', code: null },
        { line: 8, problem: 'no-name', code: 'R07' },
      ],
      groups: 0,
    });
  });

  it('reads a Windows-1256 CSV with semicolons, as Arabic Windows ERPs save it', () => {
    // "كود;اسم المندوب" / "R09;عمرو سعيد" in Windows-1256.
    const bytes = new Uint8Array([
      0xdf, 0xe6, 0xcf, 0x3b, 0xc7, 0xd3, 0xe3, 0x20, 0xc7, 0xe1, 0xe3, 0xe4, 0xcf, 0xe6, 0xc8, 0x0d, 0x0a,
      0x52, 0x30, 0x39, 0x3b, 0xda, 0xe3, 0xd1, 0xe6, 0x20, 0xd3, 0xda, 0xed, 0xcf,
    ]);
    const read = readRepNamesFile(bytes);
    expect([read.encoding, read.delimiter, read.table.headers]).toEqual([
      'windows-1256',
      ';',
      ['كود', 'اسم المندوب'],
    ]);
    expect(repNamesOf(read.table, chosen(read.table)).entries).toEqual([
      { code: 'R09', name: { ar: 'عمرو سعيد' }, line: 2 },
    ]);
  });
});

describe('a typed name', () => {
  it('is keyed by its script, its spaces made single', () => {
    expect([
      nameMapOfText(' Ahmed   Hassan '),
      nameMapOfText('أحمد  حسن'),
      nameMapOfText('R01 أحمد'),
      nameMapOfText(' '),
    ]).toEqual([{ en: 'Ahmed Hassan' }, { ar: 'أحمد حسن' }, { ar: 'R01 أحمد' }, {}]);
  });
});
