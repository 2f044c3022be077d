// The JavaScript each route loads before it is usable (gzip), as the browser loads it. Budgets:
// DESIGN.md §6 (the landing page ≤ 120 KB, every route ≤ 250 KB); over either, the exit code is 1,
// so web's `npm run build` fails.
//
//   node scripts/bundle-report.mjs [--dist DIR]      static, from the build (run by the build)
//   node scripts/bundle-report.mjs --measure [URL]    in Chromium, then compared with the static figures
//
// Static: what index.html names (the entry, its modulepreloads, the service worker's registration),
// plus the route's lazy chunk (and the modules router.tsx loads with it), plus — for a signed-in
// page — the app shell, plus the toaster when the
// page loads something that toasts (TOASTER); each closed over the chunks' static imports (Vite
// preloads those with the dynamic import), each file counted once. Following only the entry's
// static imports missed the toaster, which the browser then loaded at once (issue 17).
//
// --measure: Debian's Chromium (playwright-core) opens each page of MEASURED, as a visitor or as the
// demo account, with service workers blocked (the worker's precache is not the page's), and sums the
// gzip size of every script the page fetched until the network was idle; the same file weighs the
// same in both columns, so a difference is a file one side loads and the other does not.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const [, value] = args.splice(i, 2);
  return value ?? '';
};
const distArg = flag('--dist');
const measure = args.includes('--measure') ? (args.splice(args.indexOf('--measure'), 1), true) : false;
const dist = path.resolve(distArg || process.env.WEB_DIST || path.join(root, 'web', 'dist'));
// Written by web/vite.config.ts (startUpGraph): each chunk's static imports and source modules, and
// the lazily loaded modules. Vite's own manifest drops a lazy page once a chunk group holds it.
const { lazy, chunks } = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'chunks.json'), 'utf8'));
const fileOf = new Map(Object.entries(chunks).flatMap(([file, c]) => c.modules.map((m) => [m, file])));
const LANDING_BUDGET_KB = 120;
const ROUTE_BUDGET_KB = 250;

/**
 * The toaster (src/app/providers.tsx) loads once something has toasted: lib/toast.ts imports
 * react-hot-toast only then (decision 027), so no page's static imports hold it now. Still counted
 * for a route whose files include one of its own imports that the start does not already hold,
 * should a page import react-hot-toast directly again.
 */
const TOASTER = 'src/app/toaster.tsx';
/** The frame of every signed-in page (src/app/router.tsx), loaded before the page inside it. */
const SHELL = 'src/app/layouts/signed-in-shell.tsx';
/** Pages outside the shell: public, signed-out only, and the focus pages of src/app/router.tsx. */
const OUTSIDE_SHELL =
  /^src\/(features\/(public|auth|contact)\/components\/[\w-]+-page|app\/routes\/verification-pending-route)\.tsx$/;

const gz = new Map();
const gzipKb = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(fs.readFileSync(path.join(dist, file))).length / 1024);
  return gz.get(file);
};
const chunkOf = (module) => {
  const file = fileOf.get(module);
  // A module the build does not know is a report that no longer says the truth.
  if (!file) throw new Error(`bundle-report: ${module} is in no chunk of the build; update TOASTER/SHELL`);
  return file;
};
/** A module's chunk and everything that chunk imports statically, as files. */
function closure(module, into = new Set()) {
  const add = (file) => {
    if (into.has(file)) return;
    into.add(file);
    for (const dep of chunks[file]?.imports ?? []) add(dep);
  };
  add(chunkOf(module));
  return into;
}
const js = (files) => [...files].filter((f) => f.endsWith('.js'));
const kb = (files) => js(files).reduce((s, f) => s + gzipKb(f), 0);

/** The scripts index.html itself makes the browser fetch (the entry, modulepreloads, registerSW.js). */
function htmlScripts() {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const isScript = tag.startsWith('<script');
    if (!isScript && !/rel="?modulepreload/.test(tag)) continue;
    const src = /(?:src|href)="?\/?([^"\s>]+)/.exec(tag)?.[1];
    if (src && src.endsWith('.js')) files.add(src);
  }
  return files;
}

const entry = Object.keys(chunks).find((f) => chunks[f].isEntry);
const start = htmlScripts();
for (const file of [...start])
  if (chunks[file]) for (const m of chunks[file].modules.slice(0, 1)) closure(m, start);
if (!start.has(entry)) throw new Error(`bundle-report: index.html does not load the entry ${entry}`);
const toasterOwn = [...closure(TOASTER)].filter((f) => !start.has(f) && f !== chunkOf(TOASTER));
/** A route's files, with the toaster's when one of them toasts. */
const withToaster = (files) => (toasterOwn.some((f) => files.has(f)) ? closure(TOASTER, files) : files);
const signedIn = withToaster(closure(SHELL, new Set(start)));

/**
 * Routes whose page is loaded together with another feature's module (src/app/router.tsx:
 * `Promise.all([import(page), import(other)])`): the other module is part of the page's weight.
 */
function companions() {
  const router = fs.readFileSync(path.join(root, 'web', 'src', 'app', 'router.tsx'), 'utf8');
  const found = new Map();
  for (const [, list] of router.matchAll(/Promise\.all\(\[([^\]]+)\]\)/g)) {
    const modules = [...list.matchAll(/import\('([^']+)'\)/g)].map(
      ([, spec]) => `${path.posix.join('src/app', spec)}.tsx`,
    );
    found.set(modules[0], modules.slice(1));
  }
  return found;
}
const together = companions();

const routes = lazy
  .filter((m) => /-page\.tsx$/.test(m) || m === SHELL)
  .map((m) => {
    const outside = OUTSIDE_SHELL.test(m);
    const files = new Set(outside ? start : signedIn);
    for (const other of together.get(m) ?? []) closure(other, files);
    withToaster(closure(m, files));
    return { route: m.replace(/^src\//, '').replace(/\.tsx$/, ''), module: m, outside, files, kb: kb(files) };
  })
  .sort((a, b) => b.kb - a.kb);

const landing = routes.find((r) => r.module === 'src/features/public/components/landing-page.tsx');
const over = routes.filter((r) => r.kb > ROUTE_BUDGET_KB);
console.log(
  `\nJavaScript per route before it is usable (gzip; every page: index.html's scripts and their imports ${kb(start).toFixed(1)} KB in ${js(start).length} files; signed-in pages add the shell: ${kb(signedIn).toFixed(1)} KB in ${js(signedIn).length} files)`,
);
for (const r of routes) {
  console.log(
    `  ${r.route.padEnd(62)} ${r.kb.toFixed(1).padStart(6)} KB ${String(js(r.files).length).padStart(3)} files${r.kb > ROUTE_BUDGET_KB ? '  OVER BUDGET' : ''}`,
  );
}
if (!landing) {
  console.error('bundle-report: no landing page in the manifest');
  process.exitCode = 1;
} else {
  console.log(
    `\nLanding page (/muster): ${landing.kb.toFixed(1)} KB gzip in ${js(landing.files).length} files (budget ${LANDING_BUDGET_KB} KB)`,
  );
  if (landing.kb > LANDING_BUDGET_KB) {
    console.error(
      `bundle-report: the landing page loads ${landing.kb.toFixed(1)} KB of JavaScript, over its ${LANDING_BUDGET_KB} KB budget`,
    );
    process.exitCode = 1;
  }
}
if (over.length) {
  console.error(
    `bundle-report: over the ${ROUTE_BUDGET_KB} KB route budget: ${over.map((r) => r.route).join(', ')}`,
  );
  process.exitCode = 1;
}

if (measure) await measureInChromium(args[0]);

/**
 * The cross-check: the pages a person opens first, loaded in Chromium, against the static figure of
 * the route that serves them.
 */
async function measureInChromium(given) {
  const { chromium } = await import('playwright-core');
  const { startServer, demoCookie } = await import('./production-server.mjs');
  const MEASURED = [
    { hash: '#/muster', route: 'features/public/components/landing-page', signedIn: false },
    { hash: '#/login', route: 'features/auth/components/login-page', signedIn: false },
    { hash: '#/about', route: 'features/public/components/about-page', signedIn: false },
    { hash: '#/', route: 'app/routes/home-page', signedIn: true },
    { hash: '#/network', route: 'features/network/components/network-page', signedIn: true },
    { hash: '#/chats', route: 'features/chats/components/chats-page', signedIn: true },
    {
      hash: '#/notifications',
      route: 'features/notifications/components/notifications-page',
      signedIn: true,
    },
    { hash: '#/settings', route: 'features/settings/components/settings-page', signedIn: true },
  ];
  const server = given ? { base: given.replace(/\/$/, ''), stop: async () => {} } : await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  try {
    const cookie = await demoCookie(server.base);
    console.log(
      `\nMeasured in Chromium (${server.base}; scripts fetched until the network was idle, gzip of the same files)`,
    );
    let disagree = 0;
    for (const m of MEASURED) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      if (m.signedIn) {
        const cookies = cookie.split('; ').map((c) => {
          const [name, ...value] = c.split('=');
          return { name, value: value.join('='), url: server.base };
        });
        await context.addCookies(cookies);
      }
      const page = await context.newPage();
      const files = new Set();
      let encoded = 0;
      page.on('requestfinished', async (request) => {
        if (request.resourceType() !== 'script') return;
        const url = new URL(request.url());
        files.add(url.pathname.replace(/^\//, ''));
        const sizes = await request.sizes().catch(() => null);
        if (sizes) encoded += sizes.responseBodySize;
      });
      await page.goto(`${server.base}/${m.hash}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      await context.close();
      const measuredKb = kb(files);
      const r = routes.find((x) => x.route === m.route);
      const missed = r ? js(files).filter((f) => !r.files.has(f)) : [];
      const extra = r ? js(r.files).filter((f) => !files.has(f)) : [];
      if (missed.length) disagree++;
      console.log(
        `  ${m.hash.padEnd(16)} measured ${measuredKb.toFixed(1).padStart(6)} KB in ${String(js(files).length).padStart(3)} files (${(encoded / 1024).toFixed(1)} KB on the wire)` +
          ` | static ${r ? r.kb.toFixed(1).padStart(6) : '   ?  '} KB` +
          (missed.length ? ` | MISSED by the static count: ${missed.join(' ')}` : '') +
          (extra.length
            ? ` | counted but not loaded: ${extra.length} file(s), ${kb(extra).toFixed(1)} KB`
            : ''),
      );
    }
    if (disagree) {
      console.error(
        `bundle-report: the static count missed scripts the browser loads on ${disagree} page(s)`,
      );
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
