// `npm run lighthouse [-- URL] [--runs N] [--only landing|home] [--save DIR]`: Lighthouse (mobile defaults) in
// Debian's Chromium against the production build, on the landing page and on the signed-in home
// page (as the demo account), each N times (3 by default: the machine is shared, so one run says
// little), then Chromium's own installability check. Every run is printed (scores, FCP, LCP, TBT,
// CLS, SI, requests, JS bytes, the load average and Chromium's CPU benchmark when it ran) and the best of each page. Without a
// URL it starts the server the way the end-to-end suite does: production mode, a fresh embedded
// database with the demo data, a free port (WEB_DIST picks another build). Budgets: DESIGN.md §6
// (≥ 95 landing, ≥ 90 signed-in home). Build first: npm run build.
import fs from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { demoCookie, startServer } from './production-server.mjs';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const loadAverage = async () =>
  (await fs.readFile('/proc/loadavg', 'utf8').catch(() => '')).split(' ').slice(0, 3).join(' ');

let saved = 0;
async function audit(port, url, extraHeaders) {
  const load = await loadAverage();
  const { lhr, artifacts } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    ...(extraHeaders ? { extraHeaders } : {}),
  });
  // --save DIR keeps each run's full report and the trace Lighthouse simulated from, to see which
  // requests and tasks a score comes from (the trace opens in Chromium's performance panel).
  if (SAVE) {
    await fs.writeFile(path.join(SAVE, `lhr-${++saved}.json`), JSON.stringify(lhr));
    await fs.writeFile(path.join(SAVE, `trace-${saved}.json`), JSON.stringify(artifacts.Trace));
  }
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  const resources = lhr.audits['resource-summary']?.details?.items ?? [];
  const resource = (type) =>
    resources.find((r) => r.resourceType === type) ?? { requestCount: 0, transferSize: 0 };
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual' &&
        a.scoreDisplayMode !== 'notApplicable',
    )
    .map((a) => a.id);
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    'FCP ms': ms('first-contentful-paint'),
    'LCP ms': ms('largest-contentful-paint'),
    'TBT ms': ms('total-blocking-time'),
    CLS: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    'SI ms': ms('speed-index'),
    requests: resource('total').requestCount,
    'JS reqs': resource('script').requestCount,
    'JS KB': Number((resource('script').transferSize / 1024).toFixed(1)),
    load,
    // Chromium's own CPU benchmark at the start of the run: lower means a busier machine, and the
    // blocking time grows with it (TBT is the page's tasks × 4 as they ran here).
    bench: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
    failing,
    ...(lhr.runtimeError ? { error: lhr.runtimeError.code } : {}),
  };
}

/**
 * Lighthouse 12 dropped its PWA category and installable-manifest audit; Chromium still answers the
 * question itself (the DevTools protocol's Page.getInstallabilityErrors), once the worker is ready.
 */
async function installability(port, url) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    const cdp = await page.createCDPSession();
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = await cdp.send('Page.getAppManifest');
    await page.close();
    return {
      manifest: manifest.url,
      manifestErrors: manifest.errors.map((e) => e.message),
      serviceWorkerScope: scope,
      installable: installabilityErrors.length === 0,
      installabilityErrors: installabilityErrors.map((e) => e.errorId),
    };
  } finally {
    await browser.disconnect();
  }
}

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args.splice(i, 2)[1];
};
const RUNS = Number(option('--runs') ?? 3);
const ONLY = option('--only');
const SAVE = option('--save');
if (SAVE) await fs.mkdir(SAVE, { recursive: true });
const given = args[0];
const server = given ? { base: given.replace(/\/$/, ''), stop: async () => {} } : await startServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
// Stopped half-way (Ctrl-C, kill): take the browser and the server down too.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    chrome.kill();
    void server.stop().finally(() => process.exit(130));
  });
try {
  const cookie = await demoCookie(server.base);
  console.log(
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults, ${CHROME}; ${RUNS} run(s) per page; load average ${await loadAverage()}`,
  );
  const pages = [
    { name: 'landing /#/muster', key: 'landing', url: `${server.base}/#/muster` },
    { name: 'home /#/ (signed in)', key: 'home', url: `${server.base}/#/`, headers: { Cookie: cookie } },
  ].filter((p) => !ONLY || p.key === ONLY);
  const best = {};
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      let run = await audit(chrome.port, page.url, page.headers);
      // A run Lighthouse itself could not record (NO_NAVSTART: its trace missed the navigation,
      // now and then here) says nothing of the page: it is made once more, and the table says so.
      if (run.error) {
        console.warn(
          `${page.name}, run ${i + 1}: Lighthouse could not record it (${run.error}); running it again`,
        );
        run = await audit(chrome.port, page.url, page.headers);
      }
      runs.push(run);
    }
    console.log(`\n${page.name}`);
    console.table(
      Object.fromEntries(runs.map((r, i) => [`run ${i + 1}`, { ...r, failing: r.failing.length }])),
    );
    const top = runs.reduce((a, b) => (b.perf > a.perf ? b : a));
    best[page.name] = top;
    console.log(`audits under 90 (best run): ${top.failing.join(', ') || 'none'}`);
  }
  console.log(`\nBest of ${RUNS}`);
  console.table(
    Object.fromEntries(Object.entries(best).map(([k, r]) => [k, { ...r, failing: r.failing.length }])),
  );
  console.log('Installability (Chromium):', await installability(chrome.port, `${server.base}/#/muster`));
} finally {
  chrome.kill();
  await server.stop();
}
