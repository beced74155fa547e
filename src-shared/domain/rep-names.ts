/**
 * Sales reps' names from the ERP's salesperson export (docs/decisions/107-names-not-codes.md): v1 has
 * no call that names a rep (`GET /lookup` takes no `sales_rep`), so the clerk names them, one by one or
 * from this file. A row gives a code (what the service's documents call the rep: the Ref's `code` or
 * `external_ref`) and a name.
 *
 * Read the way a register is (./reconcile/register-sheet.ts): CSV in any encoding the desk reads, or
 * SpreadsheetML, the header found under whatever the export puts above it, by this file's own column
 * words; XLSX is read in the renderer and handed over as rows. The columns found are a suggestion the
 * clerk may change. Real headers: Odoo's users (`res.users`: `Name`, `Login`, or `id`, `name`, `login`
 * when exported to import again), ERPNext's `Sales Person` (`ID`, `Sales Person Name`, `Employee`,
 * `Parent Sales Person`, `Is Group`, `Enabled`), and Arabic ones (`كود المندوب`, `اسم المندوب`).
 */
import type { NameMap } from '../wire';
import type { CsvDelimiter, CsvRow } from './master-data/csv';
import type { ImportTable } from './master-data/table';
import { foldToken } from './text/fold';
import {
  readRegisterFile,
  registerTableFromRows,
  type RegisterFileRead,
  type RegisterTable,
} from './reconcile/register-sheet';

/** The columns of a salesperson export the desk reads. */
type RepNameColumn = 'code' | 'name' | 'arabicName' | 'isGroup';

/**
 * Each column's header words, folded (`foldToken`), best first: a header naming an earlier word is
 * preferred to one naming a later (an explicit code to an employee id, that to a login, that to an id).
 */
// words: not shown (a header's words as ERP exports write them, read from files)
const columnWords: Record<RepNameColumn, readonly string[]> = {
  code: [
    'code',
    'repcode',
    'salesrepcode',
    'salespersoncode',
    'salesmancode',
    'agentcode',
    'كود',
    'الكود',
    'رمز',
    'الرمز',
    'كودالمندوب',
    'رمزالمندوب',
    'رقمالمندوب',
    'internalreference',
    'reference',
    'ref',
    'employee',
    'employeeid',
    'employeecode',
    'employeenumber',
    'رقمالموظف',
    'login',
    'userlogin',
    'username',
    'user',
    'id',
    'externalid',
  ],
  name: [
    'salespersonname',
    'salesrepname',
    'salesmanname',
    'repname',
    'اسمالمندوب',
    'fullname',
    'name',
    'الاسم',
    'اسم',
    'displayname',
    'employeename',
    'اسمالموظف',
    'salesperson',
    'salesrep',
    'المندوب',
  ],
  arabicName: [
    'arabicname',
    'namearabic',
    'namear',
    'nameinarabic',
    'الاسمبالعربي',
    'الاسمبالعربيه',
    'الاسمعربي',
    'الاسمالعربي',
  ],
  isGroup: ['isgroup', 'group'],
};

/** Each folded word's column and rank (its place in `columnWords`). */
const wordOf = new Map<string, { column: RepNameColumn; rank: number }>();
for (const column of Object.keys(columnWords) as RepNameColumn[])
  columnWords[column].forEach((word, rank) => {
    if (!wordOf.has(word)) wordOf.set(word, { column, rank });
  });

/** How many of the export's columns a row's cells name (register-sheet.ts `HeaderScore`). */
function repHeaderScore(cells: readonly string[]): number {
  const columns = new Set<RepNameColumn>();
  for (const cell of cells) {
    if (cell.length > 60) continue;
    const found = wordOf.get(foldToken(cell));
    if (found) columns.add(found.column);
  }
  return columns.size;
}

/** Which column of the file is which, by index; null where none was found. */
export interface RepNameColumns {
  code: number | null;
  name: number | null;
  /** A second name column in Arabic, beside an English one; none in most exports. */
  arabicName: number | null;
  /** ERPNext's `Is Group`: a group of the sales tree (`Sales Team`) names no rep. */
  isGroup: number | null;
}

/**
 * The columns of a salesperson export by its headers: for each, the header naming its best word (the
 * first such header on a tie). A column is used for one thing only.
 */
export function suggestRepNameColumns(headers: readonly string[]): RepNameColumns {
  const best: Record<RepNameColumn, { index: number; rank: number } | null> = {
    code: null,
    name: null,
    arabicName: null,
    isGroup: null,
  };
  headers.forEach((header, index) => {
    const found = wordOf.get(foldToken(header));
    if (!found) return;
    const current = best[found.column];
    if (!current || found.rank < current.rank) best[found.column] = { index, rank: found.rank };
  });
  return {
    code: best.code?.index ?? null,
    name: best.name?.index ?? null,
    arabicName: best.arabicName?.index ?? null,
    isGroup: best.isGroup?.index ?? null,
  };
}

/** A salesperson export as a table, its header found under any preamble (CSV, SpreadsheetML). */
export function readRepNamesFile(
  bytes: Uint8Array,
  options: { delimiter?: CsvDelimiter; headerLine?: number } = {},
): RegisterFileRead {
  return readRegisterFile(bytes, { ...options, headerScore: repHeaderScore });
}

/** A salesperson export's rows (an XLSX sheet's, read in the renderer) as a table under its header. */
export function repNamesTableFromRows(
  rows: readonly CsvRow[],
  options: { headerLine?: number } = {},
): RegisterTable {
  return registerTableFromRows(rows, { ...options, headerScore: repHeaderScore });
}

/** Arabic letters (the Arabic blocks and their presentation forms). */
const arabicLetter = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

/**
 * One name as a name map, keyed by its script: `ar` when it has an Arabic letter, else `en`. A clerk
 * types one name, and an export has one name column, in either script; keyed so, `nameIn` shows it in
 * either language. Blank is an empty map.
 */
export function nameMapOfText(text: string): NameMap {
  const name = text.trim().replace(/\s+/g, ' ');
  if (name === '') return {};
  return arabicLetter.test(name) ? { ar: name } : { en: name };
}

/** One rep named by the file: the code documents know the rep by, the name, and the row's line. */
export interface RepNameEntry {
  code: string;
  name: NameMap;
  line: number;
}

/**
 * A row the desk did not take, and why: no code, no name, or a code that two rows name differently
 * (neither is taken: guessing would put one rep's name on another's documents).
 */
export interface RepNameProblem {
  line: number;
  problem: 'no-code' | 'no-name' | 'same-code';
  code: string | null;
}

/** What a salesperson export gives: the reps named, the rows not taken, and groups left out. */
export interface RepNamesRead {
  entries: RepNameEntry[];
  problems: RepNameProblem[];
  /** Rows of groups of the sales tree (ERPNext `Is Group`), which name no rep. */
  groups: number;
}

/** Whether a cell says yes as exports write it: `1`, `yes`, `true`, `نعم`. */
function isYes(cell: string | undefined): boolean {
  // words: not shown (a cell's words as exports write them, read from files)
  return ['1', 'yes', 'y', 'true', 'نعم'].includes((cell ?? '').trim().toLowerCase());
}

/**
 * The reps a salesperson export names, through the columns chosen (`code` and `name` are needed; a row
 * without either is a problem). A second Arabic column adds the Arabic part to an English name. A code
 * that rows name the same way twice is taken once; named differently, it is not taken.
 */
export function repNamesOf(
  table: ImportTable,
  columns: RepNameColumns & { code: number; name: number },
): RepNamesRead {
  const byCode = new Map<string, RepNameEntry>();
  const clashing = new Map<string, number[]>();
  const problems: RepNameProblem[] = [];
  let groups = 0;
  for (const row of table.rows) {
    if (columns.isGroup !== null && isYes(row.cells[columns.isGroup])) {
      groups += 1;
      continue;
    }
    const code = (row.cells[columns.code] ?? '').trim();
    const name = nameMapOfText(row.cells[columns.name] ?? '');
    const arabic = columns.arabicName === null ? '' : (row.cells[columns.arabicName] ?? '').trim();
    if (arabic !== '' && name.ar === undefined) name.ar = arabic;
    if (code === '') {
      problems.push({ line: row.line, problem: 'no-code', code: null });
      continue;
    }
    if (Object.keys(name).length === 0) {
      problems.push({ line: row.line, problem: 'no-name', code });
      continue;
    }
    const earlier = byCode.get(code);
    if (!earlier) {
      if (clashing.has(code)) clashing.get(code)!.push(row.line);
      else byCode.set(code, { code, name, line: row.line });
      continue;
    }
    if (JSON.stringify(earlier.name) === JSON.stringify(name)) continue;
    byCode.delete(code);
    clashing.set(code, [earlier.line, row.line]);
  }
  for (const [code, lines] of clashing)
    for (const line of lines) problems.push({ line, problem: 'same-code', code });
  problems.sort((a, b) => a.line - b.line);
  return { entries: [...byCode.values()], problems, groups };
}
