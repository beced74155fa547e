// The Sales reps section (docs/decisions/107-names-not-codes.md, "On screen: naming reps"): the reps the
// staged documents name, a name typed or cleared, the ERP's salesperson list imported (ERPNext's and
// Odoo's exports) with its columns changeable and its rows not taken listed, and all of it in Arabic.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpenedFile, OpenFileRequest } from '../../../src-shared/bridge/contract';
import type { Result } from '../../../src-shared/bridge/result';

// The screen reaches the core only for the Open dialog: a bridge answers it with the file chosen next.
const bridge = vi.hoisted(() => {
  const desk = {
    files: {
      open: vi.fn(async (_request: OpenFileRequest): Promise<Result<OpenedFile[] | null>> => ({
        ok: true,
        value: null,
      })),
    },
    on: vi.fn(() => () => undefined),
  };
  Object.assign(globalThis, { desk });
  return { desk };
});

import { db } from '../../../src-renderer/data/db';
import { readRepNames } from '../../../src-renderer/data/rep-names';
import type { RecordRefRow } from '../../../src-renderer/data/rows';
import { RepsScreen } from '../../../src-renderer/features/reps/RepsScreen';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { labelOfCode } from '../../../src-renderer/state/names';
import { useConnectedDesk } from '../support/connected-desk';

useConnectedDesk();
afterEach(() => {
  bridge.desk.files.open.mockClear();
  act(() => useLanguageStore.getState().change({ language: 'en' }));
});

/** The reps the staged documents name: R01, R02 and R03 (by their service ids rep-1…rep-3). */
async function stageReps(): Promise<void> {
  const refs: RecordRefRow[] = [1, 2, 3].map((n) => ({
    entity: 'sales_rep',
    id: `rep-${n}`,
    code: `R0${n}`,
    externalRef: null,
  }));
  await db.recordRefs.bulkPut(refs);
}

/** The file the clerk chooses next in the Open dialog. */
function chooseNext(name: string, text: string): void {
  bridge.desk.files.open.mockResolvedValueOnce({
    ok: true,
    value: [{ name, bytes: new TextEncoder().encode(text) }],
  });
}

/** Each listed rep as code, name, where from (the time left out). */
function listed(): string[][] {
  const table = screen.getByRole('table', { name: 'Reps' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell, index) =>
          index === 3 ? (cell.textContent ?? '').replace(/ \d{4}-.*$/, '') : (cell.textContent ?? ''),
        ),
    );
}

/** The names kept for conn-1, as id, code, name and source. */
async function kept(): Promise<string[][]> {
  return (await readRepNames('conn-1')).map((row) => [
    row.repId,
    row.code,
    JSON.stringify(row.name),
    row.source.kind === 'imported' ? row.source.fileName : 'typed',
  ]);
}

// ERPNext's Sales Person list: a group of the sales tree, an Arabic name, R03 named two ways, a rep no
// document names (R09) and a row without an ID.
const erpnext = [
  'ID,Sales Person Name,Employee,Is Group',
  'Sales Team,Sales Team,,1',
  'R01,محمد عبد الرحمن,HR-EMP-00003,0',
  'R02,Youssef Nabil,HR-EMP-00007,0',
  'R03,Karim Fathy,,0',
  'R03,Kareem Fathy,,0',
  'R09,Tarek Adel,HR-EMP-00011,0',
  ',Samir Adel,,0',
].join('\n');

describe('the Sales reps section', () => {
  it('lists the reps the documents name; a typed name shows, is kept, and names the rep everywhere; Clear forgets it', async () => {
    await stageReps();
    const user = userEvent.setup();
    render(<RepsScreen />);
    await screen.findByRole('table', { name: 'Reps' });
    expect(listed()).toEqual([
      ['R01', 'rep-1', 'No name yet', ''],
      ['R02', 'rep-2', 'No name yet', ''],
      ['R03', 'rep-3', 'No name yet', ''],
    ]);

    await user.type(screen.getByLabelText('Name of R01'), '  Ahmed   Hassan ');
    await user.click(screen.getByRole('button', { name: 'Save the name of R01' }));
    expect((await screen.findByRole('status')).textContent).toBe('R01 is now named Ahmed Hassan.');
    await user.type(screen.getByLabelText('Name of R02'), 'مصطفى السيد{Enter}');
    await waitFor(() =>
      expect(listed()).toEqual([
        ['R01', 'rep-1', 'Ahmed Hassan', 'Typed'],
        ['R02', 'rep-2', 'مصطفى السيد', 'Typed'],
        ['R03', 'rep-3', 'No name yet', ''],
      ]),
    );
    expect((screen.getByLabelText('Name of R01') as HTMLInputElement).value).toBe('');
    // Kept in the part of its script, and the name every screen shows for R01.
    expect(await kept()).toEqual([
      ['rep-1', 'R01', '{"en":"Ahmed Hassan"}', 'typed'],
      ['rep-2', 'R02', '{"ar":"مصطفى السيد"}', 'typed'],
    ]);
    expect(labelOfCode('sales_rep', 'R02', { language: 'en' })).toBe('R02 · مصطفى السيد');

    await user.click(screen.getByRole('button', { name: 'Clear the name of R01' }));
    await waitFor(() => expect(listed()[0]).toEqual(['R01', 'rep-1', 'No name yet', '']));
    expect(screen.getByRole('status').textContent).toBe('R01 has no name now.');
    expect(await kept()).toEqual([['rep-2', 'R02', '{"ar":"مصطفى السيد"}', 'typed']]);
    expect(labelOfCode('sales_rep', 'R01', { language: 'en' })).toBe('R01');
  });

  it('imports ERPNext’s Sales Person list: the columns shown and changed, groups left out, rows not taken listed', async () => {
    await stageReps();
    const user = userEvent.setup();
    render(<RepsScreen />);
    await screen.findByRole('table', { name: 'Reps' });
    chooseNext('sales-person.csv', erpnext);
    await user.click(screen.getByRole('button', { name: 'Choose a file…' }));

    expect((await screen.findByLabelText('The salesperson file')).textContent).toBe(
      'sales-person.csv · CSV, UTF-8, comma · 7 rows under the header on line 1',
    );
    // The employee id is suggested as the code: none of the documents' reps is named by it.
    expect((screen.getByLabelText('Code') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByLabelText('Name') as HTMLSelectElement).value).toBe('1');
    expect((screen.getByLabelText('Group of reps (left out)') as HTMLSelectElement).value).toBe('3');
    const summary = screen.getByRole('status', { name: 'Salesperson file' });
    expect(summary.textContent).toBe(
      '3 reps will be named; 3 of them no staged document names yet: their names are kept for when one does. 1 group of the sales tree is left out: a group is not a rep.',
    );

    // This company's documents call reps by the ERP's ID.
    await user.selectOptions(screen.getByLabelText('Code'), 'ID');
    expect(summary.textContent).toBe(
      '3 reps will be named; 1 of them no staged document names yet: its name is kept for when one does. 1 group of the sales tree is left out: a group is not a rep.',
    );
    expect(
      within(screen.getByRole('list', { name: 'Rows not taken' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 5: R03 is named differently on another line; neither name is taken.',
      'Line 6: R03 is named differently on another line; neither name is taken.',
      'Line 8: no code, so no document can be matched to this name.',
    ]);

    await user.click(screen.getByRole('button', { name: 'Keep 3 names' }));
    expect((await screen.findByRole('status', { name: '' })).textContent).toBe(
      'Kept the names of 3 reps from sales-person.csv.',
    );
    await waitFor(() =>
      expect(listed()).toEqual([
        ['R01', 'rep-1', 'محمد عبد الرحمن', 'Imported from sales-person.csv'],
        ['R02', 'rep-2', 'Youssef Nabil', 'Imported from sales-person.csv'],
        ['R03', 'rep-3', 'No name yet', ''],
      ]),
    );
    // R09 is kept for when a document names it.
    expect(screen.getByText(/also kept/).textContent).toBe(
      '1 name is also kept for reps no staged document names yet; they show once a document names them.',
    );
    expect((await kept()).map((row) => row[1])).toEqual(['R01', 'R02', 'R09']);
  });

  it('imports Odoo’s users (Name, Login): the login is the code, the newest name replaces the earlier', async () => {
    await stageReps();
    const user = userEvent.setup();
    render(<RepsScreen />);
    await user.type(await screen.findByLabelText('Name of R01'), 'Ahmed{Enter}');
    await screen.findByText('R01 is now named Ahmed.');

    chooseNext('res.users.csv', 'Name,Login\n"أحمد حسن",R01\nMostafa Abdel Aziz,R03\n"",R04\n');
    await user.click(screen.getByRole('button', { name: 'Choose a file…' }));
    expect((await screen.findByRole('status', { name: 'Salesperson file' })).textContent).toBe(
      '2 reps will be named.',
    );
    expect(screen.getByRole('list', { name: 'Rows not taken' }).textContent).toBe('Line 4: R04 has no name.');
    await user.click(screen.getByRole('button', { name: 'Keep 2 names' }));
    await waitFor(() =>
      expect(listed()).toEqual([
        ['R01', 'rep-1', 'أحمد حسن', 'Imported from res.users.csv'],
        ['R02', 'rep-2', 'No name yet', ''],
        ['R03', 'rep-3', 'Mostafa Abdel Aziz', 'Imported from res.users.csv'],
      ]),
    );
    expect(await kept()).toEqual([
      ['', 'R01', '{"ar":"أحمد حسن"}', 'res.users.csv'],
      ['', 'R03', '{"en":"Mostafa Abdel Aziz"}', 'res.users.csv'],
    ]);
  });

  it('clears a name kept under a rep’s ERP key too, when the documents give no code', async () => {
    await db.recordRefs.put({ entity: 'sales_rep', id: 'rep-4', code: null, externalRef: 'EMP-4' });
    const user = userEvent.setup();
    render(<RepsScreen />);
    await screen.findByRole('table', { name: 'Reps' });
    chooseNext('users.csv', 'Name,Login\nWalid Shawky,EMP-4\n');
    await user.click(screen.getByRole('button', { name: 'Choose a file…' }));
    await user.click(await screen.findByRole('button', { name: 'Keep 1 name' }));
    await waitFor(() =>
      expect(listed()).toEqual([['EMP-4', 'rep-4', 'Walid Shawky', 'Imported from users.csv']]),
    );

    await user.click(screen.getByRole('button', { name: 'Clear the name of EMP-4' }));
    await waitFor(() => expect(listed()).toEqual([['EMP-4', 'rep-4', 'No name yet', '']]));
    expect(await kept()).toEqual([]);
  });

  it('says a file it cannot read in plain words', async () => {
    const user = userEvent.setup();
    render(<RepsScreen />);
    chooseNext('reps.csv', '');
    await user.click(await screen.findByRole('button', { name: 'Choose a file…' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The file has no rows.');
  });
});

/** Latin words left in a text once the data and the names kept Latin (ERP, CSV, …) are taken out. */
function latinWords(text: string, data: readonly string[]): string[] {
  let rest = text;
  for (const value of data) rest = rest.replaceAll(value, ' ');
  return (rest.match(/[A-Za-z]{2,}/g) ?? []).filter(
    (word) => !['ERP', 'CSV', 'UTF', 'Excel', 'XML', 'Odoo', 'ERPNext'].includes(word),
  );
}

describe('the Sales reps section on an Arabic desk', () => {
  it('says everything in Arabic, the codes and names set apart', async () => {
    await stageReps();
    const user = userEvent.setup();
    const view = render(<RepsScreen />);
    await user.type(await screen.findByLabelText('Name of R01'), 'Ahmed Hassan{Enter}');
    await screen.findByText('R01 is now named Ahmed Hassan.');

    act(() => useLanguageStore.getState().change({ language: 'ar' }));
    expect(await screen.findByRole('table', { name: 'المندوبون' })).toBeTruthy();
    chooseNext('sales-person.csv', erpnext);
    await user.click(screen.getByRole('button', { name: 'اختر ملفًا…' }));
    await user.selectOptions(await screen.findByLabelText('الكود'), 'ID');
    expect(screen.getByRole('status', { name: 'ملف المندوبين' }).textContent).toBe(
      'سيُسمّى 3 مندوبين؛ واحد منهم لا يذكره أي مستند مرحّل بعد: يُحفظ اسمه إلى أن يذكره مستند. استُبعدت مجموعة واحدة من شجرة المبيعات: المجموعة ليست مندوبًا.',
    );
    expect(screen.getByRole('list', { name: 'صفوف لم تؤخذ' }).textContent).toContain(
      'السطر 8: بلا كود، فلا يمكن ربط هذا الاسم بأي مستند.',
    );
    expect(screen.getByRole('button', { name: 'مسح اسم \u2066R01\u2069' })).toBeTruthy();

    // No English sentence is left: only the data (codes, ids, names, the file and its headers).
    const data = [
      'sales-person.csv',
      'Ahmed Hassan',
      'Sales Person Name',
      'Employee',
      'Is Group',
      'ID',
      ...['R01', 'R02', 'R03', 'rep-1', 'rep-2', 'rep-3'],
    ];
    expect(latinWords(view.container.textContent ?? '', data)).toEqual([]);
    expect(
      latinWords(screen.getByLabelText('اسم \u2066R02\u2069').getAttribute('placeholder') ?? '', []),
    ).toEqual([]);
    view.unmount();
  });
});
