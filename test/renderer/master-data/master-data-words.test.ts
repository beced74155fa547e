import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  kindDefs,
  pushOutcomes,
  UnreadableFileError,
  recordKinds,
  recordsOfCall,
  resultsToCsv,
  settleRecords,
  type CallOutcome,
  type ColumnMapping,
  type PushCall,
  type PushStopReason,
  type PushRecordResult,
  type PushRunState,
} from '../../../src-shared/domain/master-data';
import { resultsCsv } from '../../../src-renderer/features/master-data/export-results';
import {
  fieldWords,
  kindWords,
  mappingProblemWords,
  outcomeFilterWords,
  outcomeWords,
  recordLabelWords,
  recordNoteWords,
  runReasonWords,
  runStateWords,
} from '../../../src-renderer/features/master-data/master-data-words';
import { csvFormat, readImportFile } from '../../../src-renderer/features/master-data/read-file';
import { formatters, say } from '../../../src-renderer/messages/intl';
import { fileProblemWords } from '../../../src-renderer/words/file-problem-words';
import { useLanguageStore } from '../../../src-renderer/messages/language-store';

// Master data's words said from the catalogue (issue 27): in English word for word what the domain and
// the screen said before, in Arabic with the data set apart.

const lri = '\u2066';
const fsi = '\u2068';
const pdi = '\u2069';

function toArabic(): void {
  act(() => useLanguageStore.getState().change({ language: 'ar' }));
}

/** Mappings with each problem the domain names: missing fields and names, columns outside the file, one column twice, a bad language key. */
const headers = ['code', 'Client', 'name.en', 'Limit'];
const mappings: ColumnMapping[] = [
  { kind: 'customers', fields: {}, names: {} },
  { kind: 'customers', fields: { ref: 0, credit_limit: 9 }, names: { en: 2 } },
  { kind: 'customers', fields: { ref: 0, credit_limit: 0 }, names: { en: 0, 'EN!': 3 } },
  { kind: 'prices', fields: { price_list_ref: 1, product_ref: 1, mystery: 7 }, names: {} },
  { kind: 'branches', fields: { customer_ref: 0, ref: 1 }, names: { ar: 2 } },
];

/** Two results: a failed customer and a created balance of a removal-less run. */
const records: PushRecordResult[] = [
  {
    seq: 0,
    call: 0,
    kind: 'customers',
    key: 'C-1',
    label: '=Nile Market',
    file: 'customers.csv',
    line: 2,
    outcome: 'failed',
    serviceId: null,
    note: null,
    error: {
      code: 'UNKNOWN_REFERENCE',
      message: 'price list X is unknown',
      details: [{ field: 'price_list_ref', value: 'X' }],
      status: 422,
    },
    // What the domain's explainError keeps with the record; the desk says it again from the error.
    explanation:
      'Not on the service yet: price list X — push the price lists file first. Nothing of this call was written.',
    adoptServiceId: null,
    erpBalance: null,
  },
  {
    seq: 1,
    call: 1,
    kind: 'balances',
    key: 'C-2',
    label: 'balance',
    file: 'balances.csv',
    line: 3,
    outcome: 'created',
    serviceId: 'cus_2',
    note: 'replayed',
    error: null,
    explanation: null,
    adoptServiceId: null,
    erpBalance: -12.5,
  },
];

/** The refusal a read ends in: the reader's problem code and its words in the desk's language. */
async function refusalOf(name: string, bytes: Uint8Array): Promise<{ code: string; message: string }> {
  try {
    await readImportFile(name, bytes.slice().buffer);
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    return { code: error.problem.code, message: fileProblemWords(error.problem) };
  }
  throw new Error(`${name} was read`);
}

const badFiles: Record<string, Uint8Array> = {
  empty: new Uint8Array(0),
  blank: new TextEncoder().encode('\n  \n,,\n'),
  binary: Uint8Array.from([0x63, 0x6f, 0x64, 0x65, 0x00, 0x01, 0x02, 0x0a]),
  malformed: new TextEncoder().encode('code,name\nC1,"Nile\nC2,Delta\n'),
};

describe('master data’s words in English', () => {
  it('names every kind and field as the domain labels them', () => {
    for (const kind of recordKinds) {
      expect(kindWords(kind), kind).toBe(kindDefs[kind].label);
      for (const field of kindDefs[kind].fields)
        expect(fieldWords(kind, field), `${kind}.${field.id}`).toBe(field.label);
    }
    // A field the catalogue does not know keeps the domain's label.
    expect(fieldWords('units', { id: 'colour', label: 'Colour' })).toBe('Colour');
  });

  it('says the column problems the domain finds, in its order', () => {
    // The domain's codes (test/shared/master-data/mapping.test.ts), in the English the domain wrote before.
    expect(mappings.map((mapping) => mappingProblemWords(mapping, headers))).toEqual([
      [
        'Choose the column for "Customer key".',
        'Choose at least one name column (for example name.en or name.ar).',
      ],
      ['"Credit limit" points at a column the file does not have.'],
      [
        'The column "code" is chosen for both "Customer key" and "Credit limit".',
        'The column "code" is chosen for both "Credit limit" and "Name (en)".',
        '"EN!" is not a language key (use en, ar, …).',
      ],
      [
        'Choose the column for "Unit key".',
        'Choose the column for "Price".',
        'Choose the column for "Valid from".',
        'The column "Client" is chosen for both "Price list key" and "Product key".',
        '"mystery" points at a column the file does not have.',
      ],
      [],
    ]);
  });

  it('names outcomes and run states as before', () => {
    expect(pushOutcomes.map(outcomeWords)).toEqual([
      'Created',
      'Updated',
      'Unchanged',
      'Stale (the service has newer data)',
      'Removed',
      'Failed',
      'Not sent yet',
    ]);
    expect(['all' as const, ...pushOutcomes].map(outcomeFilterWords)).toEqual([
      'All',
      'Created',
      'Updated',
      'Unchanged',
      'Stale',
      'Removed',
      'Failed',
      'Not sent yet',
    ]);
    const states: PushRunState[] = ['queued', 'running', 'paused', 'stopped', 'done'];
    expect(states.map(runStateWords)).toEqual(['Waiting', 'Sending', 'Paused', 'Stopped', 'Finished']);
  });

  it('writes the results CSV the domain wrote, formula cells guarded', () => {
    expect(resultsCsv(records)).toBe(resultsToCsv(records));
    expect(resultsCsv(records).split('\r\n')[0]).toBe(
      '\ufeffKind,File,Line,Key,Record,Result,Service id,Note,Error code,Error,ERP balance',
    );
  });

  it('says how a file was read, and why it cannot be, as the reader did', async () => {
    expect(csvFormat({ encoding: 'utf-8', hasBom: true, delimiter: ';' })).toBe(
      'CSV, UTF-8 with BOM, semicolon',
    );
    expect(csvFormat({ encoding: 'utf-16le', hasBom: true, delimiter: '\t' })).toBe('CSV, UTF-16LE, tab');
    const refusals: Record<string, { code: string; message: string }> = {};
    for (const [name, bytes] of Object.entries(badFiles))
      refusals[name] = await refusalOf(`${name}.csv`, bytes);
    expect(refusals).toEqual({
      empty: { code: 'empty', message: 'The file is empty.' },
      blank: { code: 'no-rows', message: 'The file has no rows.' },
      binary: {
        code: 'binary',
        message:
          'The file holds binary data, not text. Export it from the ERP as CSV (or choose the Excel file).',
      },
      malformed: {
        code: 'unclosed-quote',
        message: "A quoted cell that starts on line 2 is never closed. Check the export's quotes.",
      },
    });
    const tooMany = new TextEncoder().encode(`code\n${'C\n'.repeat(20_001)}`);
    expect(await refusalOf('many.csv', tooMany)).toEqual({
      code: 'too-many-rows',
      message: 'The file has 20001 rows; the desk takes at most 20000 per file. Split the export.',
    });
  });

  it('says counts in English as before the catalogue, thousands and all, one record and one call singular', () => {
    expect(say('masterData.push.button', { count: 1 })).toBe('Push 1 record');
    expect(say('masterData.push.button', { count: 12000 })).toBe('Push 12000 records');
    expect(say('masterData.push.summary', { records: 1, calls: 1, skipped: 0 })).toBe(
      '1 record in 1 call, in the order the service needs them.',
    );
    expect(say('masterData.push.summary', { records: 40, calls: 3, skipped: 1 })).toBe(
      '40 records in 3 calls, in the order the service needs them; 1 row with errors is left out.',
    );
    expect(say('masterData.push.summary', { records: 40, calls: 3, skipped: 1500 })).toBe(
      '40 records in 3 calls, in the order the service needs them; 1500 rows with errors are left out.',
    );
    expect(say('masterData.adopt.button', { count: 0 })).toBe('Link to existing customers…');
    expect(say('masterData.adopt.button', { count: 2 })).toBe('Link 2 to existing customers…');
    expect(say('masterData.adopt.hint', { count: 1 })).toBe(
      "1 customer has a key the service already knows as another customer's code. Tick them in the grid to link each ERP key to that customer.",
    );
    expect(say('masterData.adopt.confirm', { count: 1 })).toBe('Link 1 customer');
    expect(say('masterData.adopt.runLabel', { count: 3 })).toBe(
      'Link 3 customers to existing service records',
    );
    expect(say('masterData.prices.replace', { list: 'RETAIL', rows: 501, replaceable: 'no', max: 500 })).toBe(
      'Replace all prices of RETAIL (501 rows) — only a list of at most 500 prices can be replaced',
    );
    expect(say('masterData.run.state', { state: 'Finished', done: 3, total: 3 })).toBe(
      'Finished · 3 of 3 calls answered',
    );
    expect(say('masterData.fullExport.removals', { count: 2 })).toBe(
      'These 2 records were pushed before and are not in the files. Removing one leaves a tombstone in the service (phones stop showing it):',
    );
  });
});

describe('master data’s words in Arabic', () => {
  it('names kinds, fields, outcomes and states in Arabic', () => {
    toArabic();
    expect(recordKinds.map(kindWords)).toEqual([
      'الوحدات',
      'قوائم الأسعار',
      'الأصناف',
      'وحدات الأصناف',
      'الأسعار',
      'العملاء',
      'الفروع',
      'الأرصدة',
    ]);
    for (const kind of recordKinds)
      for (const field of kindDefs[kind].fields)
        expect(fieldWords(kind, field), `${kind}.${field.id}`).toMatch(/^[\u0600-\u06FF ()]+$/);
    expect(outcomeWords('stale')).toBe('قديم (لدى الخدمة بيانات أحدث)');
    expect(outcomeFilterWords('stale')).toBe('قديم');
    expect(runStateWords('done')).toBe('انتهى');
  });

  it('says the column problems with the file’s headers and language keys set apart', () => {
    toArabic();
    expect(mappingProblemWords(mappings[2]!, headers)).toEqual([
      `العمود «${fsi}code${pdi}» مختار لكلٍّ من «كود العميل» و«حد الائتمان».`,
      `العمود «${fsi}code${pdi}» مختار لكلٍّ من «حد الائتمان» و«الاسم (${lri}en${pdi})».`,
      `«${lri}EN!${pdi}» ليس رمز لغة (استخدم ${lri}en${pdi} أو ${lri}ar${pdi} أو …).`,
    ]);
    expect(mappingProblemWords(mappings[0]!, headers)).toEqual([
      'اختر عمود «كود العميل».',
      `اختر عمود اسم واحدًا على الأقل (مثل ${lri}name.en${pdi} أو ${lri}name.ar${pdi}).`,
    ]);
  });

  it('writes the results CSV with an Arabic header row, kinds and explanations, the data as kept', () => {
    toArabic();
    const [header, first, second] = resultsCsv(records).split('\r\n');
    expect(header).toBe(
      '\ufeffالنوع,الملف,السطر,الكود,السجل,النتيجة,معرّف الخدمة,ملاحظة,كود الخطأ,الخطأ,رصيد نظام ERP',
    );
    expect(first).toBe(
      "العملاء,customers.csv,2,C-1,'=Nile Market,failed,,,UNKNOWN_REFERENCE,غير موجود في الخدمة بعد: قائمة الأسعار \u2066X\u2069 — أرسل ملف قوائم الأسعار أولًا. لم يُكتب شيء من هذا الطلب.,",
    );
    expect(second).toBe('الأرصدة,balances.csv,3,C-2,balance,created,cus_2,replayed,,,-12.5');
  });

  it('says how a file was read and why it cannot be, in Arabic', async () => {
    toArabic();
    expect(csvFormat({ encoding: 'windows-1256', hasBom: false, delimiter: ',' })).toBe(
      'CSV، Windows-1256 (عربي)، فاصلة',
    );
    expect(await refusalOf('empty.csv', badFiles.empty!)).toEqual({ code: 'empty', message: 'الملف فارغ.' });
    expect(await refusalOf('blank.csv', badFiles.blank!)).toEqual({
      code: 'no-rows',
      message: 'الملف لا يحتوي على صفوف.',
    });
    expect((await refusalOf('malformed.csv', badFiles.malformed!)).message).toBe(
      'خلية بين علامتي تنصيص تبدأ في السطر 2 ولا تُغلق أبدًا. راجع علامات التنصيص في الملف.',
    );
    expect((await refusalOf('broken.xlsx', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))).message).toMatch(
      /^تعذّرت قراءة ملف Excel\./,
    );
  });

  it('says counts with each Arabic plural form', () => {
    toArabic();
    const button = (count: number): string => say('masterData.push.button', { count });
    expect([1, 2, 3, 11, 100].map(button)).toEqual([
      'إرسال سجل واحد',
      'إرسال سجلين',
      'إرسال 3 سجلات',
      'إرسال 11 سجلًا',
      'إرسال 100 سجل',
    ]);
    expect(say('masterData.run.state', { state: 'انتهى', done: 2, total: 2 })).toBe(
      'انتهى · أُجيب عن 2 من طلبين',
    );
    act(() => useLanguageStore.getState().change({ digits: 'arab' }));
    expect(button(12000)).toBe('إرسال ١٢٠٠٠ سجل');
  });
});

describe('what each pushed record is, its note and why a run stopped, in the clerk’s language', () => {
  const calls: PushCall[] = [
    {
      call: 'units-batch',
      file: 'units.csv',
      items: [{ ref: 'KG', line: 2, body: { name: { en: 'Kilo' } } }],
    },
    {
      call: 'price-list',
      file: 'lists.csv',
      line: 2,
      ref: 'RETAIL',
      body: { name: { en: 'Retail' }, currency: 'EGP' },
    },
    {
      call: 'customer',
      file: 'c.csv',
      line: 3,
      ref: 'C-1',
      body: { name: { en: 'Nile' }, service_id: 'cus_9' },
    },
    { call: 'customer', file: 'c.csv', line: 4, ref: 'C-2', body: { name: { en: 'Delta' } } },
    {
      call: 'product-units',
      file: 'pu.csv',
      lines: [2, 3],
      ref: 'P-1',
      body: { units: [{ unit_ref: 'PC' }, { unit_ref: 'BOX' }] },
    },
    {
      call: 'prices',
      file: 'p.csv',
      lines: [2, 3, 4],
      ref: 'RETAIL',
      mode: 'replace',
      body: { prices: [{}, {}, {}] },
    },
    { call: 'prices', file: 'p.csv', lines: [7], ref: 'RETAIL', mode: 'merge', body: { prices: [{}] } },
    { call: 'customer-delete', file: '', ref: 'C-3' },
    {
      call: 'balances-batch',
      file: 'b.csv',
      items: [{ ref: 'C-1', line: 2, body: { balance: 10, as_of: '2026-11-26T08:30:00Z' } }],
    },
  ] as unknown as PushCall[];
  const records = calls.flatMap((call, index) => recordsOfCall(call, index, index));
  const priced = settleRecords(calls[5]!, recordsOfCall(calls[5]!, 5, 5), {
    type: 'prices',
    isReplay: true,
    data: { list_id: 'pl_1', external_ref: 'RETAIL', written: 2, unchanged: 1, removed: 0 },
  })[0]!;
  const replayed = settleRecords(calls[0]!, recordsOfCall(calls[0]!, 0, 0), {
    type: 'batch',
    isReplay: true,
    data: [{ ok: true, result: { id: 'u_1', external_ref: 'KG', result: 'created' } }],
  } as CallOutcome)[0]!;
  const reasons: PushStopReason[] = [
    { code: 'PAUSED', kind: 'paused', message: 'Paused.' },
    { code: 'SERVICE_UNAVAILABLE', kind: 'busy', message: 'busy' },
    { code: 'TOKEN_REVOKED', kind: 'connection', message: 'revoked' },
    { code: 'OLD', message: 'Kept from an earlier build.' },
  ];

  it('says in English what the domain’s labels and notes said', () => {
    // Word for word, but for one price (no longer "1 prices") and the balance's time in the clerk's format.
    expect(records.map(recordLabelWords)).toEqual([
      ...records.slice(0, 6).map((record) => record.label),
      '1 price, line 7, merge',
      'remove (tombstone)',
      `balance as of ${formatters().time('2026-11-26T08:30:00Z')}`,
    ]);
    expect(records[8]!.label).toBe('balance as of 2026-11-26T08:30:00Z');
    expect([recordNoteWords(priced), recordNoteWords(replayed), recordNoteWords(records[0]!)]).toEqual([
      priced.note,
      replayed.note,
      null,
    ]);
    expect(reasons.map(runReasonWords)).toEqual([
      'Paused. Resume to send the rest; calls already sent are not sent twice.',
      'The service is busy or unavailable (SERVICE_UNAVAILABLE). Resume later; the last call is resent with its key.',
      `${say('problems.connection.tokenRevoked.title')} Fix the connection in Connections, then resume.`,
      'Kept from an earlier build.',
    ]);
  });

  it('says them in Arabic, codes and keys set apart; a record or reason an earlier build kept keeps its words', () => {
    toArabic();
    const bare = (text: string | null): string | null => text?.replace(/[\u2066-\u2069]/g, '') ?? null;
    expect(records.map((record) => bare(recordLabelWords(record)))).toEqual([
      'وحدة',
      'قائمة أسعار (EGP)',
      'عميل، مربوط بـ cus_9',
      'عميل',
      'وحدتا بيع (PC, BOX)',
      '3 أسعار، الأسطر 2–4، استبدال',
      'سعر واحد، السطر 7، دمج',
      'حذف (تبقى في الخدمة علامة حذف)',
      `رصيد حتى ${bare(formatters().time('2026-11-26T08:30:00Z'))}`,
    ]);
    expect([recordNoteWords(priced), recordNoteWords(replayed)]).toEqual([
      'كُتب 2، بلا تغيير 1، حُذف 0؛ أعادت الخدمة ردها السابق (أُرسل من قبل)',
      'أعادت الخدمة ردها السابق (أُرسل من قبل)',
    ]);
    expect(reasons.map((reason) => bare(runReasonWords(reason)))).toEqual([
      'موقوف مؤقتًا. استأنف لإرسال الباقي؛ الطلبات التي أُرسلت لا تُرسل مرتين.',
      'الخدمة مشغولة أو غير متاحة (SERVICE_UNAVAILABLE). استأنف لاحقًا؛ يُعاد إرسال آخر طلب بمفتاحه نفسه.',
      `${say('problems.connection.tokenRevoked.title')} أصلح الاتصال في قسم الاتصالات، ثم استأنف.`,
      'Kept from an earlier build.',
    ]);
    const { what: _what, ...kept } = records[0]!;
    expect(recordLabelWords(kept)).toBe('unit');
    // The results file says them in Arabic too.
    const [, first] = resultsCsv([priced]).split('\r\n');
    expect(bare(first!)).toContain(',3 أسعار، الأسطر 2–4، استبدال,updated,pl_1,كُتب 2،');
  });
});
