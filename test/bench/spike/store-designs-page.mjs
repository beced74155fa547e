// The page half of the issue-17 store-design spike (store-designs.mjs drives it): synthetic invoice
// rows made in the page, staged into IndexedDB through Dexie in one of the designs D0-D5, and read back.
/* global IDBKeyRange */
import Dexie from '/dexie.mjs';

// ---------------------------------------------------------------------------------------------------
// Synthetic rows, deterministic by index.

function hash32(n) {
  let x = (n ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}
function rng(seed) {
  let a = hash32(seed) || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pad = (n, w) => String(n).padStart(w, '0');
const first = [
  ['Ahmed', 'أحمد'],
  ['Mohamed', 'محمد'],
  ['Omar', 'عمر'],
  ['Ali', 'علي'],
  ['Hassan', 'حسن'],
  ['Youssef', 'يوسف'],
  ['Khaled', 'خالد'],
  ['Mahmoud', 'محمود'],
  ['Mostafa', 'مصطفى'],
  ['Ibrahim', 'إبراهيم'],
  ['Karim', 'كريم'],
  ['Tarek', 'طارق'],
  ['Sami', 'سامي'],
  ['Nour', 'نور'],
  ['Hany', 'هاني'],
  ['Adel', 'عادل'],
  ['Walid', 'وليد'],
  ['Fady', 'فادي'],
  ['Samir', 'سمير'],
  ['Ashraf', 'أشرف'],
  ['Emad', 'عماد'],
  ['Hossam', 'حسام'],
  ['Amr', 'عمرو'],
  ['Sherif', 'شريف'],
  ['Magdy', 'مجدي'],
  ['Nabil', 'نبيل'],
  ['Reda', 'رضا'],
  ['Gamal', 'جمال'],
  ['Salah', 'صلاح'],
  ['Ahmad', 'أحمد'],
  ['Ayman', 'أيمن'],
  ['Bassem', 'باسم'],
];
const last = [
  ['Hassan', 'حسن'],
  ['El Sayed', 'السيد'],
  ['Farouk', 'فاروق'],
  ['Mansour', 'منصور'],
  ['Nasser', 'ناصر'],
  ['Saleh', 'صالح'],
  ['Fahmy', 'فهمي'],
  ['Zaki', 'زكي'],
  ['Shawky', 'شوقي'],
  ['Ragab', 'رجب'],
  ['Abdallah', 'عبدالله'],
  ['Kamel', 'كامل'],
  ['Fawzy', 'فوزي'],
  ['Helmy', 'حلمي'],
  ['Lotfy', 'لطفي'],
  ['Morsy', 'مرسي'],
  ['Naguib', 'نجيب'],
  ['Ramadan', 'رمضان'],
  ['Soliman', 'سليمان'],
  ['Wahba', 'وهبة'],
];
const trade = [
  ['Trading', 'للتجارة'],
  ['Pharmacy', 'صيدلية'],
  ['Stores', 'محلات'],
  ['& Sons', 'وأولاده'],
  ['Market', 'ماركت'],
];
const customers = Array.from({ length: 3000 }, (_, c) => {
  const r = rng(10_000_000 + c);
  const f = first[Math.floor(r() * first.length)];
  const l = last[Math.floor(r() * last.length)];
  const t = trade[Math.floor(r() * trade.length)];
  return {
    id: `cust-${pad(c, 5)}`,
    code: `C-${1000 + c}`,
    name: `${f[0]} ${l[0]} ${t[0]} / ${f[1]} ${l[1]} ${t[1]}`,
  };
});
const dates = Array.from({ length: 365 }, (_, d) =>
  new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10),
);
const currencies = ['EGP', 'EGP', 'EGP', 'EGP', 'EGP', 'EGP', 'EGP', 'EGP', 'USD', 'SAR'];

export function makeRow(i) {
  const r = rng(i);
  const c = customers[Math.floor(r() * customers.length)];
  const x = r();
  const review = x < 0.9 ? 'pending' : x < 0.98 ? 'accepted' : 'rejected';
  const id =
    hash32(i).toString(16).padStart(8, '0') +
    hash32(i + 0x40000000)
      .toString(16)
      .padStart(8, '0');
  return {
    id,
    version: 1,
    review,
    pendingAgain: 0,
    changes: [],
    status: 'issued',
    number: `INV-2026-${pad(i + 1, 6)}`,
    date: dates[Math.floor(r() * 365)],
    customer: c.code,
    customerId: c.id,
    customerName: c.name,
    rep: `rep-${Math.floor(r() * 12)}`,
    currency: currencies[Math.floor(r() * 10)],
    note: `Order SO-2026-${pad(Math.floor(r() * 900000), 6)} · delivered by van ${Math.floor(r() * 40)} · terms net 30`,
    amountCents: 100 + Math.floor(r() * 500_000),
    externalNumber: review === 'accepted' ? `ERP-${pad(i, 7)}` : '',
    answerState: review === 'pending' ? '' : 'settled',
    answerOutcome: '',
    answerError: '',
    chunk: `${id}-0000-4000-8000-${pad(Math.floor(i / 50), 12)}`,
    seq: i + 1,
    memo: 'x'.repeat(120),
  };
}

// ---------------------------------------------------------------------------------------------------
// The branch's search keys (src-shared/domain/review-keys.ts on issue-17-paged-views), copied.

const wordPattern = /\p{N}+(?:\.\p{N}+)+|[\p{L}\p{M}\p{N}]+/gu;
export function searchWords(text) {
  return (
    text
      .toLowerCase()
      .replace(/(\p{N}),(?=\p{N}{3}(?!\p{N}))/gu, '$1')
      .match(wordPattern) ?? []
  );
}
const amountKey = (cents) => (Math.abs(cents) / 100).toFixed(2);
function keysOfWord(word, keys) {
  keys.add(word);
  for (const part of word.includes('.') ? word.split('.') : [word]) {
    keys.add(part);
    if (/^0+\p{N}/u.test(part)) keys.add(part.replace(/^0+(?=\p{N})/u, ''));
  }
}
function searchKeysOf(row) {
  const keys = new Set();
  for (const text of [row.customerName, row.customer, row.number, row.externalNumber])
    for (const word of searchWords(text ?? '')) keysOfWord(word, keys);
  keys.add(amountKey(row.amountCents));
  return [...keys];
}
const matchesWords = (keys, text) => searchWords(text).every((w) => keys.some((k) => k.startsWith(w)));

// ---------------------------------------------------------------------------------------------------
// D2/D3 keys.

const S = '\u0001';
const amountPad = (cents) => pad(cents + 1_000_000_000_000, 13); // keeps negatives in order too
/** D3's tokens: the customer name's words, the code whole, the number's serial without leading zeros, the
 * ERP number whole and by its serial, the amount as 1234.56. Ubiquitous words (inv, 2026, c) are not keys. */
export function tokensOf(row) {
  const t = new Set(searchWords(row.customerName));
  t.add(row.customer.toLowerCase());
  t.add(row.number.replace(/^.*?(\d+)$/, '$1').replace(/^0+(?=\d)/, ''));
  if (row.externalNumber) {
    t.add(row.externalNumber.toLowerCase());
    t.add(row.externalNumber.replace(/^.*?(\d+)$/, '$1').replace(/^0+(?=\d)/, ''));
  }
  t.add(amountKey(row.amountCents));
  return [...t];
}
function withD2Keys(row, allKeys) {
  const tail = S + row.id;
  const cust = (row.customerName || row.customer).toLowerCase();
  row.kDate = row.review + S + row.date + tail;
  row.kNumber = row.review + S + row.number + tail;
  row.kCustomer = row.review + S + cust + tail;
  row.kAmount = row.review + S + amountPad(row.amountCents) + tail;
  if (allKeys >= 1) row.aDate = row.date + tail;
  if (allKeys >= 4) {
    row.aNumber = row.number + tail;
    row.aCustomer = cust + tail;
    row.aAmount = amountPad(row.amountCents) + tail;
  }
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Designs.

export const designs = {
  D0: { rows: 'id, review, date, customerId', counters: false, keys: (r) => r },
  D1: {
    rows:
      'id, [review+date+id], [review+number+id], [review+customerSort+id], [review+amountCents+id], ' +
      '[date+id], [number+id], [customerSort+id], [amountCents+id], *search, customerId',
    counters: true,
    keys: (r) => {
      r.customerSort = (r.customerName || r.customer).toLowerCase();
      r.search = searchKeysOf(r);
      return r;
    },
  },
  D2: {
    rows: 'id, kDate, kNumber, kCustomer, kAmount, aDate, customerId',
    counters: true,
    keys: (r) => withD2Keys(r, 1),
  },
  D2r4: {
    rows: 'id, kDate, kNumber, kCustomer, kAmount, customerId',
    counters: true,
    keys: (r) => withD2Keys(r, 0),
  },
  D2a8: {
    rows: 'id, kDate, kNumber, kCustomer, kAmount, aDate, aNumber, aCustomer, aAmount, customerId',
    counters: true,
    keys: (r) => withD2Keys(r, 4),
  },
  D3: {
    rows: 'id, kDate, kNumber, kCustomer, kAmount, aDate, *sk, customerId',
    counters: true,
    keys: (r) => {
      withD2Keys(r, 1);
      r.sk = tokensOf(r).map((t) => t + S + r.kDate);
      return r;
    },
  },
  // D5: D2 + kCust (a customer's rows in date order) + kSerial (the number's serial) + kErp (the ERP
  // number's serial, accepted rows only: a sparse index), customers in their own table with a token index.
  // No multi-entry index on the rows.
  D5: {
    rows: 'id, kDate, kNumber, kCustomer, kAmount, aDate, kCust, kSerial, kErp, customerId',
    counters: true,
    customers: 'id, *tokens',
    keys: (r) => withD5Keys(r),
  },
};

const serialOf = (s) => s.replace(/^.*?(\d+)$/, '$1').replace(/^0+(?=\d)/, '');
function withD5Keys(row) {
  withD2Keys(row, 1);
  const tail = S + row.date + S + row.id;
  row.kCust = row.review + S + row.customerId + tail;
  row.kSerial = row.review + S + serialOf(row.number) + tail;
  if (row.externalNumber) row.kErp = row.review + S + serialOf(row.externalNumber) + tail;
  return row;
}
/** D5's customer record: the tokens of its name (both languages), its code whole and the code's digits. */
function customerRecord(row) {
  const tokens = new Set(searchWords(row.customerName));
  tokens.add(row.customer.toLowerCase());
  tokens.add(serialOf(row.customer));
  return { id: row.customerId, code: row.customer, name: row.customerName, tokens: [...tokens] };
}

let db = null;
let design = null;
let knownCustomers = null;
export async function open(name) {
  const t0 = performance.now();
  design = designs[name];
  db = new Dexie(`spike-${name}`);
  db.version(1).stores({
    invoices: design.rows,
    counters: 'kind',
    ...(design.customers ? { customers: design.customers } : {}),
  });
  await db.open();
  knownCustomers = design.customers ? new Set(await db.customers.toCollection().primaryKeys()) : null;
  return performance.now() - t0;
}

function emptyCounts() {
  return {
    pending: { count: 0, cents: {} },
    accepted: { count: 0, cents: {} },
    rejected: { count: 0, cents: {} },
    all: { count: 0, cents: {} },
  };
}
function countIn(counts, row) {
  for (const v of [counts.all, counts[row.review]]) {
    v.count += 1;
    v.cents[row.currency] = (v.cents[row.currency] ?? 0) + row.amountCents;
  }
}

/** Stages rows [from, to) in pages of 500, one transaction each (rows + the counters record). */
export async function stage(from, to) {
  const t0 = performance.now();
  for (let start = from; start < to; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(to, start + 500); i++) rows.push(design.keys(makeRow(i)));
    if (design.customers) {
      // As the app would: rows + counters + the customers not seen before, in one transaction.
      const fresh = new Map();
      for (const row of rows)
        if (!knownCustomers.has(row.customerId)) fresh.set(row.customerId, customerRecord(row));
      await db.transaction('rw', db.invoices, db.counters, db.customers, async () => {
        const c = (await db.counters.get('invoices')) ?? { kind: 'invoices', views: emptyCounts() };
        for (const row of rows) countIn(c.views, row);
        await db.invoices.bulkPut(rows);
        if (fresh.size) await db.customers.bulkPut([...fresh.values()]);
        await db.counters.put(c);
      });
      for (const id of fresh.keys()) knownCustomers.add(id);
    } else if (design.counters) {
      await db.transaction('rw', db.invoices, db.counters, async () => {
        const c = (await db.counters.get('invoices')) ?? { kind: 'invoices', views: emptyCounts() };
        for (const row of rows) countIn(c.views, row);
        await db.invoices.bulkPut(rows);
        await db.counters.put(c);
      });
    } else {
      await db.transaction('rw', db.invoices, async () => {
        await db.invoices.bulkPut(rows);
      });
    }
  }
  return performance.now() - t0;
}

// ---------------------------------------------------------------------------------------------------
// Reads. Each answers { ms, n, ... }.

const top = '\uffff';
async function timed(fn) {
  const t0 = performance.now();
  const out = await fn();
  return { ms: +(performance.now() - t0).toFixed(1), ...out };
}
const byDateDesc = (a, b) =>
  a.date < b.date ? 1 : a.date > b.date ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

function pendingByDate() {
  const t = db.invoices;
  if (design === designs.D0)
    return t
      .orderBy('date')
      .reverse()
      .filter((r) => r.review === 'pending');
  if (design === designs.D1)
    return t
      .where('[review+date+id]')
      .between(['pending', Dexie.minKey, Dexie.minKey], ['pending', top, top])
      .reverse();
  return t
    .where('kDate')
    .between('pending' + S, 'pending' + S + top)
    .reverse();
}

export const reads = {
  first100: () => timed(async () => ({ n: (await pendingByDate().limit(100).toArray()).length })),
  offset500k: () =>
    timed(async () => {
      const rows = await pendingByDate().offset(500_000).limit(100).toArray();
      // Kept in the profile's localStorage: every run is a fresh browser, and the runs after the first two
      // skip this slow read (the first version of the script kept it in a global, so its later runs of
      // resume500k read nothing).
      const last = rows.at(-1);
      if (last)
        localStorage.setItem(
          `resume-${db.name}`,
          JSON.stringify({ id: last.id, date: last.date, kDate: last.kDate }),
        );
      return { n: rows.length };
    }),
  resume500k: () =>
    timed(async () => {
      const r = JSON.parse(localStorage.getItem(`resume-${db.name}`) ?? 'null');
      if (!r) return { n: -1 };
      const t = db.invoices;
      let c;
      if (design === designs.D0)
        c = t
          .where('date')
          .belowOrEqual(r.date)
          .reverse()
          .filter((x) => x.review === 'pending' && (x.date < r.date || x.id < r.id));
      else if (design === designs.D1)
        c = t
          .where('[review+date+id]')
          .between(['pending', Dexie.minKey, Dexie.minKey], ['pending', r.date, r.id], true, false)
          .reverse();
      else
        c = t
          .where('kDate')
          .between('pending' + S, r.kDate, true, false)
          .reverse();
      return { n: (await c.limit(100).toArray()).length };
    }),
  countCounters: () =>
    timed(async () => {
      if (!design.counters) return { n: -1 };
      return { n: (await db.counters.get('invoices')).views.pending.count };
    }),
  countIndex: () =>
    timed(async () => {
      const t = db.invoices;
      if (design === designs.D0) return { n: await t.where('review').equals('pending').count() };
      return { n: await pendingByDate().count() };
    }),
  allFirst100: () =>
    timed(async () => {
      const t = db.invoices;
      if (design === designs.D0)
        return { n: (await t.orderBy('date').reverse().limit(100).toArray()).length };
      if (design === designs.D1)
        return { n: (await t.orderBy('[date+id]').reverse().limit(100).toArray()).length };
      return { n: (await t.orderBy('aDate').reverse().limit(100).toArray()).length };
    }),
  allMerge100: () =>
    timed(async () => {
      if (design === designs.D0 || design === designs.D1) return { n: -1 };
      const parts = await Promise.all(
        ['pending', 'accepted', 'rejected'].map((v) =>
          db.invoices
            .where('kDate')
            .between(v + S, v + S + top)
            .reverse()
            .limit(100)
            .toArray(),
        ),
      );
      return { n: parts.flat().sort(byDateDesc).slice(0, 100).length };
    }),
};

/** A quick filter's first 100 pending matches in date order (how depends on the design). */
export async function quick(q) {
  if (design === designs.D5) return timed(() => d5Quick(q, 100));
  return timed(async () => {
    if (
      design === designs.D0 ||
      design === designs.D2 ||
      design === designs.D2r4 ||
      design === designs.D2a8
    ) {
      // No search index: walk the view in date order, testing each row (today's rule, matchesWords).
      const rows = await pendingByDate()
        .filter((r) => matchesWords(searchKeysOf(r), q))
        .limit(100)
        .toArray();
      return { n: rows.length, how: 'walk' };
    }
    if (design === designs.D1) {
      // The branch's way, roughly: each word's rows by `*search` startsWith, intersected, then sorted.
      const words = searchWords(q);
      const sets = await Promise.all(
        words.map((w) => db.invoices.where('search').startsWith(w).primaryKeys()),
      );
      sets.sort((a, b) => a.length - b.length);
      let ids = [...new Set(sets[0])];
      for (const s of sets.slice(1)) {
        const set = new Set(s);
        ids = ids.filter((id) => set.has(id));
      }
      const rows = (await db.invoices.bulkGet(ids)).filter(
        (r) => r.review === 'pending' && matchesWords(searchKeysOf(r), q),
      );
      rows.sort(byDateDesc);
      return {
        n: rows.slice(0, 100).length,
        candidates: ids.length,
        matches: rows.length,
        how: 'search-startsWith',
      };
    }
    // D3: one whole token → one range read in date order; a number's serial → the same, then checked.
    const lq = q.toLowerCase().trim();
    let token = lq;
    let check = null;
    if (/^[a-z]*-?\d{4}-\d+$/.test(lq) || /^inv-/.test(lq)) {
      token = lq.replace(/^.*?(\d+)$/, '$1').replace(/^0+(?=\d)/, '');
      check = (r) => r.number.toLowerCase().includes(lq);
    }
    const lower = token + S + 'pending' + S;
    let c = db.invoices
      .where('sk')
      .between(lower, lower + top)
      .reverse();
    if (check) c = c.filter(check);
    const rows = await c.limit(100).toArray();
    return { n: rows.length, how: 'token-range', token };
  });
}

/** D3 prefix filter: the distinct tokens starting with `p` (skip-scan of the index), then a k-way merge of
 * the first 100 pending rows of each token's range in date order. */
export async function quickPrefix(p) {
  return timed(async () => {
    const idb = db.backendDB();
    const prefix = p.toLowerCase();
    const tokens = await new Promise((resolve, reject) => {
      const found = [];
      const req = idb
        .transaction('invoices')
        .objectStore('invoices')
        .index('sk')
        .openKeyCursor(IDBKeyRange.bound(prefix, prefix + top));
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        const cur = req.result;
        if (!cur) return resolve(found);
        const token = cur.key.slice(0, cur.key.indexOf(S));
        found.push(token);
        cur.continue(token + '\u0002');
      };
    });
    const parts = await Promise.all(
      tokens.map((t) => {
        const lower = t + S + 'pending' + S;
        return db.invoices
          .where('sk')
          .between(lower, lower + top)
          .reverse()
          .limit(100)
          .toArray();
      }),
    );
    const seen = new Set();
    const merged = parts
      .flat()
      .sort(byDateDesc)
      .filter((r) => !seen.has(r.id) && seen.add(r.id));
    return { n: merged.slice(0, 100).length, tokens: tokens.length, how: 'prefix-merge' };
  });
}

/** D3: how many pending rows a whole token has (a count of its range); D5: the exact count of a quick filter. */
export async function quickCount(token) {
  if (design === designs.D5) return timed(() => d5Count(token));
  return timed(async () => {
    const lower = token + S + 'pending' + S;
    return {
      n: await db.invoices
        .where('sk')
        .between(lower, lower + top)
        .count(),
    };
  });
}

/** D4 (optional): a compact column of the pending view loaded in pages, and a scan of it. */
export async function d4Load() {
  return timed(async () => {
    const ids = [];
    const dates = [];
    const texts = [];
    let last = null;
    for (;;) {
      const c =
        last === null
          ? pendingByDate()
          : db.invoices
              .where('kDate')
              .between('pending' + S, last, true, false)
              .reverse();
      const rows = await c.limit(5000).toArray();
      if (rows.length === 0) break;
      for (const r of rows) {
        ids.push(r.id);
        dates.push(r.date);
        texts.push(
          `${r.customerName} ${r.customer} ${r.number} ${r.externalNumber} ${amountKey(r.amountCents)}`.toLowerCase(),
        );
      }
      last = rows.at(-1).kDate;
    }
    globalThis.__d4 = { ids, dates, texts };
    return { n: ids.length };
  });
}
export function d4Scan(q) {
  const t0 = performance.now();
  const lq = q.toLowerCase();
  const { texts } = globalThis.__d4;
  const hits = [];
  for (let i = 0; i < texts.length; i++) if (texts[i].includes(lq)) hits.push(i);
  return { ms: +(performance.now() - t0).toFixed(1), n: hits.length };
}

/** The v7 → D3 upgrade: fills the new keys of the D0 store's rows (one version change), for up to `budgetMs`. */
export async function upgradeToD3(budgetMs) {
  const t0 = performance.now();
  let done = 0;
  let timedOut = false;
  const up = new Dexie('spike-D0');
  up.version(1).stores({ invoices: designs.D0.rows, counters: 'kind' });
  up.version(2)
    .stores({ invoices: designs.D3.rows, counters: 'kind' })
    .upgrade(async (tx) => {
      const rows = tx.table('invoices');
      let after = null;
      for (;;) {
        const found = await (after === null ? rows.toCollection() : rows.where(':id').above(after))
          .limit(2000)
          .toArray();
        if (found.length === 0) break;
        after = found.at(-1).id;
        await rows.bulkPut(found.map((r) => designs.D3.keys(r)));
        done += found.length;
        globalThis.__upgradeDone = done;
        if (performance.now() - t0 > budgetMs) {
          timedOut = true;
          throw new Error('time budget');
        }
      }
    });
  try {
    await up.open();
  } catch (e) {
    if (!timedOut) throw e;
  }
  up.close();
  return { ms: performance.now() - t0, rows: done, timedOut };
}
export const upgradeProgress = () => globalThis.__upgradeDone ?? 0;

// ---------------------------------------------------------------------------------------------------
// D5's quick filter: the query's words resolved to customer ids (customers table, prefix match on its
// tokens) and/or a serial (kSerial, kErp), or an amount (kAmount); then the first `want` pending rows in
// date order by a k-way merge over the ranges' index keys (key-only cursors: the key carries date and id),
// the winners read by id and checked against the whole query.

const d5View = 'pending';
/** The ranges a query reads: [{ index, lower }] (each range is lower … lower + top, read in reverse), and
 * the row check. */
async function d5Plan(q) {
  const lq = q.toLowerCase().trim();
  const v = d5View + S;
  if (/^\d+\.\d{2}$/.test(lq)) {
    const cents = Math.round(Number(lq) * 100);
    return {
      ranges: [{ index: 'kAmount', lower: v + amountPad(cents) + S }],
      byId: true,
      check: null,
      how: 'amount',
    };
  }
  if (/^(inv-|erp-)?(\d{4}-)?\d+$/.test(lq) && /\d{3,}$/.test(lq)) {
    const serial = serialOf(lq);
    return {
      ranges: [
        { index: 'kSerial', lower: v + serial + S },
        { index: 'kErp', lower: v + serial + S },
      ],
      check: (r) => `${r.number} ${r.externalNumber}`.toLowerCase().includes(lq),
      how: 'serial',
    };
  }
  const words = searchWords(lq);
  // Words that name customers (prefix match on the customer tokens) choose the customers; a word that names
  // no customer is checked on the row. "c-1015" is looked up whole first (a code).
  let ids = null;
  const rest = [];
  const groups = lq.includes('-') && !lq.includes(' ') ? [lq] : words;
  for (const w of groups) {
    const found = await db.customers.where('tokens').startsWith(w).primaryKeys();
    if (found.length === 0) {
      rest.push(w);
      continue;
    }
    const set = new Set(found);
    ids = ids === null ? set : new Set([...ids].filter((id) => set.has(id)));
  }
  if (ids === null) return { ranges: null, how: 'no-customer' }; // the walk would be the fallback
  return {
    ranges: [...ids].map((id) => ({ index: 'kCust', lower: v + id + S })),
    check: rest.length ? (r) => matchesWords(searchKeysOf(r), rest.join(' ')) : null,
    how: `customers:${ids.size}`,
  };
}

/** Reads the next `n` keys of a range below `below` (exclusive), newest first. */
const rangeKeys = (index, lower, below, n) =>
  db.invoices
    .where(index)
    .between(lower, below ?? lower + top, true, below === undefined ? true : false)
    .reverse()
    .limit(n)
    .keys();
/** The date␁id part of a range key (the sort order of the merge). */
const sortPart = (key, lower) => key.slice(lower.length);

async function d5Quick(q, want) {
  const plan = await d5Plan(q);
  if (!plan.ranges) return { n: 0, how: plan.how };
  if (plan.byId) {
    // An amount: its range is in id order, its rows few; read them all, sort by date.
    const r = plan.ranges[0];
    const rows = await db.invoices
      .where(r.index)
      .between(r.lower, r.lower + top)
      .toArray();
    rows.sort(byDateDesc);
    return { n: rows.slice(0, want).length, matches: rows.length, how: plan.how };
  }
  const k = plan.ranges.length;
  const batch = Math.max(8, Math.ceil((2 * want) / k));
  const heads = plan.ranges.map((r) => ({ ...r, buf: [], pos: 0, done: false, last: undefined }));
  const fill = async (h) => {
    const keys = await rangeKeys(h.index, h.lower, h.last, batch);
    h.buf = keys;
    h.pos = 0;
    if (keys.length < batch) h.done = true;
    if (keys.length) h.last = keys.at(-1);
  };
  await Promise.all(heads.map(fill));
  const out = [];
  let keysRead = heads.reduce((s, h) => s + h.buf.length, 0);
  let rowsRead = 0;
  while (out.length < want) {
    // Pick up to (want - out.length) candidates by merging, then read and check them.
    const ids = [];
    while (ids.length < want - out.length) {
      let best = null;
      let bestKey = null;
      for (const h of heads) {
        if (h.pos >= h.buf.length) {
          if (h.done) continue;
          await fill(h);
          keysRead += h.buf.length;
          if (h.buf.length === 0) continue;
        }
        const key = sortPart(h.buf[h.pos], h.lower);
        if (best === null || key > bestKey) {
          best = h;
          bestKey = key;
        }
      }
      if (best === null) break;
      best.pos += 1;
      ids.push(bestKey.slice(bestKey.lastIndexOf(S) + 1));
    }
    if (ids.length === 0) break;
    const rows = await db.invoices.bulkGet(ids);
    rowsRead += rows.length;
    for (const r of rows) if (r && (!plan.check || plan.check(r))) out.push(r);
  }
  return { n: out.length, ranges: k, keysRead, rowsRead, how: plan.how };
}

/** The exact count of a D5 quick filter: a count of each range (each a walk of its keys). */
async function d5Count(q) {
  const plan = await d5Plan(q);
  if (!plan.ranges) return { n: 0 };
  if (plan.check) {
    let n = 0;
    for (const r of plan.ranges)
      n += await db.invoices
        .where(r.index)
        .between(r.lower, r.lower + top)
        .filter(plan.check)
        .count();
    return { n, how: plan.how + '+check' };
  }
  const counts = await Promise.all(
    plan.ranges.map((r) =>
      db.invoices
        .where(r.index)
        .between(r.lower, r.lower + top)
        .count(),
    ),
  );
  return { n: counts.reduce((a, b) => a + b, 0), how: plan.how };
}

// ---------------------------------------------------------------------------------------------------
// The v7 → D5 upgrade done the non-blocking way: the version change only adds D5's indexes (and the
// customers table), keeping v7's; the keys are then filled in background transactions of 2,000 rows
// each, with a resumable mark in `meta`.

export async function upgradeToD5Open() {
  const t0 = performance.now();
  const up = new Dexie('spike-D0');
  up.version(1).stores({ invoices: designs.D0.rows, counters: 'kind' });
  up.version(2).stores({
    invoices: 'id, review, date, customerId, kDate, kNumber, kCustomer, kAmount, aDate, kCust, kSerial, kErp',
    counters: 'kind',
    customers: designs.D5.customers,
    meta: 'key',
  });
  await up.open();
  globalThis.__up = up;
  return { ms: +(performance.now() - t0).toFixed(1), version: up.verno };
}
export async function upgradeToD5Fill(budgetMs, per = 2000) {
  const up = globalThis.__up;
  const t0 = performance.now();
  const mark = await up.table('meta').get('keysFilledTo');
  let after = mark?.id ?? null;
  let done = 0;
  const known = new Set(await up.table('customers').toCollection().primaryKeys());
  const laps = [];
  for (;;) {
    const l0 = performance.now();
    let n = 0;
    await up.transaction('rw', up.table('invoices'), up.table('customers'), up.table('meta'), async () => {
      const rows = await (
        after === null ? up.table('invoices').toCollection() : up.table('invoices').where(':id').above(after)
      )
        .limit(per)
        .toArray();
      n = rows.length;
      if (n === 0) return;
      const fresh = new Map();
      for (const r of rows) {
        withD5Keys(r);
        if (!known.has(r.customerId)) fresh.set(r.customerId, customerRecord(r));
      }
      await up.table('invoices').bulkPut(rows);
      if (fresh.size) await up.table('customers').bulkPut([...fresh.values()]);
      after = rows.at(-1).id;
      await up.table('meta').put({ key: 'keysFilledTo', id: after });
      for (const id of fresh.keys()) known.add(id);
    });
    if (n === 0) break;
    done += n;
    laps.push(performance.now() - l0);
    globalThis.__upgradeDone = done;
    if (performance.now() - t0 > budgetMs) break;
  }
  const sorted = [...laps].sort((a, b) => a - b);
  return {
    ms: +(performance.now() - t0).toFixed(0),
    rows: done,
    txMedianMs: +(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1),
    txMaxMs: +(sorted.at(-1) ?? 0).toFixed(1),
    rowsPerS: Math.round((done / (performance.now() - t0)) * 1000),
  };
}
