// The issue-17 store-design spike: stages synthetic invoice rows into Chromium's IndexedDB through Dexie
// in one design (store-designs-page.mjs: D0 today's v7 layout, D1 the branch's compound array indexes,
// D2 one string key per sort order, D3 D2 plus a multi-entry search index carrying the sort key) and
// measures staging docs/s and the read figures of docs/bench-results/issue-17-store-designs.md.
//
//   node test/bench/spike/store-designs.mjs stage D3 1000000   (stages more rows into the design's profile)
//   node test/bench/spike/store-designs.mjs read D3            (cold then warm reads, median of 5)
//   node test/bench/spike/store-designs.mjs upgrade 600        (v7 → D3 upgrade of the D0 store, for 600 s)
//   node test/bench/spike/store-designs.mjs upgrade5 D0 300    (v7 → D5 of the D0 store: indexes added in the
//                                                               version change, keys filled after, for 300 s)
//   SPIKE_FROM=200000 … stage D2 1000000 resumes a staged profile; SPIKE_READS / SPIKE_QUICK pick reads.
//
// Profiles live in $SPIKE_DIR (default /tmp/spike17-profiles/<design>); JSON lines go to stdout.
/* global window */
import { createServer } from 'node:http';
import { readFileSync, existsSync, mkdirSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const [, , step, design = 'D0', arg = ''] = process.argv;
const baseDir = process.env.SPIKE_DIR ?? '/tmp/spike17-profiles';
const profile = join(baseDir, step === 'upgrade' || step === 'upgrade5' ? 'D0' : design);
mkdirSync(profile, { recursive: true });

const files = {
  '/': ['store-designs.html', 'text/html'],
  '/store-designs-page.mjs': ['store-designs-page.mjs', 'text/javascript'],
};
const server = createServer((req, res) => {
  const path = req.url.split('?')[0];
  if (path === '/dexie.mjs') {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    return res.end(readFileSync(join(root, 'node_modules/dexie/dist/dexie.mjs')));
  }
  const file = files[path];
  if (!file) {
    res.writeHead(404);
    return res.end();
  }
  res.writeHead(200, { 'content-type': file[1] });
  res.end(readFileSync(join(here, file[0])));
});
await new Promise((r) => server.listen(Number(process.env.SPIKE_PORT ?? 47117), '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/`;

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
async function launch() {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    headless: true,
    args,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(0);
  await page.goto(url);
  await page.waitForFunction(() => window.spikeReady === true);
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const out = (o) => console.log(JSON.stringify({ design, step, load: loadavg(), ...o }));
const heapMiB = async (cdp) => {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return +(usedSize / 2 ** 20).toFixed(1);
};
const diskMiB = () =>
  +(
    Number(
      execSync(`du -sb ${join(profile, 'Default/IndexedDB')}`)
        .toString()
        .split('\t')[0],
    ) /
    2 ** 20
  ).toFixed(0);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

if (step === 'stage') {
  // Stages up to `arg` rows in all (resuming after the rows staged already), 50,000 per call; if the
  // first 100,000 of a fresh store say 1M would take > 12 min, stops at 300,000.
  const target = Number(arg || 1_000_000);
  const { context, page } = await launch();
  await page.evaluate((d) => window.spike.open(d), design);

  const have = Number(process.env.SPIKE_FROM ?? 0);
  let limit = target;
  const started = Date.now();
  let at = have;
  while (at < limit) {
    const to = Math.min(limit, at + 50_000);
    const ms = await page.evaluate(([a, b]) => window.spike.stage(a, b), [at, to]);
    out({ from: at, to, ms: Math.round(ms), docsPerS: Math.round(((to - at) / ms) * 1000) });
    at = to;
    if (at === 100_000 && have === 0) {
      const s = (Date.now() - started) / 1000;
      out({ first100kS: +s.toFixed(1), first100kDocsPerS: Math.round(100_000 / s) });
      if ((s * 10) / 60 > 12 && limit > 300_000) {
        limit = 300_000;
        out({ note: 'projected 1M > 12 min: stopping at 300,000' });
      }
    }
  }
  const s = (Date.now() - started) / 1000;
  out({ staged: at - have, totalS: +s.toFixed(1), docsPerS: Math.round((at - have) / s) });
  await context.close();
  out({ diskMiB: diskMiB() });
} else if (step === 'read') {
  const runs = [];
  // SPIKE_READS / SPIKE_QUICK (comma lists) choose the reads; an empty SPIKE_QUICK runs no quick filter.
  const quick =
    process.env.SPIKE_QUICK !== undefined
      ? process.env.SPIKE_QUICK.split(',').filter(Boolean)
      : design === 'D5'
        ? ['c-1015', '2026-000123', 'ahmed', 'ahm', '1234.56']
        : ['c-1015', '2026-000123', 'ahmed', '1234.56'];
  const readNames = process.env.SPIKE_READS?.split(',') ?? [
    'first100',
    'countCounters',
    'countIndex',
    'allFirst100',
    'allMerge100',
    'offset500k',
    'resume500k',
  ];
  const prefixes = ['ahm', 'c-101'];
  for (let run = 0; run < 5; run++) {
    const { context, page, cdp } = await launch(); // a fresh browser: run 0 is cold, the page's caches too
    const r = { open: await page.evaluate((d) => window.spike.open(d), design) };
    for (const name of readNames) {
      const skip = run > 1 && runs[0][name]?.ms > 3000;
      if (!skip) r[name] = await page.evaluate((n) => window.spike.reads[n](), name);
      if (name === 'first100' && run === 0) r.heapAfterFirstRowsMiB = await heapMiB(cdp);
    }
    for (const q of quick) {
      const key = `quick ${q}`;
      const skip = run > 1 && runs[0][key]?.ms > 3000;
      if (!skip) r[key] = await page.evaluate((x) => window.spike.quick(x), q);
    }
    if (design === 'D3') {
      for (const p of prefixes) r[`prefix ${p}`] = await page.evaluate((x) => window.spike.quickPrefix(x), p);
      for (const t of ['ahmed', 'c-1015'])
        r[`count ${t}`] = await page.evaluate((x) => window.spike.quickCount(x), t);
    }
    if (design === 'D5')
      for (const q of quick) r[`count ${q}`] = await page.evaluate((x) => window.spike.quickCount(x), q);
    r.heapEndMiB = await heapMiB(cdp);
    out({ run, ...r });
    runs.push(r);
    await context.close();
  }
  const keys = Object.keys(runs[0]).filter(
    (k) => typeof runs[0][k] === 'object' || typeof runs[0][k] === 'number',
  );
  const summary = {};
  for (const k of keys) {
    const ms = runs.map((r) => (typeof r[k] === 'object' ? r[k]?.ms : r[k])).filter((x) => x !== undefined);
    summary[k] = { cold: ms[0], median: +median(ms).toFixed(1), runs: ms.length, n: runs[0][k]?.n };
  }
  out({ summary, diskMiB: diskMiB() });
} else if (step === 'd4') {
  const { context, page, cdp } = await launch();
  await page.evaluate((d) => window.spike.open(d), design);
  const before = await heapMiB(cdp);
  const load = await page.evaluate(() => window.spike.d4Load());
  const after = await heapMiB(cdp);
  const scans = {};
  for (const q of ['c-1015', '2026-000123', 'ahmed', '1234.56', 'ahm']) {
    const ms = [];
    let n;
    for (let i = 0; i < 5; i++) {
      const s = await page.evaluate((x) => window.spike.d4Scan(x), q);
      ms.push(s.ms);
      n = s.n;
    }
    scans[q] = { median: median(ms), n };
  }
  out({ columnLoad: load, heapBeforeMiB: before, heapAfterMiB: after, scans });
  await context.close();
} else if (step === 'upgrade5') {
  // v7 → D5 the non-blocking way: how long the version change (adding the indexes) blocks, then the fill
  // in background transactions of 2,000 rows for up to `arg` seconds.
  const budget = Number(arg || 300) * 1000;
  const { context, page } = await launch();
  const opened = await page.evaluate(() => window.spike.upgradeToD5Open());
  out({ versionChange: opened });
  const timer = setInterval(async () => {
    try {
      out({ progress: await page.evaluate(() => window.spike.upgradeProgress()) });
    } catch {
      // the page is busy in a long transaction: no progress this time
    }
  }, 30_000);
  const r = await page.evaluate((b) => window.spike.upgradeToD5Fill(b), budget);
  clearInterval(timer);
  out({ fill: r });
  await context.close();
  out({ diskMiB: diskMiB() });
} else if (step === 'upgrade') {
  const budget = Number(arg || 600) * 1000;
  const { context, page } = await launch();
  const timer = setInterval(async () => {
    try {
      out({ progress: await page.evaluate(() => window.spike.upgradeProgress()) });
    } catch {
      // the page is busy in a long transaction: no progress this time
    }
  }, 60_000);
  const r = await page.evaluate((b) => window.spike.upgradeToD3(b), budget);
  clearInterval(timer);
  out({ upgrade: r, rowsPerS: Math.round((r.rows / r.ms) * 1000) });
  await context.close();
}
server.close();
