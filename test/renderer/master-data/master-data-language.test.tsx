import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PushPlan, PushResultsPage, PushRunSummary } from '../../../src-shared/domain/master-data';
import type { OpenedFile, OpenFileRequest } from '../../../src-shared/bridge/contract';
import type { Result } from '../../../src-shared/bridge/result';

// The Master data section on a desk switched to Arabic (issue 27): its words from the Arabic catalogue,
// counts in Arabic's plural forms, file names and keys set apart, and no English sentence left. The
// bridge is a small in-memory one, as in master-data-screen.test.tsx.
const bridge = vi.hoisted(() => {
  const summary = (plan: PushPlan): PushRunSummary => ({
    runId: 'run-1',
    label: plan.label,
    connectionId: 'conn-1',
    createdAt: '2025-04-01T10:00:00.000Z',
    updatedAt: '2025-04-01T10:00:00.000Z',
    state: 'queued',
    reason: null,
    callsTotal: plan.calls.length,
    callsDone: 0,
    recordsTotal: 13,
    counts: { pending: 13, created: 0, updated: 0, unchanged: 0, stale: 0, deleted: 0, failed: 0 },
    currentKind: 'units',
  });
  const desk = {
    push: {
      start: vi.fn(async (plan: PushPlan): Promise<Result<PushRunSummary>> => ({
        ok: true,
        value: summary(plan),
      })),
      list: vi.fn(async () => ({ ok: true as const, value: [] })),
      results: vi.fn(async (): Promise<Result<PushResultsPage>> => ({
        ok: true,
        value: { runId: 'run-1', total: 0, offset: 0, records: [] },
      })),
      pause: vi.fn(),
      resume: vi.fn(),
      status: vi.fn(),
    },
    lookup: { customer: vi.fn() },
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

import { MasterDataScreen } from '../../../src-renderer/features/master-data/MasterDataScreen';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';
import { useConnectedDesk } from '../support/connected-desk';

useConnectedDesk();

const lri = '\u2066';
const pdi = '\u2069';

/** Two exports: units that read whole (eleven rows, three columns), a customer whose key column is unknown. */
const units = {
  name: 'units.csv',
  text: `code,name.en,name.ar\n${Array.from({ length: 11 }, (_, i) => `U${i + 1},Unit ${i + 1},وحدة`).join('\n')}\n`,
};
const customers = { name: 'customers.csv', text: 'Client No;name.en\nC1;Nile Market\n' };

function chooseNext(...files: Array<{ name: string; text: string }>): void {
  bridge.desk.files.open.mockResolvedValueOnce({
    ok: true,
    value: files.map(({ name, text }) => ({ name, bytes: new TextEncoder().encode(text) })),
  });
}

/** Latin words left in a text once the data and the names kept Latin (ERP, CSV, …) are taken out. */
function latinWords(text: string, data: readonly string[]): string[] {
  let rest = text;
  for (const value of data) rest = rest.replaceAll(value, ' ');
  return (rest.match(/[A-Za-z]{2,}/g) ?? []).filter(
    (word) => !['ERP', 'CSV', 'XLSX', 'UTF', 'Excel'].includes(word),
  );
}

/** What the files hold that the screen shows as it is: names, headers, language keys (set apart). */
const shownData = [
  'units.csv',
  'customers.csv',
  'Client No',
  'name.en',
  'name.ar',
  'code',
  ...['en', 'ar', 'fr'].map((language) => `(${lri}${language}${pdi})`),
];

describe('the Master data section on an Arabic desk', () => {
  it('says the import, the push and the results in Arabic, with Arabic plurals and the data set apart', async () => {
    const user = userEvent.setup();
    const view = render(<MasterDataScreen />);
    chooseNext(units, customers);
    await user.click(screen.getByRole('button', { name: 'Choose files…' }));
    await screen.findByRole('article', { name: 'customers.csv' });

    act(() => useLanguageStore.getState().change({ language: 'ar' }));

    expect(screen.getByRole('heading', { level: 3, name: '1. الملفات' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'إضافة ملفات' })).getByRole('button').textContent).toBe(
      'اختر ملفات…',
    );
    // Each card: how the file was read, said again in Arabic; eleven rows and three columns (many, few).
    const unitsCard = screen.getByRole('article', { name: 'units.csv' });
    expect(unitsCard.querySelector('.muted')?.textContent).toBe('CSV، UTF-8، فاصلة · 11 صفًا · 3 أعمدة');
    expect(within(unitsCard).getByRole('status', { name: `فحص ${lri}units.csv${pdi}` }).textContent).toBe(
      '11 صفًا: سيُرسل 11.',
    );
    expect(
      within(unitsCard).getByRole('combobox', { name: `نوع السجلات في ${lri}units.csv${pdi}` }),
    ).toBeTruthy();
    expect(
      within(unitsCard)
        .getAllByRole('option', { selected: true })
        .map((option) => option.textContent),
    ).toEqual(['الوحدات']);
    // One row and two columns (one, two), the column to choose named in Arabic.
    const customersCard = screen.getByRole('article', { name: 'customers.csv' });
    expect(customersCard.querySelector('.muted')?.textContent).toBe(
      'CSV، UTF-8، فاصلة منقوطة · صف واحد · عمودان',
    );
    expect(
      within(customersCard).getByRole('list', { name: `مشكلات الأعمدة في ${lri}customers.csv${pdi}` })
        .textContent,
    ).toBe('اختر عمود «كود العميل».');
    await user.selectOptions(
      within(customersCard).getByRole('combobox', { name: 'عمود كود العميل' }),
      'Client No',
    );
    expect(
      (await within(customersCard).findByRole('status', { name: `فحص ${lri}customers.csv${pdi}` }))
        .textContent,
    ).toBe('صف واحد: سيُرسل 1.');

    // The push: twelve records (many) in two calls (two), and its button.
    expect(screen.getByRole('status', { name: 'ملخص الإرسال' }).textContent).toBe(
      '12 سجلًا في طلبين، بالترتيب الذي تحتاجه الخدمة.',
    );
    expect(screen.getByRole('combobox', { name: 'ترتيب التاريخ' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'اسم هذا الإرسال' }).getAttribute('placeholder')).toBe(
      'مثل: كتالوج مارس',
    );
    // No English sentence is left on the screen: only the files' data and the names kept in Latin letters.
    expect(latinWords(view.container.textContent ?? '', shownData)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'إرسال 12 سجلًا' }));
    // The run, named in Arabic when it started, and its state: two calls (two).
    expect((await screen.findByRole('status', { name: 'حالة الإرسال' })).textContent).toBe(
      'في الانتظار · أُجيب عن 0 من طلبين',
    );
    const runs = screen.getByRole('table', { name: 'عمليات الإرسال' });
    expect(
      within(runs)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['الإرسال', 'البدء', 'الحالة', 'الطلبات', 'فشل']);
    expect(within(runs).getAllByRole('cell')[3]?.textContent).toBe('0 من 2');
    expect(within(runs).getByRole('button').textContent).toMatch(
      /^البيانات الأساسية \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    expect(
      within(screen.getByRole('group', { name: 'تصفية حسب النتيجة' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['الكل 0', 'أُنشئ 0', 'حُدّث 0', 'بلا تغيير 0', 'قديم 0', 'حُذف 0', 'فشل 0', 'لم يُرسل بعد 0']);
    // The results grid right to left, its headers in Arabic.
    const grid = screen.getByRole('region', { name: 'جدول نتائج الإرسال' });
    await waitFor(() => expect(grid.querySelector('.ag-rtl')).not.toBeNull());
    await waitFor(() =>
      expect([...grid.querySelectorAll('.ag-header-cell-text')].map((header) => header.textContent)).toEqual([
        'النوع',
        'الملف',
        'السطر',
        'الكود',
        'السجل',
        'النتيجة',
        'ما حدث',
        'معرّف الخدمة',
      ]),
    );
    expect(latinWords(view.container.textContent ?? '', shownData)).toEqual([]);

    // And back: the same screen in English, nothing remounted to say it.
    act(() => useLanguageStore.getState().change({ language: 'en' }));
    expect(screen.getByRole('status', { name: 'Push state' }).textContent).toBe(
      'Waiting · 0 of 2 calls answered',
    );
    expect(screen.getByRole('button', { name: 'All 0' })).toBeTruthy();
  });
});
