// `npm run lighthouse [-- URL]`: Lighthouse (mobile defaults) in Debian's Chromium against the
// production build, on the landing page and on the signed-in home page (as the demo account),
// then Chromium's own installability check. Without a URL it starts the server the way the
// end-to-end suite does: production mode, a fresh embedded database with the demo data, a free
// port. Budgets: DESIGN.md §6 (≥ 95 landing, ≥ 90 signed-in home). Build first: npm run build.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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
const DEMO = { emailOrUsername: 'demo', password: 'muster-demo-2026' };

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function startServer() {
  await fs.access(path.join(root, 'web', 'dist', 'index.html')).catch(() => {
    throw new Error('web/dist is missing: run `npm run build` first');
  });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-lighthouse-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not become healthy in time');
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo account's session cookie, for Lighthouse's extraHeaders. */
async function demoCookie(base) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!res.ok)
    throw new Error(`demo sign-in failed (${res.status}): the server needs the embedded demo database`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function audit(port, url, extraHeaders) {
  const { lhr } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    ...(extraHeaders ? { extraHeaders } : {}),
  });
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.displayValue ?? '-';
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
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    FCP: metric('first-contentful-paint'),
    LCP: metric('largest-contentful-paint'),
    TBT: metric('total-blocking-time'),
    CLS: metric('cumulative-layout-shift'),
    failing,
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

const given = process.argv[2];
const server = given ? { base: given.replace(/\/$/, ''), stop: async () => {} } : await startServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
try {
  const cookie = await demoCookie(server.base);
  const load = (await fs.readFile('/proc/loadavg', 'utf8').catch(() => '')).split(' ').slice(0, 3).join(' ');
  console.log(
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults, ${CHROME}; load average ${load}`,
  );
  const rows = {
    'landing /#/muster': await audit(chrome.port, `${server.base}/#/muster`),
    'home /#/ (signed in)': await audit(chrome.port, `${server.base}/#/`, { Cookie: cookie }),
  };
  console.table(
    Object.fromEntries(Object.entries(rows).map(([k, r]) => [k, { ...r, failing: r.failing.length }])),
  );
  for (const [k, r] of Object.entries(rows))
    console.log(`${k}: audits under 90: ${r.failing.join(', ') || 'none'}`);
  console.log('Installability (Chromium):', await installability(chrome.port, `${server.base}/#/muster`));
} finally {
  chrome.kill();
  await server.stop();
}
