// Weighs the JavaScript each route loads (gzip), from the Vite manifest: the entry and its static
// imports, plus the route's lazy chunk and its static imports. Budgets: DESIGN.md §6.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const LANDING_BUDGET_KB = 120;
const ROUTE_BUDGET_KB = 250;

const gz = new Map();
const gzipKb = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(fs.readFileSync(path.join(dist, file))).length / 1024);
  return gz.get(file);
};

function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entryFiles = closure(entryKey);
const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((s, f) => s + gzipKb(f), 0);
const entryKb = sum(entryFiles);

// A signed-in page also loads the shell around it: its weight is everything the entry, the shell
// and the page load, each file counted once (a file the page shares with the shell is loaded once).
const publicPages = ['landing-page', 'launch-page', 'about-page', 'terms-page', 'privacy-page', 'contact-page', 'login-page', 'signup-page', 'forgot-password-page', 'reset-password-page', 'app-shell'];
const shellKey = Object.keys(manifest).find((k) => manifest[k].isDynamicEntry && /app-shell\.tsx$/.test(k));
const shellFiles = shellKey ? closure(shellKey, new Set(entryFiles)) : entryFiles;
const rows = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry && /-page\.tsx$|app-shell\.tsx$/.test(k))
  .map((k) => {
    const route = path.basename(k, '.tsx');
    const files = closure(k, new Set(publicPages.includes(route) ? entryFiles : shellFiles));
    return { route, kb: sum(files) };
  })
  .sort((a, b) => b.kb - a.kb);

const landing = rows.find((r) => r.route === 'landing-page');
console.log(`\nJavaScript per route (gzip; entry ${entryKb.toFixed(1)} KB included, and the shell for signed-in pages)`);
for (const r of rows) {
  console.log(`  ${r.route.padEnd(34)} ${r.kb.toFixed(1).padStart(7)} KB${r.kb > ROUTE_BUDGET_KB ? '  OVER BUDGET' : ''}`);
}
if (landing) {
  console.log(`\nLanding page (/muster): ${landing.kb.toFixed(1)} KB gzip (budget ${LANDING_BUDGET_KB} KB)`);
  if (landing.kb > LANDING_BUDGET_KB) process.exitCode = 1;
}
